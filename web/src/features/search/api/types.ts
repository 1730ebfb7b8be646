import type { Card } from '../../properties/api/types'

/**
 * A property type matching the query and its lists (httpapi.TypeHit): the
 * sale list when it has some for sale, the rent list when some for rent.
 */
export interface TypeHit {
  WebID: number
  Label: string
  SaleCount: number
  RentCount: number
  saleHref?: string
  rentHref?: string
}

/** A city matching the query and its lists, as TypeHit (httpapi.CityHit = catalog.City + the lists). */
export interface CityHit {
  Name: string
  Zip: string
  CountryID?: number
  CountryName?: string
  PropertyCount: number
  SaleCount: number
  RentCount: number
  saleHref?: string
  rentHref?: string
}

/** A property whose ID starts with the query, and its page (httpapi.PropertyHit = catalog.Card + href). */
export type PropertyHit = Card

/** GET /api/search?q=&lang= (httpapi.SearchAnswer): the three groups of the search box. */
export interface SearchAnswer {
  types: TypeHit[]
  cities: CityHit[]
  properties: PropertyHit[]
}

export const EMPTY_ANSWER: SearchAnswer = { types: [], cities: [], properties: [] }
