import { useState } from 'react'
import type { FeedRow, RunsProps } from '../../../../gen/admin'
import { PostButton, PostForm, posted } from '../../../shared/forms'
import { Table } from '../../../shared/lists'
import { when, type T } from '../../../shared/texts'
import { plural } from './numbers'

/**
 * The CRM's feeds (admins): each feed with its schedule and state, "run now", pause or resume, delete, the guard's
 * question about a held run; a new feed's push token shown once; the form that adds a feed.
 */
export function FeedsSection({ props, t }: { props: RunsProps; t: T }) {
  const feeds = props.feeds ?? []
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  const head = [t('admin.feeds.name'), t('admin.feeds.schedule'), t('admin.feeds.state'), t('admin.feeds.push'), t('admin.feeds.actions')]
  return (
    <section aria-labelledby="feeds-title">
      <h2 id="feeds-title">{t('admin.feeds.title')}</h2>
      <p>{t('admin.feeds.help')}</p>
      {props.form?.name === 'feed' && props.errors?.form && <p className="admin-error" role="alert">{t(props.errors.form)}</p>}
      {props.newToken && (
        <div className="admin-notice feed-token" role="status">
          <p>{t('admin.feeds.token', { n: props.newFeed })}</p>
          <p><code className="admin-wrap">{props.newToken}</code></p>
        </div>
      )}
      <Table rows={feeds} none={t('admin.feeds.none')} head={head}
        row={(f) => (
          <tr key={f.id}>
            <td data-label={head[0]} className="admin-wrap"><strong>{f.name}</strong><br /><code>{f.url}</code></td>
            <td data-label={head[1]}>{schedule(t, f)}</td>
            <td data-label={head[2]}><State f={f} t={t} lang={props.lang} /></td>
            <td data-label={head[3]} className="admin-wrap"><code>{origin}{f.push}</code></td>
            <td data-label={head[4]}><Actions f={f} props={props} t={t} /></td>
          </tr>
        )} />
      <AddForm key={feeds.length} props={props} t={t} />
    </section>
  )
}

function schedule(t: T, f: FeedRow) {
  return f.daily ? t('admin.feeds.daily', { at: f.daily }) : t('admin.feeds.every', { n: f.every })
}

/** Paused or active (and when next), the failures in a row, the held run's question. */
function State({ f, t, lang }: { f: FeedRow; t: T; lang: string }) {
  return (
    <>
      {f.paused
        ? <span className="admin-error">{t('admin.feeds.paused')}</span>
        : <span className="admin-status">{t('admin.feeds.active')}{f.nextRun && <> · {t('admin.feeds.next', { at: when(f.nextRun, lang) })}</>}</span>}
      {f.checked && <><br /><span className="site-muted">{t('admin.feeds.checked', { at: when(f.checked, lang), status: t(`admin.feeds.status.${f.checkedStatus}`) })}</span></>}
      {f.failures > 0 && <><br /><span className="admin-error">{t(`admin.feeds.failures_${plural(lang, f.failures)}`, { n: f.failures })}</span></>}
      {f.picturesFailed > 0 && (
        <details>
          <summary className="admin-error">{t(`admin.feeds.picturesFailed_${plural(lang, f.picturesFailed)}`, { n: f.picturesFailed })}</summary>
          <ul className="site-changes">
            {(f.pictures ?? []).map((p) => <li key={p.url} className="admin-wrap"><code>{p.url}</code>{t.colon}{p.error}</li>)}
          </ul>
        </details>
      )}
    </>
  )
}

