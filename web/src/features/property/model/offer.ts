// What the property page's offer forms need to know, from the page's props.
import type { OfferTerms, PublicProperty } from '../../../gen/pages'
import { pick } from '../../../lib/site/text'
import { parseWhole } from '../../../shared/forms/model/whole'

/** Goal 0 is for sale (SPEC §4). */
const GOAL_SALE = 0

/** The anchors the page's links go to. */
export const DOCUMENT_ANCHOR = 'document-request'
export const OFFER_ANCHOR = 'purchase-offer'
export const RENT_ANCHOR = 'rent-application'


/** A document the list's "Request" link chose for the request form; n tells one click from the next. */
export interface ChosenDocument {
  id: number
  n: number
}

export interface DocumentChoice {
  id: number
  name: string
  /** The language the name fell back to, when not the page's. */
  lang?: string
}

/** The documents a visitor may ask for, named in lang (those without a name are left out). */
export function documentChoices(p: Pick<PublicProperty, 'Documents'>, lang: string): DocumentChoice[] {
  return (p.Documents ?? [])
    .map((d) => {
      const name = pick(d.Name, lang)
      return { id: d.ID, name: name.text.trim(), lang: name.lang }
    })
    .filter((d) => d.name)
}

/** Which of the offer forms the property takes: the server offers the same (route.propertyForms). */
export function offerKind(p: Pick<PublicProperty, 'Goal' | 'Status'>, terms: OfferTerms | undefined): 'purchase-offer' | 'rent-application' | null {
  if (!terms || p.Status !== 'available') return null
  return p.Goal === GOAL_SALE ? 'purchase-offer' : 'rent-application'
}

/** A typed whole amount of euros, or null: "305000" → 305000; "", "3e5", "-1" → null. */
export function typedAmount(s: string): number | null {
  const n = parseWhole(s)
  return n !== null && n >= 0 && n < 1e9 ? n : null
}
