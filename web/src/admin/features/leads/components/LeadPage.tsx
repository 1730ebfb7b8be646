import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { Change, LeadProps, LeadVisit } from '../../../../gen/admin'
import { Link, useRouter } from '../../../../lib/router'
import { ListingName } from '../../../shared/listing'
import { MailError } from '../../../shared/mails'
import { PostForm } from '../../../shared/forms'
import { Shell } from '../../../shared/frame'
import { texts, when, type T } from '../../../shared/texts'

const MAX_NOTE = 5000 // inbox.MaxNote
const noteSchema = z.object({ note: z.string().trim().min(1, 'admin.error.noteEmpty').max(MAX_NOTE, 'admin.error.noteLong') })

/** One lead: everything it holds, its files and mails, and the staff's work on it (status, assignee, notes). */
export function LeadPage(props: LeadProps) {
  const t = texts(props)
  const router = useRouter()
  const l = props.lead
  const post = (data: Record<string, string>) => router?.visit(props.action, { method: 'post', data, preserveScroll: true })
  const note = useForm<{ note: string }>({ resolver: zodResolver(noteSchema), defaultValues: { note: '' } })
  const saveNote = note.handleSubmit(({ note: text }) => post({ action: 'note', note: text }))
  // Emptied once the note is in the list — not when the server refused it,
  // which keeps what was typed beside its reason.
  const noteCount = props.notes?.length ?? 0
  const { reset, clearErrors } = note
  useEffect(() => reset({ note: '' }), [noteCount, reset])
  // Another change made since (a status, an assignee): the note's old
  // complaint no longer stands beside it.
  const changes = props.history?.length ?? 0
  useEffect(() => clearErrors(), [changes, clearErrors])
  const noteError = note.formState.errors.note?.message ?? (props.form?.name === 'note' ? props.errors?.note : undefined)
  const fieldError = (name: string) => props.errors?.[name]
  return (
    <Shell base={props} title={`${t(`admin.kind.${l.kind}`)} — ${l.name || l.email}`}>
      <p><Link href={props.back}>{t('admin.lead.back')}</Link></p>
      <section className="admin-lead" aria-labelledby="lead-facts">
        <h2 id="lead-facts">{t('admin.lead.facts')}</h2>
        <dl>
          <dt>{t('admin.lead.status')}</dt><dd><span className="admin-status">{t(`admin.status.${l.status}`)}</span></dd>
          <dt>{t('admin.lead.created')}</dt><dd>{when(l.created, props.lang)}</dd>
          <dt>{t('admin.lead.name')}</dt><dd>{[props.title, l.name].filter(Boolean).join(' ')}</dd>
          <dt>{t('admin.lead.email')}</dt><dd><a href={`mailto:${l.email}`}>{l.email}</a></dd>
          {l.phone && (<><dt>{t('admin.lead.phone')}</dt><dd><a href={`tel:${l.phone}`}>{l.phone}</a></dd></>)}
          <dt>{t('admin.lead.lang')}</dt><dd>{l.lang.toUpperCase()}</dd>
          {(l.propertyId > 0 || l.projectId > 0) && (
            <><dt>{t(l.propertyId ? 'admin.lead.property' : 'admin.lead.project')}</dt>
              <dd>{l.listing ? <ListingName l={l.listing} t={t} /> : l.propertyId || l.projectId}</dd></>
          )}
          {props.page && (<><dt>{t('admin.lead.page')}</dt><dd><a href={props.page}>{props.page}</a></dd></>)}
          {(props.fields ?? []).map((f) => (<FieldRow key={f.name} label={t(`admin.field.${f.name}`)} value={f.value} />))}
          {(props.visits ?? []).filter((v) => v.moved > 0 || v.cancelled).map((v, i) => <VisitRow key={i} visit={v} t={t} lang={props.lang} />)}
        </dl>
        {props.remark && (<><h3>{t('admin.lead.remark')}</h3><p className="admin-remark">{props.remark}</p></>)}
        {(props.files ?? []).length > 0 && (
          <><h3>{t('admin.lead.files')}</h3>
            <ul>{(props.files ?? []).map((f) => <li key={f.field}><a href={f.href} download>{f.name}</a> ({Math.ceil(f.size / 1024)} KB)</li>)}</ul></>
        )}
      </section>

      <section className="admin-work" aria-labelledby="lead-work">
        <h2 id="lead-work">{t('admin.lead.work')}</h2>
        {(props.moves ?? []).length > 0 && (
          <PostForm action={props.action} fields={{ action: 'status', from: props.lead.status }}>
            <label>{t('admin.lead.moveTo')}{' '}
              <select name="status" defaultValue={props.moves?.[0]}>
                {(props.moves ?? []).map((s) => <option key={s} value={s}>{t(`admin.status.${s}`)}</option>)}
              </select>
            </label>{' '}
            <button type="submit">{t('admin.lead.setStatus')}</button>
            {fieldError('status') && <span className="admin-error" role="alert">{t(fieldError('status')!)}</span>}
          </PostForm>
        )}
        <PostForm action={props.action} fields={{ action: 'assign' }}>
          <label>{t('admin.lead.assignTo')}{' '}
            <select name="assignee" defaultValue={String(props.assigneeId || '')}>
              <option value="">{t('admin.filter.nobody')}</option>
              {(props.staff ?? []).map((s) => <option key={s.id} value={String(s.id)}>{s.name}</option>)}
            </select>
          </label>{' '}
          <button type="submit">{t('admin.lead.assign')}</button>
          {fieldError('assignee') && <span className="admin-error" role="alert">{t(fieldError('assignee')!)}</span>}
        </PostForm>
        <form method="post" action={props.action} noValidate onSubmit={saveNote} className="admin-note">
          <input type="hidden" name="action" value="note" />
          <label htmlFor="lead-note">{t('admin.lead.note')}</label>
          <textarea id="lead-note" rows={3} aria-invalid={noteError ? true : undefined} {...note.register('note')} />
          {noteError && <span className="admin-error" role="alert">{t(noteError)}</span>}
          <button type="submit" disabled={note.formState.isSubmitting}>{t('admin.lead.addNote')}</button>
        </form>
        {(props.notes ?? []).length > 0 && (
          <ul className="admin-notes">
            {(props.notes ?? []).map((n, i) => <li key={i}><strong>{n.author}</strong> · {when(n.created, props.lang)}<p>{n.text}</p></li>)}
          </ul>
        )}
      </section>

      <section aria-labelledby="lead-mails">
        <h2 id="lead-mails">{t('admin.lead.mails')}</h2>
        {(props.mails ?? []).length === 0 ? <p>{t('admin.lead.noMails')}</p> : (
          <ul className="admin-mails">
            {(props.mails ?? []).map((m, i) => (
              <li key={i}>{when(m.created, props.lang)} · {m.to} · {m.subject} · <strong>{t(`admin.mail.${m.state}`)}</strong>
                {m.attempts > 1 && ` (${m.attempts})`}{m.lastError && <MailError error={m.lastError} errorKey={m.errorKey} t={t} />}</li>
            ))}
          </ul>
        )}
      </section>

      {(props.history ?? []).length > 0 && (
        <section aria-labelledby="lead-history">
          <h2 id="lead-history">{t('admin.lead.history')}</h2>
          <ul className="admin-history">
            {(props.history ?? []).map((c, i) => (
              <li key={i}>{when(c.time, props.lang)} · {c.actor} · {change(c, t)}</li>
            ))}
          </ul>
        </section>
      )}
    </Shell>
  )
}

