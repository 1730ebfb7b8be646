import { isSpace } from './phone'

/** The default description length, in characters (rules.DescriptionLimit). */
export const DESCRIPTION_LIMIT = 250

/**
 * Shortens s to limit characters (code points, as Go counts runes); limit ≤ 0
 * means 250. A cut text ends at its last space when that space lies beyond
 * 80 % of the limit; trailing spaces are dropped and "…" appended
 * (rules.Truncate).
 */
export function truncate(s: string, limit = DESCRIPTION_LIMIT): string {
  if (limit <= 0) limit = DESCRIPTION_LIMIT
  let r = Array.from(s)
  if (r.length <= limit) return s
  r = r.slice(0, limit)
  for (let i = r.length - 1; i >= 0; i--) {
    if (r[i].length === 1 && isSpace(r[i].charCodeAt(0))) {
      if (5 * i > 4 * limit) r = r.slice(0, i)
      break
    }
  }
  let end = r.length
  while (end > 0 && r[end - 1].length === 1 && isSpace(r[end - 1].charCodeAt(0))) end--
  return r.slice(0, end).join('') + '…'
}
