// A small validator for the search answer (zod is not a dependency): checks
// the fields the search box reads and keeps the rest as sent. A malformed
// answer throws a SchemaError naming the path, e.g. "cities[2].Name: want a string".
import type { CityHit, PropertyHit, SearchAnswer, TypeHit } from '../model/types'

export class SchemaError extends Error {}

type Check<T> = (v: unknown, path: string) => T

const fail = (path: string, want: string): never => {
  throw new SchemaError(`${path || 'answer'}: want ${want}`)
}

export const string: Check<string> = (v, p) => (typeof v === 'string' ? v : fail(p, 'a string'))
export const number: Check<number> = (v, p) => (typeof v === 'number' && Number.isFinite(v) ? v : fail(p, 'a number'))
export const boolean: Check<boolean> = (v, p) => (typeof v === 'boolean' ? v : fail(p, 'a boolean'))

/** Absent (undefined or null) passes as undefined. */
export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (v, p) => (v === undefined || v === null ? undefined : check(v, p))
}

/** null counts as an empty list, as Go writes a nil slice. */
export function array<T>(check: Check<T>): Check<T[]> {
  return (v, p) => {
    if (v === null) return []
    if (!Array.isArray(v)) return fail(p, 'a list')
    return v.map((x, i) => check(x, `${p}[${i}]`))
  }
}

/** An object with at least these fields; other fields are kept. */
export function object<T>(shape: { [K in keyof T]-?: Check<T[K]> }): Check<T> {
  return (v, p) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(p, 'an object')
    const src = v as Record<string, unknown>
    const out: Record<string, unknown> = { ...src }
    for (const k of Object.keys(shape) as (keyof T & string)[]) {
      const value = shape[k](src[k], p ? `${p}.${k}` : k)
      if (value === undefined) delete out[k]
      else out[k] = value
    }
    return out as T
  }
}

const typeHit = object<Pick<TypeHit, 'WebID' | 'Label' | 'SaleCount' | 'RentCount' | 'saleHref' | 'rentHref'>>({
  WebID: number, Label: string, SaleCount: number, RentCount: number, saleHref: optional(string), rentHref: optional(string),
})
const cityHit = object<Pick<CityHit, 'Name' | 'Zip' | 'PropertyCount' | 'SaleCount' | 'RentCount' | 'saleHref' | 'rentHref'>>({
  Name: string, Zip: string, PropertyCount: number, SaleCount: number, RentCount: number, saleHref: optional(string), rentHref: optional(string),
})
const propertyHit = object<Pick<PropertyHit, 'ID' | 'TypeDescription' | 'Price' | 'PublishPrice' | 'PriceUnit' | 'City' | 'Zip' | 'Title' | 'href'>>({
  ID: number, TypeDescription: string, Price: number, PublishPrice: boolean, PriceUnit: number, City: string, Zip: string,
  Title: optional(string), href: string,
})

const answer = object<SearchAnswer>({
  types: array(typeHit) as Check<TypeHit[]>,
  cities: array(cityHit) as Check<CityHit[]>,
  properties: array(propertyHit) as Check<PropertyHit[]>,
})

/** The answer of GET /api/search, checked; throws SchemaError when it is not one. */
export function parseSearchAnswer(v: unknown): SearchAnswer {
  return answer(v, '')
}
