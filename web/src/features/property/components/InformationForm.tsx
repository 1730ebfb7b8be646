import { CheckboxField, ContactTimeField, FormSection, PersonFields, TextArea, VisitorForm } from '../../../shared/forms'
import { useT } from '../../../lib/i18n'
import { CONTACT_ANCHOR } from '../model/anchors'


/**
 * The information request (SPEC §3, `contact-me`): the visitor's details,
 * a remark, a time to be called back, the newsletter. It posts to the
 * page's own address: the server knows the property from it, so no
 * property ID is posted. The action carries #contact so a browser without
 * JavaScript lands on the form (and its summary) in the long page the
 * server answers after a refused post; a fragment never reaches the server.
 */
export function InformationForm() {
  const t = useT()
  return (
    <FormSection id={CONTACT_ANCHOR} className="property-section property-form" titleId="information-form-title" title={t('property.requestInfo')} intro={t('property.formIntro')}>
      <VisitorForm kind="contact-me" anchor={CONTACT_ANCHOR}>
        <PersonFields />
        <TextArea name="remark" label={t('forms.label.remark')} />
        <ContactTimeField />
        <CheckboxField name="newsletter" label={t('forms.label.newsletter')} />
      </VisitorForm>
    </FormSection>
  )
}

export default InformationForm
