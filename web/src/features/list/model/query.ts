import type { Filters, ListView } from './types'

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

/** What a list address carries: the filters, the view ("map", or none for the list) and the page. */
export type ListChange = Partial<Filters> & { page?: number; view?: ListView | '' }

/**
 * The list address for the current filters with some changed: pageUrl plus
 * the non-empty filters plus page (left out for page 1, as the canonical
 * address has none) and view=map for the map.
 */
export function listHref(pageUrl: string, filters: Partial<Filters> & { view?: ListView | '' }, change: ListChange = {}): string {
  const { page, ...rest } = change
  const params: Record<string, string | number | undefined> = { ...filters, ...rest }
  params.page = page && page > 1 ? page : undefined
  if (params.view !== 'map') params.view = undefined
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

/** The sorts (catalog: price, type, city, date); "" is the page's own order. */
export const SORTS = ['', 'date', 'price', 'type', 'city'] as const
export const ORDERS = ['asc', 'desc'] as const

/** The order a sort takes when the address names none: newest first, every other cheapest or A first (httpapi.ListQuery). */
export function defaultOrder(sort: string): 'asc' | 'desc' {
  return sort === 'date' ? 'desc' : 'asc'
}

/** The order select's value: the address's order, or the sort's default. */
export function orderValue(f: Pick<Filters, 'sort' | 'order'>): 'asc' | 'desc' {
  return f.order === 'asc' || f.order === 'desc' ? f.order : defaultOrder(f.sort)
}

export const EMPTY_FILTERS: Filters = { city: '', type: '', priceMin: '', priceMax: '', bedroomsMin: '', sort: '', order: '' }

/** A whole number of euros or bedrooms typed by a visitor ("250.000", " 250000 "), or "" when there is none. */
function wholeNumber(v: string | undefined): string {
  const digits = (v ?? '').replace(/[\s.,'’€]/g, '')
  return /^\d+$/.test(digits) ? String(Number(digits)) : ''
}

/**
 * The filters as the form holds them, made ready for an address: trimmed,
 * numbers as digits (anything else left out), the prices in order, an
 * unknown sort or order dropped, and the order left out when it is the
 * sort's default (one address per list).
 */
export function normalizeFilters(f: Partial<Filters>): Filters {
  let priceMin = wholeNumber(f.priceMin)
  let priceMax = wholeNumber(f.priceMax)
  if (priceMin && priceMax && Number(priceMin) > Number(priceMax)) [priceMin, priceMax] = [priceMax, priceMin]
  const bedrooms = wholeNumber(f.bedroomsMin)
  const sort = (SORTS as readonly string[]).includes(f.sort ?? '') ? (f.sort ?? '') : ''
  let order = (ORDERS as readonly string[]).includes(f.order ?? '') ? (f.order ?? '') : ''
  if (!sort || order === defaultOrder(sort)) order = ''
  return {
    city: (f.city ?? '').trim(),
    type: wholeNumber(f.type) === '0' ? '' : wholeNumber(f.type),
    priceMin: priceMin === '0' ? '' : priceMin,
    priceMax: priceMax === '0' ? '' : priceMax,
    bedroomsMin: bedrooms === '0' ? '' : bedrooms,
    sort,
    order,
  }
}

/** The address a filter change leads to: the normalized filters, the same view, back to page 1. */
export function filterHref(pageUrl: string, f: Partial<Filters>, view: ListView): string {
  return listHref(pageUrl, normalizeFilters(f), { view: view === 'map' ? 'map' : '' })
}

/** Whether any filter (not the sort) is set. */
export function isFiltered(f: Partial<Filters>): boolean {
  return !!(f.city || f.type || f.priceMin || f.priceMax || f.bedroomsMin)
}
