import { formatAmount } from '../../../lib/format'
import type { TFn } from '../../../lib/i18n'

/** A project's prices: "From € 338.000 to € 373.000", one price when both are equal, "From € 338.000" with only a start, "" with none. */
export function projectPrices(t: TFn, from?: number, to?: number): string {
  if (from && to && from !== to) return t('project.priceRange', { from: formatAmount(Math.min(from, to)), to: formatAmount(Math.max(from, to)) })
  if (from && !to) return t('project.priceFrom', { price: formatAmount(from) })
  if (from || to) return formatAmount((from || to)!)
  return ''
}

/** Unit states of SPEC §4 and their labels. */
export const UNIT_STATUS: Record<string, string> = {
  available: 'project.status.available',
  sold: 'project.status.sold',
  soldout: 'project.status.soldOut',
}
