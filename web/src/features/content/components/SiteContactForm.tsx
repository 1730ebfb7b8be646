import { PersonFields, TextArea, VisitorForm } from '../../../shared/forms'
import { useT } from '../../../lib/i18n'
import { Heading, type Level } from '../../../lib/ui/Heading'

/** The anchor of the site contact form, which its no-JavaScript post comes back to. */
const ANCHOR = 'contact'

/**
 * The site contact form (SPEC §3, `site-contact`) of a page's contact
 * module: the visitor's details and a remark, posted to the page's own
 * address (#contact: the answer after a refused post shows the form, not
 * the page's top; a fragment never reaches the server).
 */
export function SiteContactForm({ level }: { level: Level }) {
  const t = useT()
  return (
    <div id={ANCHOR} className="contact-card contact-form">
      <Heading level={level}>{t('contact.formTitle')}</Heading>
      <VisitorForm kind="site-contact" anchor={ANCHOR}>
        <PersonFields />
        <TextArea name="remark" label={t('forms.label.remark')} />
      </VisitorForm>
    </div>
  )
}

export default SiteContactForm
