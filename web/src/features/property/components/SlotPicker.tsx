import { FieldError, useField } from '../../../shared/forms'
import { useT } from '../../../lib/i18n'
import type { VisitDay } from '../../../gen/pages'

/**
 * The free slots as radio buttons, one group per day: a plain form field
 * (`slot`, the start as RFC 3339) that works without JavaScript. Each
 * button is named by its day and time ("Dinsdag 3 maart om 10:00"); it
 * shows the time under the day's heading. After a refused post the slot
 * chosen stays chosen while it is still offered. The group, not each of
 * its many buttons, is marked invalid, its message above the slots.
 */
export function SlotPicker({ days }: { days: VisitDay[] }) {
  const t = useT()
  const f = useField('slot')
  const chosen = typeof f.initial === 'string' ? f.initial : undefined
  const helpId = `${f.id}-help`
  const describedBy = [helpId, f.aria['aria-describedby']].filter(Boolean).join(' ')
  return (
    <fieldset className="vf-field visit-slots" aria-describedby={describedBy} aria-invalid={f.aria['aria-invalid']}>
      <legend className="vf-label">
        {t('visit.slot')}
        {f.required && <span className="vf-required" aria-hidden="true"> *</span>}
      </legend>
      <p className="muted visit-help" id={helpId}>
        {t('visit.slotHelp')}
      </p>
      {/* Above the slots, where the focus lands: after it, seventy times may follow. */}
      <FieldError id={f.errorId} message={f.message} />
      <div className="visit-days">
        {days.map((d) => (
          <fieldset key={d.date} className="visit-day">
            <legend>{d.label}</legend>
            <div className="visit-day-slots">
              {(d.slots ?? []).map((s) => (
                <label key={s.value} className="visit-slot">
                  <input
                    type="radio"
                    value={s.value}
                    defaultChecked={chosen === s.value}
                    aria-label={t('visit.slotAt', { day: d.label, time: s.time })}
                    aria-describedby={f.aria['aria-describedby']}
                    {...f.register()}
                  />
                  <span>{s.time}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
    </fieldset>
  )
}