/** A history entry's action, with what it changed from and to where it
 * says (French puts a space before the colon: admin.lead.change). */
function change(c: Change, t: T): string {
  const action = t(`admin.action.${c.action}`)
  if (c.action === 'status') return t('admin.lead.change', { action, before: t(`admin.status.${c.before}`), after: t(`admin.status.${c.after}`) })
  if (c.action === 'assign') return t('admin.lead.change', { action, before: c.before || '—', after: c.after || '—' })
  return action
}

/** A visit the agency moved or cancelled (or its visitor cancelled): the slot asked, in the fields above, no longer holds. */
function VisitRow({ visit: v, t, lang }: { visit: LeadVisit; t: T; lang: string }) {
  const state = v.cancelled === 'agency' ? t('admin.lead.visitCancelled')
    : v.cancelled === 'visitor' ? t('admin.lead.visitCancelledVisitor')
      : t('admin.lead.visitMoved', { when: when(v.start, lang) })
  return (
    <>
      <dt>{t('admin.lead.visit')}</dt>
      <dd>
        <strong>{state}</strong>
        {(v.changes ?? []).length > 0 && (
          <ul className="admin-small">
            {(v.changes ?? []).map((c, i) => (
              <li key={i}>{when(c.time, lang)} · {c.actor} · {t(`admin.action.${c.action}`)}{t.colon}{when(c.from, lang)}{c.to && ` → ${when(c.to, lang)}`}</li>
            ))}
          </ul>
        )}
      </dd>
    </>
  )
}

function FieldRow({ label, value }: { label: string; value: string }) {
  return (<><dt>{label}</dt><dd>{value}</dd></>)
}
