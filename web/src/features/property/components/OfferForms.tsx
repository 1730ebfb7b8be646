import type { OfferTerms, PublicProperty } from '../../../gen/pages'
import { offerKind } from '../model/offer'
import { PurchaseOfferForm } from './PurchaseOfferForm'
import { RentApplicationForm } from './RentApplicationForm'

/** The purchase offer of a property for sale, or the rent application of one for rent; nothing once sold or rented. */
export function OfferForms({ property, terms }: { property: Pick<PublicProperty, 'Goal' | 'Status'>; terms?: OfferTerms }) {
  const kind = offerKind(property, terms)
  if (!kind || !terms) return null
  return kind === 'purchase-offer' ? <PurchaseOfferForm terms={terms} /> : <RentApplicationForm terms={terms} />
}

export default OfferForms
