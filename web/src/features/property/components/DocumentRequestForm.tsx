import { FormDisclosure, PersonFields, SelectField, VisitorForm } from '../../../shared/forms'
import { useT } from '../../../lib/i18n'
import { DOCUMENT_ANCHOR, type DocumentChoice } from '../model/offer'
import './offer.css'

/**
 * The document request (SPEC §4, `document-request`) under the documents
 * list: which document, and who to send it to. A disclosure, open after a
 * refused post. A kept request — a repeated one too, answered as the first
 * was — lands on its thank-you page, which says the document will be sent
 * by email.
 */
export function DocumentRequestForm({ documents }: { documents: DocumentChoice[] }) {
  const t = useT()
  if (!documents.length) return null
  return (
    <FormDisclosure kind="document-request" id={DOCUMENT_ANCHOR} className="offer-form" icon="mail" summary={t('offer.document.open')}>
      <p className="muted">{t('offer.document.intro')}</p>
      <VisitorForm kind="document-request" anchor={DOCUMENT_ANCHOR}>
        <SelectField
          name="document"
          label={t('offer.document.choose')}
          placeholder={t('offer.document.placeholder')}
          options={documents.map((d) => ({ value: String(d.id), label: d.name, lang: d.lang }))}
        />
        <PersonFields />
      </VisitorForm>
    </FormDisclosure>
  )
}

export default DocumentRequestForm
