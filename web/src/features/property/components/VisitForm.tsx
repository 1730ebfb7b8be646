import { Altcha, PersonFields, TextArea, VisitorForm } from '../../../shared/forms'
import { useT } from '../../../lib/i18n'
import { usePage } from '../../../lib/router'
import type { VisitView } from '../../../gen/pages'
import { SlotPicker } from './SlotPicker'
import './visit.css'

/** The anchor of the visit form. */
export const VISIT_ANCHOR = 'visit'

/**
 * The visit request (`contact-appointment`): the visitor's details, a free
 * slot of the coming days and a remark. The server books the slot with the
 * request, or answers the page again with "The appointments are full" and
 * what was typed. Shown only when the page offers visits (its `visit`
 * prop); with no free slot it says so instead of a form.
 */
export function VisitForm() {
  const t = useT()
  const { url, props } = usePage<{ visit?: VisitView }>()
  const visit = props.visit
  if (!visit) return null
  const days = visit.days ?? []
  return (
    <section id={VISIT_ANCHOR} className="property-section property-form visit-form" aria-labelledby="visit-form-title">
      <h2 id="visit-form-title">{t('visit.title')}</h2>
      {days.length === 0 ? (
        <p className="muted">{t('visit.noSlots')}</p>
      ) : (
        <>
          <p className="muted">{t('visit.intro')}</p>
          <VisitorForm
            kind="contact-appointment"
            action={`${url.split('#')[0]}#${VISIT_ANCHOR}`}
            antiSpam={<Altcha />}
            submitLabel={t('visit.submit')}
          >
            <SlotPicker days={days} />
            <PersonFields />
            <TextArea name="remark" label={t('forms.label.remark')} rows={3} />
          </VisitorForm>
        </>
      )}
    </section>
  )
}

export default VisitForm
