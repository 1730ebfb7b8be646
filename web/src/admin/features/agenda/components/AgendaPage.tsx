import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { AgendaProps, VisitEntry } from '../../../../gen/admin'
import { Link, useRouter } from '../../../../lib/router'
import { ListingName } from '../../../shared/listing'
import { invalid, posted, PostForm } from '../../../shared/forms'
import { Filter } from '../../../shared/lists'
import { Shell } from '../../../shared/frame'
import { texts, type T } from '../../../shared/texts'

const zone = 'Europe/Brussels'
const locale = (lang: string) => (lang === 'en' ? 'en-GB' : `${lang}-BE`)
const hour = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(locale(lang), { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(new Date(iso))
/** A day's heading: its weekday and date, in the page's language. */
const dayName = (date: string, lang: string) =>
  new Intl.DateTimeFormat(locale(lang), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
const slotName = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(locale(lang), { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: zone }).format(new Date(iso))

/** The week of booked visits: each day's visits, moved or cancelled here (the visitor gets a mail). */
export function AgendaPage(props: AgendaProps) {
  const t = texts(props)
  if (!props.enabled) {
    return <Shell base={props} title={t('admin.title.AdminAgenda')}><p>{t('admin.agenda.disabled')}</p></Shell>
  }
  const err = (name: string) => props.errors?.[name]
  const total = (props.days ?? []).reduce((n, d) => n + (d.visits ?? []).length, 0)
  return (
    <Shell base={props} title={t('admin.title.AdminAgenda')}>
      <Filter action={props.action.split('?')[0]} t={t}>
        <label>
          {t('admin.agenda.week')}
          <input type="date" name="week" defaultValue={props.week} {...invalid(err('week'), 'agenda-error-week')} />
        </label>
        <label>
          {t('admin.filter.property')}
          <input name="property" inputMode="numeric" size={9} defaultValue={props.property} {...invalid(err('property'), 'agenda-error-property')} />
        </label>
      </Filter>
      {['week', 'property'].map((name) => err(name) && <p key={name} id={`agenda-error-${name}`} className="admin-error" role="alert">{t(err(name)!)}</p>)}
      <nav className="admin-pages" aria-label={t('admin.agenda.weeks')}>
        <Link href={props.prev} rel="prev">{t('admin.agenda.prev')}</Link>
        <Link href={props.today}>{t('admin.agenda.today')}</Link>
        <Link href={props.next} rel="next">{t('admin.agenda.next')}</Link>
      </nav>
      <p className="admin-actions">
        <a href={props.export} download>{t('admin.export')}</a>
        {props.rules && <Link href={props.rules}>{t('admin.agenda.rules')}</Link>}
      </p>
      {props.full && <p role="status">{t('admin.agenda.full')}</p>}
      {total === 0 && <p>{t('admin.agenda.none')}</p>}
      <div className="admin-week">
        {(props.days ?? []).map((d) => (
          <section key={d.date} className="admin-day" aria-labelledby={`day-${d.date}`}>
            <h2 id={`day-${d.date}`}>{dayName(d.date, props.lang)}</h2>
            {(d.visits ?? []).length === 0 ? <p className="admin-none">{t('admin.agenda.free')}</p> : (
              <ul>
                {(d.visits ?? []).map((v) => <Visit key={v.id} v={v} props={props} t={t} />)}
              </ul>
            )}
          </section>
        ))}
      </div>
    </Shell>
  )
}

const moveSchema = z.object({ to: z.string().min(1, 'admin.agenda.error.pick') })

/** One booked visit: who, which property, and the forms that move or cancel it. */
function Visit({ v, props, t }: { v: VisitEntry; props: AgendaProps; t: T }) {
  const router = useRouter()
  const lang = props.lang
  const free = (props.free ?? {})[String(v.propertyId)] ?? []
  const mine = posted(props.form, undefined, 'id') === String(v.id)
  const moveError = mine ? props.errors?.to : undefined
  const move = useForm<{ to: string }>({ resolver: zodResolver(moveSchema), defaultValues: { to: mine ? posted(props.form, undefined, 'to') ?? '' : '' } })
  const post = (data: Record<string, string>) => router?.visit(props.action, { method: 'post', data, preserveScroll: true })
  const submitMove = move.handleSubmit(({ to }) => post({ action: 'move', id: String(v.id), to }))
  const shownError = move.formState.errors.to?.message ?? moveError
  return (
    <li className="admin-visit">
      <p className="admin-visit-time"><strong>{hour(v.start, lang)}–{hour(v.end, lang)}</strong>
        {v.moved > 0 && <span className="admin-status">{t('admin.agenda.moved')}</span>}</p>
      <p>{v.lead ? <Link href={v.lead}>{v.name || v.email}</Link> : v.name || v.email}
        {v.lang && ` · ${v.lang.toUpperCase()}`}</p>
      {v.email && <p className="admin-visit-contact"><a href={`mailto:${v.email}`}>{v.email}</a></p>}
      {v.phone && <p className="admin-visit-contact"><a href={`tel:${v.phone}`}>{v.phone}</a></p>}
      {v.propertyId > 0 && (
        <p>{t('admin.lead.property')}{t.colon}<ListingName l={v.property} t={t} /></p>
      )}
      <details open={mine && props.form?.name === 'move' ? true : undefined}>
        <summary>{t('admin.agenda.move')}</summary>
        <form method="post" action={props.action} noValidate onSubmit={submitMove}>
          <input type="hidden" name="action" value="move" />
          <input type="hidden" name="id" value={v.id} />
          {free.length === 0 ? <p>{t('admin.agenda.noFree')}</p> : (
            <>
              <label htmlFor={`move-${v.id}`}>{t('admin.agenda.moveTo')}</label>
              <select id={`move-${v.id}`} aria-invalid={shownError ? true : undefined} {...move.register('to')}>
                <option value="">—</option>
                {free.map((s) => <option key={s} value={s}>{slotName(s, lang)}</option>)}
              </select>
              <button type="submit" disabled={move.formState.isSubmitting}>{t('admin.agenda.moveDo')}</button>
            </>
          )}
          {shownError && <span className="admin-error" role="alert">{t(shownError)}</span>}
        </form>
      </details>
      <details open={mine && props.form?.name === 'cancel' ? true : undefined}>
        <summary>{t('admin.agenda.cancel')}</summary>
        <PostForm action={props.action} fields={{ action: 'cancel', id: String(v.id) }}>
          <p>{t('admin.agenda.cancelWarn')}</p>
          <button type="submit" className="admin-danger">{t('admin.agenda.cancelDo')}</button>
        </PostForm>
      </details>
    </li>
  )
}
