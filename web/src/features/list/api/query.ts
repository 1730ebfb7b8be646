import type { Filters } from './types'

/** url.QueryEscape: everything but letters, digits and -_.~ is escaped, spaces as "+". */
export function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, '+')
}

/** Query text of params, keys sorted and empty values left out (as url.Values.Encode). */
export function encodeQuery(params: Record<string, string | number | undefined | null>): string {
  return Object.keys(params)
    .filter((k) => params[k] !== undefined && params[k] !== null && params[k] !== '')
    .sort()
    .map((k) => `${queryEscape(k)}=${queryEscape(String(params[k]))}`)
    .join('&')
}

/**
 * The list address for the current filters with some changed: pageUrl plus
 * the non-empty filters plus page (left out for page 1, as the canonical
 * address has none).
 */
export function listHref(pageUrl: string, filters: Partial<Filters>, change: Partial<Filters> & { page?: number } = {}): string {
  const { page, ...rest } = change
  const params: Record<string, string | number | undefined> = { ...filters, ...rest }
  params.page = page && page > 1 ? page : undefined
  const q = encodeQuery(params)
  return q ? `${pageUrl}?${q}` : pageUrl
}

/** Page numbers to show: first, last, and two around the current one; null marks a gap. */
export function pageWindow(page: number, pages: number, around = 1): (number | null)[] {
  const out: (number | null)[] = []
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= around) out.push(p)
    else if (out[out.length - 1] !== null) out.push(null)
  }
  return out
}

/** Sort choices of the select: value "sort:order". */
export const SORTS = [
  { value: '', key: 'list.sort.default' },
  { value: 'date:desc', key: 'list.sort.dateDesc' },
  { value: 'price:asc', key: 'list.sort.priceAsc' },
  { value: 'price:desc', key: 'list.sort.priceDesc' },
  { value: 'type:asc', key: 'list.sort.typeAsc' },
  { value: 'city:asc', key: 'list.sort.cityAsc' },
] as const

/** The select's value for the current filters ("" when the page's default order applies). */
export function sortValue(f: Pick<Filters, 'sort' | 'order'>): string {
  if (!f.sort) return ''
  const order = f.order || (f.sort === 'date' ? 'desc' : 'asc')
  const v = `${f.sort}:${order}`
  return SORTS.some((s) => s.value === v) ? v : ''
}
