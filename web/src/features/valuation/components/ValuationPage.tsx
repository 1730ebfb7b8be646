import { deferredForm } from '../../../shared/forms/lazy'
import { useT } from '../../../lib/i18n'
import type { ValuationProps } from '../model/types'
import './valuation.css'

/** The form, with the forms kit a chunk of its own: loaded when the visitor turns to it (the focus or a pointer). */
const ValuationForm = deferredForm(() => import('./ValuationForm'))

/**
 * The free valuation page (SPEC §2, `contact-demand`): the visitor's
 * details, the property's address, whether they wish to sell or rent it
 * out, its type (the catalog's, in the page's language), a remark and a
 * time to be called back. It posts to its own address; the server answers
 * with the thank-you page or this page again with the errors.
 */
export function ValuationPage({ title, types }: ValuationProps) {
  const t = useT()
  return (
    <div className="page valuation-page">
      <div className="container">
        <h1>{title}</h1>
        <p className="valuation-intro">{t('valuation.intro')}</p>
        <ValuationForm types={types} />
      </div>
    </div>
  )
}
