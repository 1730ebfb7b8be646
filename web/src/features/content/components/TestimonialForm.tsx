import { FileField, SelectField, TextArea, TextField, VisitorForm } from '../../../shared/forms'
import { useT } from '../../../lib/i18n'
import './testimonial.css'

/** The anchor of the testimonial form, which its no-JavaScript post comes back to. */
export const TESTIMONIAL_ANCHOR = 'testimonial'

/** "About you" (SPEC §3 Testimonial), as lead's spec offers it. */
export const ABOUT = ['buyer', 'seller', 'tenant', 'landlord'] as const

/**
 * The testimonial form (SPEC §3 Testimonial, kind `testimonial`) of a
 * page's testimonial-form module: the visitor's names and email (the site
 * shows the first name and an initial), the comment, what they were to the
 * agency, their website (http or https only) and an optional picture
 * (JPEG, PNG or WebP, checked by its content and shrunk on the server). It
 * posts multipart to the page's own address (#testimonial); the server
 * keeps it pending until the agency approves it.
 */
export function TestimonialForm() {
  const t = useT()
  return (
    <div id={TESTIMONIAL_ANCHOR} className="testimonial-form">
      <p className="muted">{t('testimonial.intro')}</p>
      <VisitorForm
        kind="testimonial"
        anchor={TESTIMONIAL_ANCHOR}
        submitLabel={t('testimonial.send')}
      >
        <div className="testimonial-form-names">
          <TextField name="firstName" label={t('forms.label.firstName')} autoComplete="given-name" />
          <TextField name="lastName" label={t('forms.label.lastName')} autoComplete="family-name" />
        </div>
        <TextField name="email" label={t('forms.label.email')} autoComplete="email" />
        <TextArea name="remark" label={t('testimonial.comment')} rows={6} />
        <SelectField
          name="aboutYou"
          label={t('testimonial.aboutYou')}
          options={ABOUT.map((v) => ({ value: v, label: t(`testimonial.about.${v}`) }))}
        />
        <TextField name="website" label={t('testimonial.website')} autoComplete="url" />
        <FileField name="picture" label={t('testimonial.picture')} />
      </VisitorForm>
    </div>
  )
}

export default TestimonialForm