/** What an admin does with a feed: the held run's answer first, then run now, pause or resume, delete. */
function Actions({ f, props, t }: { f: FeedRow; props: RunsProps; t: T }) {
  const id = String(f.id)
  return (
    <>
      {f.held > 0 && (
        <div className="admin-notice" role="alert">
          <p>{t('admin.feeds.held', { n: f.held, max: f.maxOffline })}</p>
          <div className="admin-actions feed-actions">
            <PostButton action={props.action} fields={{ action: 'apply', feed: id, run: String(f.held) }} label={t('admin.feeds.apply')}
              confirm={t('admin.feeds.applyConfirm')} />
            <PostButton action={props.action} fields={{ action: 'discard', feed: id, run: String(f.held) }} label={t('admin.feeds.discard')} />
          </div>
        </div>
      )}
      <div className="admin-actions feed-actions">
        <PostButton action={props.action} fields={{ action: 'run', feed: id }} label={t('admin.feeds.run')} />
        {f.paused
          ? <PostButton action={props.action} fields={{ action: 'resume', feed: id }} label={t('admin.feeds.resume')} />
          : <PostButton action={props.action} fields={{ action: 'pause', feed: id }} label={t('admin.feeds.pause')} />}
        <PostButton action={props.action} fields={{ action: 'delete', feed: id }} label={t('admin.feeds.delete')}
          confirm={t('admin.feeds.deleteConfirm', { name: f.name })} buttonClassName="admin-danger" />
      </div>
    </>
  )
}

/** The form adding a feed: its name and address, its authentication, its schedule and the guard's share. */
function AddForm({ props, t }: { props: RunsProps; t: T }) {
  const typed = (name: string) => posted(props.form, 'feed', name)
  const [auth, setAuth] = useState(typed('auth') ?? 'none')
  const [cadence, setCadence] = useState(typed('schedule') ?? 'every')
  const errors = props.form?.name === 'feed' ? props.errors ?? {} : {}
  const problem = (name: string) => errors[name] && (
    <span id={`feed-${name}-error`} className="admin-error">{t(errors[name]!)}</span>
  )
  const field = (name: string, label: string, input: Record<string, unknown>) => (
    <p className="admin-field">
      <label htmlFor={`feed-${name}`}>{label}</label>
      <input id={`feed-${name}`} name={name} defaultValue={typed(name) ?? ''} autoComplete="off"
        aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `feed-${name}-error` : undefined} {...input} />
      {problem(name)}
    </p>
  )
  return (
    <>
      <h3 id="feeds-add">{t('admin.feeds.add')}</h3>
      <PostForm action={props.action} fields={{ action: 'add' }} className="admin-form">
        {field('name', t('admin.feeds.name'), { required: true, maxLength: 80 })}
        {field('url', t('admin.feeds.url'), { required: true, type: 'url', maxLength: 2000, placeholder: 'https://' })}
        <p className="admin-field">
          <label htmlFor="feed-auth">{t('admin.feeds.auth')}</label>
          <select id="feed-auth" name="auth" value={auth} onChange={(e) => setAuth(e.target.value)}>
            <option value="none">{t('admin.feeds.authNone')}</option>
            <option value="header">{t('admin.feeds.authHeader')}</option>
            <option value="basic">{t('admin.feeds.authBasic')}</option>
          </select>
          {problem('auth')}
        </p>
        {auth !== 'none' && field('authName', auth === 'basic' ? t('admin.feeds.user') : t('admin.feeds.header'),
          { required: true, maxLength: 100, placeholder: auth === 'basic' ? '' : 'X-Api-Key' })}
        {auth !== 'none' && field('secret', auth === 'basic' ? t('admin.feeds.password') : t('admin.feeds.secret'),
          { required: true, type: 'password', maxLength: 4096, autoComplete: 'new-password' })}
        <fieldset className="admin-field">
          <legend>{t('admin.feeds.schedule')}</legend>
          <label><input type="radio" name="schedule" value="every" checked={cadence === 'every'} onChange={() => setCadence('every')} /> {t('admin.feeds.everyLabel')}</label>
          <label><input type="radio" name="schedule" value="daily" checked={cadence === 'daily'} onChange={() => setCadence('daily')} /> {t('admin.feeds.dailyLabel')}</label>
        </fieldset>
        {cadence === 'every'
          ? field('every', t('admin.feeds.minutes'), { type: 'number', min: 5, max: 10080, placeholder: '15' })
          : field('daily', t('admin.feeds.time'), { type: 'time', required: true })}
        {field('maxOffline', t('admin.feeds.maxOffline'), { type: 'number', min: 1, max: 100, placeholder: '30' })}
        <p><button type="submit">{t('admin.feeds.addSubmit')}</button></p>
      </PostForm>
    </>
  )
}
