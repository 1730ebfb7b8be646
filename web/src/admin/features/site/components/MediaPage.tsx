import { useState } from 'react'
import type { MediaProps, MediaRow } from '../../../../gen/admin'
import { Link } from '../../../../lib/router'
import { PostButton, PostForm, posted } from '../../../shared/forms'
import { Shell } from '../../../shared/frame'
import { Refusals } from '../../../shared/lists'
import { texts, when, type T } from '../../../shared/texts'
import { thumbnail } from '../model/pictures'

/**
 * The site's picture library: a picture added (checked by its content on the server), each with its alternative
 * texts in the four languages, where the site online and the drafts use it, and a delete only when nothing does.
 * (The inbox needs JavaScript: its pages are rendered in the browser.)
 */
export function MediaPage(props: MediaProps) {
  const t = texts(props)
  const langs = props.langs ?? []
  const items = props.items ?? []
  return (
    <Shell base={props} title={t('admin.title.AdminSiteMedia')}>
      <p><Link href="/admin/site/">{t('admin.media.back')}</Link></p>
      <p className="site-muted">{t('admin.media.help')}</p>
      <Refusals errors={props.errors} t={t} id={(name) => `media-error-${name}`} />
      <section aria-labelledby="media-add">
        <h2 id="media-add">{t('admin.media.add')}</h2>
        <PostForm action={props.action} fields={{ action: 'add' }} files className="media-add">
          <div className="site-field">
            <label className="site-label" htmlFor="media-file">{t('admin.media.file')}</label>
            <input id="media-file" name="file" type="file" required accept={(props.accept ?? []).join(',')}
              aria-describedby="media-file-help" aria-invalid={props.errors?.file ? true : undefined} />
            <p id="media-file-help" className="site-hint">{t('admin.media.fileHelp')}</p>
          </div>
          <AltFields langs={langs} t={t} prefix="media-new" values={(l) => posted(props.form, 'picture', `alt.${l}`) ?? ''} />
          <button type="submit">{t('admin.media.upload')}</button>
        </PostForm>
      </section>
      <h2>{t('admin.media.title')}</h2>
      {items.length === 0 ? <p>{t('admin.media.none')}</p> : (
        <ul className="media-list">
          {items.map((it) => <Picture key={it.id} it={it} props={props} t={t} />)}
        </ul>
      )}
    </Shell>
  )
}

/** One picture: its preview, facts, uses, texts and delete. */
function Picture({ it, props, t }: { it: MediaRow; props: MediaProps; t: T }) {
  const uses = it.uses ?? []
  // A refusal of this picture's form is said here too, where its author is.
  const mine = posted(props.form, 'picture', 'picture') === String(it.id)
  return (
    <li id={`picture-${it.id}`} className={`media-item${props.added === it.id ? ' media-new' : ''}`}>
      <img src={thumbnail(it.url)} alt={it.alt?.[props.lang] ?? ''} width={200} height={Math.round((200 * it.height) / Math.max(1, it.width))}
        loading="lazy" decoding="async" />
      <div className="media-facts">
        <strong className="admin-wrap">{it.name}</strong>
        <span className="site-muted">{t('admin.media.size', { w: it.width, h: it.height, kb: Math.ceil(it.size / 1024) })}</span>
        <span className="site-muted">{t('admin.media.added', { by: it.by, when: when(it.at, props.lang) })}</span>
        <label className="site-label" htmlFor={`picture-url-${it.id}`}>{t('admin.media.address')}</label>
        <input id={`picture-url-${it.id}`} type="text" readOnly value={it.url} onFocus={(e) => e.currentTarget.select()} />
        {uses.length === 0 ? <p className="site-muted">{t('admin.media.unused')}</p> : (
          <div>
            <span className="site-label">{t('admin.media.uses')}</span>
            <ul className="site-changes">
              {uses.map((u, i) => (
                <li key={i}>
                  {u.href ? <Link href={u.href}>{t('admin.media.useDraft', { n: u.draft })}</Link> : t('admin.media.usePublished')}
                  {' › '}<code>{u.path}</code>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <PostForm action={props.action} fields={{ action: 'alt', picture: String(it.id) }} className="media-alt">
        <AltFields langs={props.langs ?? []} t={t} prefix={`picture-${it.id}`} values={(l) => it.alt?.[l] ?? ''} />
        <button type="submit">{t('admin.media.saveAlt')}</button>
      </PostForm>
      {mine && props.errors?.picture && <p className="admin-error" role="alert">{t(props.errors.picture)}</p>}
      {mine && props.errors?.alt && <p className="admin-error" role="alert">{t(props.errors.alt)}</p>}
      {uses.length === 0
        ? <PostButton action={props.action} fields={{ action: 'delete', picture: String(it.id) }} label={t('admin.media.delete')}
            confirm={t('admin.media.deleteConfirm')} />
        : <p className="site-muted">{t('admin.media.inUse')}</p>}
    </li>
  )
}

/** The alternative text in each language, the missing ones flagged but German's (it may stay empty: it falls back). */
function AltFields({ langs, t, prefix, values }: { langs: string[]; t: T; prefix: string; values: (lang: string) => string }) {
  // What is typed, so the flags follow it.
  const [typed, setTyped] = useState<Record<string, string>>(() => Object.fromEntries(langs.map((l) => [l, values(l)])))
  return (
    <fieldset className="site-group">
      <legend>{t('admin.media.alt')}</legend>
      <p className="site-hint">{t('admin.media.altHelp')}</p>
      <div className="site-langs">
        {langs.map((l) => (
          <div key={l} className="site-lang">
            <label htmlFor={`${prefix}-alt-${l}`}>
              {l.toUpperCase()}
              {!typed[l]?.trim() && l !== 'de' && <span className="site-missing">{t('admin.media.missing')}</span>}
            </label>
            <input id={`${prefix}-alt-${l}`} name={`alt.${l}`} type="text" maxLength={300} defaultValue={values(l)}
              onChange={(e) => setTyped((old) => ({ ...old, [l]: e.target.value }))} />
          </div>
        ))}
      </div>
    </fieldset>
  )
}
