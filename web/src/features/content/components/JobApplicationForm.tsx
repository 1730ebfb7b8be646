import { FileField, PersonFields, TextArea, TextField, VisitorForm } from '../../../shared/forms'
import { useT } from '../../../lib/i18n'
import { Heading, type Level } from '../../../lib/ui/Heading'

/** The anchor of the job application form, which its no-JavaScript post comes back to. */
const ANCHOR = 'apply'

/**
 * The job application (`job-application`) of a page's job-application
 * module: the visitor's details, the position (optional), a motivation and
 * a CV (PDF, DOC or DOCX, 5 MB), posted multipart to the page's own
 * address (#apply: after a refused post the answer shows the form). The
 * server checks the CV by its content and mails it to the agency; it is
 * served from no address.
 */
export function JobApplicationForm({ level }: { level: Level }) {
  const t = useT()
  return (
    <div id={ANCHOR} className="contact-card contact-form job-form">
      <Heading level={level}>{t('jobs.formTitle')}</Heading>
      <VisitorForm kind="job-application" anchor={ANCHOR} submitLabel={t('jobs.send')}>
        <PersonFields />
        <TextField name="position" label={t('jobs.position')} autoComplete="off" />
        <TextArea name="motivation" label={t('jobs.motivation')} rows={7} />
        <FileField name="cv" label={t('jobs.cv')} />
      </VisitorForm>
    </div>
  )
}

export default JobApplicationForm
