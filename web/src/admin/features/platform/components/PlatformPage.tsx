import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { AgencyRow, PlatformProps } from '../../../../gen/admin'
import { Link, useRouter } from '../../../../lib/router'
import { invalid, posted, PostButton, PostForm } from '../../../shared/forms'
import { Shell } from '../../../shared/frame'
import { Table } from '../../../shared/lists'
import { autonyms, texts, when, type T } from '../../../shared/texts'

/** platform.MaxName: an agency's name, said before the round trip. */
const MAX_NAME = 120
const addSchema = z.object({
  name: z.string().trim().min(1, 'forms.error.required').max(MAX_NAME, 'forms.error.tooLong'),
  lang: z.string().min(1, 'forms.error.required'),
  hosts: z.string().trim().min(1, 'forms.error.required'),
})
type AddValues = z.infer<typeof addSchema>

/** The forms of a row (each refused post's answer names its agency by id). */
const rowForms = ['hosts', 'disable', 'enable']

/** The refusal of a row's form, when the page answers one: its message key, the agency it was about. */
function rowRefusal(props: PlatformProps): { id: string; key: string } | undefined {
  if (!props.form || !rowForms.includes(props.form.name)) return undefined
  const id = posted(props.form, undefined, 'id')
  const key = props.errors?.host ?? props.errors?.id ?? props.errors?.form
  return id && key ? { id, key } : undefined
}

/**
 * The platform operator's page: the agencies with their health, the shared mail queue, the forms that add an agency,
 * disable or enable one and change its host names, and the way to an agency's leads while it allows it.
 */
export function PlatformPage(props: PlatformProps) {
  const t = texts(props)
  const agencies = props.agencies ?? []
  // A row's refusal is said under that row's form, not once more at the top
  // (at the top still when no row is the one it names).
  const refused = rowRefusal(props)
  const claimed = refused && agencies.some((a) => String(a.id) === refused.id)
  const base = claimed && props.errors?.form ? { ...props, errors: { ...props.errors, form: undefined } } : props
  const head = [t('admin.platform.agency'), t('admin.platform.hosts'), t('admin.platform.health'), t('admin.platform.leadsAccess'),
    t('admin.platform.actions')]
  return (
    <Shell base={base} title={t('admin.title.AdminPlatform')}>
      <p>{t('admin.platform.help')}</p>
      <Queue props={props} t={t} />
      <h2>{t('admin.platform.agencies')}</h2>
      <Table rows={agencies} head={head} none={t('admin.platform.none')}
        row={(a) => <AgencyLine key={a.id} a={a} props={props} t={t} head={head}
          refusal={refused?.id === String(a.id) ? refused.key : undefined} />} />
      <AddForm props={props} t={t} />
    </Shell>
  )
}

/** The mail queue every agency shares: how many wait, since when, how many failed. */
function Queue({ props, t }: { props: PlatformProps; t: T }) {
  const q = props.queue
  return (
    <section aria-labelledby="platform-queue">
      <h2 id="platform-queue">{t('admin.platform.queue')}</h2>
      <dl className="admin-facts">
        <dt>{t('admin.platform.queueWaiting')}</dt>
        <dd>{q.waiting}</dd>
        <dt>{t('admin.platform.queueOldest')}</dt>
        <dd>{q.oldest ? when(q.oldest, props.lang) : t('admin.platform.queueNone')}</dd>
        <dt>{t('admin.platform.queueFailed')}</dt>
        <dd className={q.failed > 0 ? 'admin-error' : undefined}>{q.failed}</dd>
      </dl>
    </section>
  )
}

/** An agency's name, the implicit agency's words when it has none. */
const agencyName = (t: T, a: AgencyRow) => (a.implicit || !a.name ? t('admin.platform.implicit') : a.name)

/** A catalog run's status in the staff's words (the feeds' own), as sent when it has none. */
function runStatus(t: T, status: string) {
  const key = `admin.feeds.status.${status}`
  const said = t(key)
  return said === key ? status : said
}

