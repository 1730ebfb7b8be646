import { translate, type Lang } from '../i18n'
import { formatAmount } from './amount'

/** The PriceUnit that shows a "starting from" prefix (rules.PriceUnitFrom). */
export const PRICE_UNIT_FROM = 7

/**
 * The price as a property shows it (rules.FormatPrice): a hidden price reads
 * "price on request", PriceUnit 7 adds the "from" prefix (not to "NaN").
 */
export function formatPrice(price: number, publishPrice: boolean, priceUnit: number, lang: Lang): string {
  if (!publishPrice) return translate(lang, 'rules.price.onRequest')
  const amount = formatAmount(price)
  if (priceUnit === PRICE_UNIT_FROM && amount !== 'NaN') return `${translate(lang, 'rules.price.from')} ${amount}`
  return amount
}

/** What a listing's price needs to know about the listing. */
export interface Priced {
  Price: number
  PublishPrice: boolean
  PriceUnit: number
  Goal: number
}

/**
 * A listing's price as cards, pages, the map and the search box show it:
 * formatPrice, and "/ month" after a published rent (Goal other than 0).
 */
export function formatListingPrice(x: Priced, lang: Lang): string {
  const text = formatPrice(x.Price, x.PublishPrice, x.PriceUnit, lang)
  if (x.Goal === 0 || !x.PublishPrice || text === 'NaN') return text
  return `${text} ${translate(lang, 'rules.price.perMonth')}`
}
