import { FormDisclosure, PersonFields, TextArea, VisitorForm } from '../../../shared/forms'
import { useT } from '../../../lib/i18n'
import { usePage } from '../../../lib/router'
import type { VisitView } from '../../../gen/pages'
import { VISIT_ANCHOR, VISIT_KIND } from '../model/anchors'
import { SlotPicker } from './SlotPicker'
import './visit.css'

/**
 * The visit request (`contact-appointment`): the visitor's details, a free
 * slot of the coming days and a remark. The server books the slot with the
 * request, or answers the page again with "The appointments are full" and
 * what was typed. Shown only when the page offers visits (its `visit`
 * prop); with no free slot it says so instead of a form.
 *
 * A disclosure (`<details>`), as send to a friend: the slots and the
 * fields are some 2 000 px on a phone, opened when the visitor asks for
 * them (its summary, the contact box's or the contact bar's "Book a
 * visit"); open after a refused post, with the errors and what was typed.
 */
export function VisitForm() {
  const t = useT()
  const { props } = usePage<{ visit?: VisitView }>()
  const visit = props.visit
  if (!visit) return null
  const days = visit.days ?? []
  if (days.length === 0) {
    return (
      <section id={VISIT_ANCHOR} className="property-section property-form visit-form" aria-labelledby="visit-form-title">
        <h2 id="visit-form-title">{t('visit.title')}</h2>
        <p className="muted">{t('visit.noSlots')}</p>
      </section>
    )
  }
  return (
    <FormDisclosure kind={VISIT_KIND} id={VISIT_ANCHOR} className="property-section property-form visit-form" icon="calendar" summary={t('visit.title')}>
      <p className="muted">
        {t('visit.intro')}
      </p>
      <VisitorForm
        kind={VISIT_KIND}
        anchor={VISIT_ANCHOR}
        submitLabel={t('visit.submit')}
      >
        <SlotPicker days={days} />
        <PersonFields />
        <TextArea name="remark" label={t('forms.label.remark')} rows={3} />
      </VisitorForm>
    </FormDisclosure>
  )
}

export default VisitForm