function AgencyLine({ a, props, t, head, refusal }: { a: AgencyRow; props: PlatformProps; t: T; head: string[]; refusal?: string }) {
  const id = String(a.id)
  const name = agencyName(t, a)
  const hosts = a.hosts ?? []
  return (
    <tr className={a.disabled ? 'admin-off' : undefined}>
      <td>
        <strong className="admin-wrap">{name}</strong>{a.id > 0 && <> <span className="admin-small">#{a.id}</span></>}
        {a.lang && <div className="admin-small">{t('admin.platform.lang')}{t.colon}{a.lang.toUpperCase()}</div>}
        <div className={a.disabled ? 'admin-error' : 'admin-small'}>
          {t('admin.platform.state')}{t.colon}{t(a.disabled ? 'admin.platform.disabled' : 'admin.platform.enabled')}
        </div>
      </td>
      <td data-label={head[1]} className="admin-hosts">
        {hosts.length === 0 ? (a.implicit ? t('admin.platform.anyHost') : '—') : (
          <ul className="site-changes">
            {hosts.map((h, i) => (
              <li key={h}><code><HostName host={h} /></code>{i === 0 && <> <span className="admin-status">{t('admin.platform.preferred')}</span></>}</li>
            ))}
          </ul>
        )}
      </td>
      <td data-label={head[2]}><Health a={a} props={props} t={t} /></td>
      <td data-label={head[3]}>
        {a.leadsHref
          ? <Link href={a.leadsHref}>{t('admin.platform.readLeads', { until: when(a.grantUntil, props.lang) })}</Link>
          : <span className="admin-small">{t('admin.platform.notGranted')}</span>}
      </td>
      <td data-label={head[4]}>
        <div className="admin-row-actions">
          {a.own
            ? <span className="admin-small">{t('admin.platform.own')}</span>
            : !a.implicit && (
              <PostButton action={props.action} fields={{ action: a.disabled ? 'enable' : 'disable', id }}
                confirm={a.disabled ? undefined : t('admin.platform.disableConfirm', { name })}
                label={t(a.disabled ? 'admin.platform.enable' : 'admin.platform.disable')} />
            )}
          {!a.implicit && !a.own && <HostsForm a={a} name={name} props={props} t={t} refusal={refusal} />}
          {refusal && (a.implicit || a.own) && <p className="admin-error" role="alert">{t(refusal)}</p>}
        </div>
      </td>
    </tr>
  )
}

/** A host name that may break after its dots (never inside a label) in a narrow column. */
function HostName({ host }: { host: string }) {
  return <>{host.split('.').map((label, i) => <span key={i}>{i > 0 && <>.<wbr /></>}{label}</span>)}</>
}

/** An agency's figures: listings online, recent and new leads, feeds (the failing ones marked), its site's server errors, its mails, the last catalog run. */
function Health({ a, props, t }: { a: AgencyRow; props: PlatformProps; t: T }) {
  return (
    <dl className="admin-health">
      <dt>{t('admin.platform.listings')}</dt><dd>{a.listings}</dd>
      <dt>{t('admin.platform.leads', { days: props.days })}</dt><dd>{a.leads}</dd>
      <dt>{t('admin.platform.leadsNew')}</dt><dd>{a.leadsNew}</dd>
      <dt>{t('admin.platform.feeds')}</dt><dd>{a.feeds}</dd>
      <dt>{t('admin.platform.feedsFailing')}</dt><dd className={a.feedsFailing > 0 ? 'admin-error' : undefined}>{a.feedsFailing}</dd>
      <dt>{t('admin.platform.serverErrors', { days: props.days })}</dt><dd className={a.serverErrors > 0 ? 'admin-error' : undefined}>{a.serverErrors}</dd>
      <dt>{t('admin.platform.mailsWaiting')}</dt>
      <dd>{a.mailsWaiting}{a.mailsOldest && <> ({t('admin.platform.mailsSince', { when: when(a.mailsOldest, props.lang) })})</>}</dd>
      <dt>{t('admin.platform.mailsFailed')}</dt><dd className={a.mailsFailed > 0 ? 'admin-error' : undefined}>{a.mailsFailed}</dd>
      <dt>{t('admin.platform.lastRun')}</dt>
      <dd>{a.lastRun ? <>{when(a.lastRun, props.lang)}{a.lastStatus && <> ({runStatus(t, a.lastStatus)})</>}</> : t('admin.platform.never')}</dd>
    </dl>
  )
}

/**
 * The form changing an agency's host names (the first preferred): its stored ones after every answer, what was typed
 * when the server refused them, with the refusal under it.
 */
function HostsForm({ a, name, props, t, refusal }: { a: AgencyRow; name: string; props: PlatformProps; t: T; refusal?: string }) {
  const id = String(a.id)
  const stored = (a.hosts ?? []).join(' ')
  const typed = refusal && props.form?.name === 'hosts' ? posted(props.form, 'hosts', 'hosts') : undefined
  const shown = typed ?? stored
  const [value, setValue] = useState(shown)
  useEffect(() => setValue(shown), [shown, props.errors])
  const errorId = `platform-hosts-${id}-error`
  return (
    <>
      <PostForm action={props.action} fields={{ action: 'hosts', id }} className="admin-hosts-form">
        <label>
          <span className="admin-sr">{t('admin.platform.hostsOf', { name })}</span>
          <input name="hosts" value={value} onChange={(e) => setValue(e.target.value)} size={20} maxLength={2100} autoComplete="off"
            spellCheck={false} {...invalid(refusal, errorId)} />
        </label>{' '}
        <button type="submit">{t('admin.platform.setHosts')}</button>
      </PostForm>
      {refusal && <p id={errorId} className="admin-error" role="alert">{t(refusal)}</p>}
    </>
  )
}

/** The add form: the agency's name, its default language, its host names (the first preferred). */
function AddForm({ props, t }: { props: PlatformProps; t: T }) {
  const router = useRouter()
  const langs = props.langs ?? []
  const typed = (name: string) => posted(props.form, 'add', name)
  const defaults: AddValues = { name: typed('name') ?? '', lang: typed('lang') ?? langs[0] ?? props.lang, hosts: typed('hosts') ?? '' }
  const form = useForm<AddValues>({ resolver: zodResolver(addSchema), defaultValues: defaults })
  const { register, handleSubmit, formState, setError, clearErrors, reset } = form
  // Emptied once the new agency is in the list; the server's refusal on its field otherwise.
  // (Not on the first render: a refused add answered without the app keeps what was typed.)
  const count = props.agencies?.length ?? 0
  const counted = useRef(count)
  const first = langs[0] ?? props.lang
  useEffect(() => {
    if (counted.current === count) return
    counted.current = count
    reset({ name: '', lang: first, hosts: '' })
  }, [count, reset, first])
  // Each answer says what holds now: the add form's refusal (a host's under
  // the host names), or nothing — another form's success leaves none here.
  useEffect(() => {
    if (props.form?.name !== 'add') {
      clearErrors()
      return
    }
    for (const [name, key] of Object.entries(props.errors ?? {})) {
      if (!key || name === 'form') continue
      setError(name === 'host' ? 'hosts' : name as keyof AddValues, { message: key })
    }
  }, [props.errors, props.form, setError, clearErrors])
  const err = (name: keyof AddValues) => formState.errors[name]?.message
  const submit = handleSubmit((data) => router?.visit(props.action, { method: 'post', data: { action: 'add', ...data }, preserveScroll: true }))
  const problem = (name: keyof AddValues) => err(name) && <span id={`platform-${name}-error`} className="admin-error">{t(err(name)!)}</span>
  return (
    <section aria-labelledby="platform-add">
      <h2 id="platform-add">{t('admin.platform.add')}</h2>
      <form method="post" action={props.action} className="admin-form" noValidate onSubmit={submit}>
        <input type="hidden" name="action" value="add" />
        <p className="admin-field">
          <label htmlFor="platform-name">{t('admin.platform.name')}</label>
          <input id="platform-name" maxLength={MAX_NAME} autoComplete="off" {...invalid(err('name'), 'platform-name-error')} {...register('name')} />
          {problem('name')}
        </p>
        <p className="admin-field">
          <label htmlFor="platform-lang">{t('admin.platform.lang')}</label>
          <select id="platform-lang" {...invalid(err('lang'), 'platform-lang-error')} {...register('lang')}>
            {langs.map((l) => <option key={l} value={l} lang={l}>{autonyms[l] ?? l.toUpperCase()}</option>)}
          </select>
          {problem('lang')}
        </p>
        <p className="admin-field">
          <label htmlFor="platform-hosts">{t('admin.platform.hosts')}</label>
          <input id="platform-hosts" autoComplete="off" spellCheck={false} maxLength={2100} placeholder="www.example.be example.be"
            aria-invalid={err('hosts') ? true : undefined}
            aria-describedby={err('hosts') ? 'platform-hosts-help platform-hosts-error' : 'platform-hosts-help'} {...register('hosts')} />
          <small id="platform-hosts-help">{t('admin.platform.hostsHelp')}</small>
          {problem('hosts')}
        </p>
        <p><button type="submit" disabled={formState.isSubmitting}>{t('admin.platform.addSubmit')}</button></p>
      </form>
    </section>
  )
}
