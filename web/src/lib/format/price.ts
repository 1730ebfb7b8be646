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
