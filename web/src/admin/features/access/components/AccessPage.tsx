import { useEffect, useState } from 'react'
import type { AccessProps } from '../../../../gen/admin'
import { Link } from '../../../../lib/router'
import { invalid, posted, PostButton, PostForm } from '../../../shared/forms'
import { Shell } from '../../../shared/frame'
import { texts, when } from '../../../shared/texts'

/**
 * The agency's leave for the platform's operator (admins): whether the operator may read the leads now and until
 * when, the form that allows it for a few days (or again, counted from now), the button that withdraws it.
 */
export function AccessPage(props: AccessProps) {
  const t = texts(props)
  const days = props.days ?? []
  const refused = props.form?.name === 'give' ? props.errors?.days : undefined
  // The length shown: what a refused post chose, else a week when offered.
  const chosen = (refused && posted(props.form, 'give', 'days')) || String(days.includes(7) ? 7 : days[0] ?? '')
  const [length, setLength] = useState(chosen)
  useEffect(() => setLength(chosen), [chosen, props.errors])
  return (
    <Shell base={props} title={t('admin.title.AdminAccess')}>
      <p>{t('admin.access.help')}</p>
      <p><Link href={props.audit}>{t('admin.access.auditLink')}</Link></p>
      <section aria-labelledby="access-state">
        <h2 id="access-state">{t('admin.access.state')}</h2>
        {props.until ? (
          <div className="admin-row-actions">
            <p className="admin-notice">
              {t('admin.access.allowed', { until: when(props.until, props.lang), by: props.by, given: when(props.given, props.lang) })}
            </p>
            <PostButton action={props.action} fields={{ action: 'withdraw' }} label={t('admin.access.withdraw')} />
          </div>
        ) : <p>{t('admin.access.none')}</p>}
      </section>
      <PostForm action={props.action} fields={{ action: 'give' }} className="admin-form">
        <p className="admin-field">
          <label htmlFor="access-days">{t('admin.access.length')}</label>
          <select id="access-days" name="days" value={length} onChange={(e) => setLength(e.target.value)}
            {...invalid(refused, 'access-days-error')}>
            {days.map((d) => <option key={d} value={String(d)}>{t(`admin.access.days${d}`)}</option>)}
          </select>
          {refused && <span id="access-days-error" className="admin-error" role="alert">{t(refused)}</span>}
        </p>
        <p><button type="submit">{t(props.until ? 'admin.access.extend' : 'admin.access.give')}</button></p>
      </PostForm>
    </Shell>
  )
}
