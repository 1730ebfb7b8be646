import { useEffect, useRef } from 'react'
import { ContactTimeField, FormSection, PersonFields, SelectField, TextArea, VisitorForm } from '../../../shared/forms'
import { useT } from '../../../lib/i18n'
import { PROJECT_CONTACT_ANCHOR, type ChosenUnit } from '../model/request'


/**
 * The project request (SPEC §3, `contact-construction`): the visitor's
 * details, the unit of the price list they ask about (optional), a remark
 * and a time to be called back. It posts to the page's own address: the
 * server knows the project from it, so no project ID is posted; #contact
 * brings a browser without JavaScript back to the form after a refused post.
 */
export function ProjectRequestForm({ units, chosen }: { units: string[]; chosen?: ChosenUnit }) {
  const t = useT()
  return (
    <FormSection id={PROJECT_CONTACT_ANCHOR} className="project-section project-form" titleId="project-request-title" title={t('project.requestTitle')}
      intro={t('project.requestIntro')}>
      <VisitorForm kind="contact-construction" anchor={PROJECT_CONTACT_ANCHOR}>
        <PersonFields />
        {units.length > 0 && <UnitSelect units={units} chosen={chosen} />}
        <TextArea name="remark" label={t('forms.label.remark')} />
        <ContactTimeField />
      </VisitorForm>
    </FormSection>
  )
}

/**
 * The unit asked about: "no particular unit" first, then the available
 * units. A unit chosen in the price list is set here as if the visitor had
 * picked it (a change event, which the form's check listens to).
 */
function UnitSelect({ units, chosen }: { units: string[]; chosen?: ChosenUnit }) {
  const t = useT()
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const select = box.current?.querySelector('select')
    if (!chosen || !select || select.value === chosen.unit) return
    select.value = chosen.unit
    select.dispatchEvent(new Event('change', { bubbles: true }))
  }, [chosen])
  return (
    <div ref={box}>
      <SelectField name="unit" label={t('project.unitChoice')} placeholder={t('project.noUnit')} options={units.map((u) => ({ value: u, label: u }))} />
    </div>
  )
}

export default ProjectRequestForm
