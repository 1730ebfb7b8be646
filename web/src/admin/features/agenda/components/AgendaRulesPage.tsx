import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { AgendaRulesProps } from '../../../../gen/admin'
import { Link, useRouter } from '../../../../lib/router'
import { PostButton } from '../../../shared/forms'
import { Shell } from '../../../shared/frame'
import { texts } from '../../../shared/texts'

/** The weekdays' fields, Monday first (day0 is Sunday, as Go numbers them). */
const days = ['day1', 'day2', 'day3', 'day4', 'day5', 'day6', 'day0'] as const
const whole = (lo: number, hi: number, key: string) =>
  z.string().trim().regex(/^\d+$/, key).refine((s) => +s >= lo && +s <= hi, key)
const range = /^\d{1,2}[:.h][0-5]\d\s*[-–]\s*\d{1,2}[:.h][0-5]\d$/
const schema = z.object({
  ...Object.fromEntries(days.map((d) => [d, z.boolean()])),
  hours: z.string().refine((s) => {
    const parts = s.split(',').map((p) => p.trim()).filter(Boolean)
    return parts.length > 0 && parts.every((p) => range.test(p))
  }, 'admin.agenda.error.hours'),
  length: whole(5, 1440, 'admin.agenda.error.length'),
  capacity: whole(1, 1000, 'admin.agenda.error.capacity'),
  propertyCapacity: whole(0, 1000, 'admin.agenda.error.propertyCapacity'),
  perVisitor: whole(0, 100, 'admin.agenda.error.perVisitor'),
  perSender: whole(0, 1000, 'admin.agenda.error.perSender'),
  minDays: whole(0, 366, 'admin.agenda.error.minDays'),
  maxDays: whole(0, 366, 'admin.agenda.error.maxDays'),
  closed: z.string().refine((s) => s.split(/[\s,;]+/).filter(Boolean).every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)), 'admin.agenda.error.closed'),
}).refine((v) => days.some((d) => (v as Record<string, unknown>)[d] === true), { path: ['weekdays'], message: 'admin.agenda.error.weekdays' })
  .refine((v) => +v.propertyCapacity <= +v.capacity, { path: ['propertyCapacity'], message: 'admin.agenda.error.propertyCapacity' })
  .refine((v) => +v.maxDays >= +v.minDays, { path: ['maxDays'], message: 'admin.agenda.error.maxDays' })
type Values = z.infer<typeof schema> & Record<string, string | boolean>

const numbers = ['length', 'capacity', 'propertyCapacity', 'perVisitor', 'perSender', 'minDays', 'maxDays'] as const

/** The slot rules: when visitors may book a visit. Saved, they replace the site configuration's on every server. */
export function AgendaRulesPage(props: AgendaRulesProps) {
  const t = texts(props)
  const router = useRouter()
  const v = props.values ?? {}
  const defaults = {
    ...Object.fromEntries(days.map((d) => [d, v[d] === 'on'])),
    hours: v.hours ?? '', closed: v.closed ?? '',
    ...Object.fromEntries(numbers.map((n) => [n, v[n] ?? ''])),
  } as Values
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: defaults })
  const save = form.handleSubmit((values) => {
    const data: Record<string, string> = { action: 'save' }
    for (const [k, val] of Object.entries(values)) {
      if (typeof val === 'boolean') { if (val) data[k] = 'on' } else data[k] = String(val)
    }
    return router?.visit(props.action, { method: 'post', data, preserveScroll: true })
  })
  if (!props.enabled) {
    return <Shell base={props} title={t('admin.title.AdminAgendaRules')}><p>{t('admin.agenda.disabled')}</p></Shell>
  }
  const errorOf = (name: string): string | undefined =>
    (form.formState.errors as Record<string, { message?: string } | undefined>)[name]?.message ?? props.errors?.[name]
  const described = (name: string) => (errorOf(name) ? { 'aria-invalid': true, 'aria-describedby': `rules-error-${name}` } : {})
  const problem = (name: string) => errorOf(name) && <span id={`rules-error-${name}`} className="admin-error" role="alert">{t(errorOf(name)!)}</span>
  return (
    <Shell base={props} title={t('admin.title.AdminAgendaRules')}>
      <p><Link href={props.back}>{t('admin.agenda.back')}</Link></p>
      <p>{t(props.configured ? 'admin.agenda.fromConfig' : 'admin.agenda.fromInbox')}</p>
      <form method="post" action={props.action} noValidate onSubmit={save} className="admin-rules">
        <input type="hidden" name="action" value="save" />
        <fieldset {...described('weekdays')}>
          <legend>{t('admin.agenda.weekdays')}</legend>
          {days.map((d) => (
            <label key={d} className="admin-check"><input type="checkbox" {...form.register(d)} /> {t(`admin.agenda.${d}`)}</label>
          ))}
          {problem('weekdays')}
        </fieldset>
        <label className="admin-field">{t('admin.agenda.hours')}
          <input {...form.register('hours')} {...described('hours')} placeholder="09:00-12:00, 14:00-18:00" />
          <small>{t('admin.agenda.hoursHelp')}</small>
          {problem('hours')}
        </label>
        <div className="admin-numbers">
          {numbers.map((n) => (
            <label key={n} className="admin-field">{t(`admin.agenda.${n}`)}
              <input inputMode="numeric" size={6} {...form.register(n)} {...described(n)} />
              {problem(n)}
            </label>
          ))}
        </div>
        <label className="admin-field">{t('admin.agenda.closed')}
          <textarea rows={4} {...form.register('closed')} {...described('closed')} placeholder="2026-12-25" />
          <small>{t('admin.agenda.closedHelp')}</small>
          {problem('closed')}
        </label>
        <button type="submit" disabled={form.formState.isSubmitting}>{t('admin.agenda.save')}</button>
      </form>
      {!props.configured && (
        <PostButton action={props.action} fields={{ action: 'reset' }} confirm={t('admin.agenda.resetConfirm')} className="admin-actions" label={t('admin.agenda.reset')} buttonClassName="admin-quiet" />
      )}
    </Shell>
  )
}
