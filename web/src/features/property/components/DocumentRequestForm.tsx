import { FormDisclosure, PersonFields, SelectField, VisitorForm } from '../../../shared/forms'
import { useT } from '../../../lib/i18n'
import { useEffect } from 'react'
import { DOCUMENT_ANCHOR, type ChosenDocument, type DocumentChoice } from '../model/offer'
import './offer.css'

/**
 * The document request (SPEC §4, `document-request`) under the documents
 * list: which document, and who to send it to. A disclosure, open after a
 * refused post. A kept request — a repeated one too, answered as the first
 * was — lands on its thank-you page, which says the document will be sent
 * by email.
 */
export function DocumentRequestForm({ documents, chosen }: { documents: DocumentChoice[]; chosen?: ChosenDocument }) {
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
      <Choose chosen={chosen} />
    </FormDisclosure>
  )
}

/**
 * Chooses the document the list's link asked for, and puts the focus on the
 * choice: rendered with the form, so the choice is there when it runs.
 */
function Choose({ chosen }: { chosen?: ChosenDocument }) {
  useEffect(() => {
    const select = document.querySelector<HTMLSelectElement>(`#${DOCUMENT_ANCHOR} select[name="document"]`)
    if (!chosen || !select) return
    select.value = String(chosen.id)
    select.dispatchEvent(new Event('change', { bubbles: true }))
    select.focus()
  }, [chosen])
  return null
}

export default DocumentRequestForm
