import type { BaseProps, Text } from '../../../lib/site/types'
import type { Marker } from '../../map/api/types'
import type { Card } from '../../properties/api/types'
import type { SearchAnswer } from '../../search/api/types'

/** The list filters as the URL carries them (route.Filters); "" when unset. */
export interface Filters {
  city: string
  type: string
  priceMin: string
  priceMax: string
  bedroomsMin: string
  sort: string
  order: string
}

/** How the list shows: cards, or the map above them (?view=map). */
export type ListView = 'list' | 'map'

export interface PropertyTypeOption {
  ID: number
  WebID: number
  Name: Text
  Label?: string
  SaleCount?: number
  RentCount?: number
}

export interface CityOption {
  Name: string
  Zip: string
  PropertyCount: number
  SaleCount?: number
  RentCount?: number
}

export interface PropertyListProps extends BaseProps {
  title: string
  titleSize: string
  list: 'sale' | 'rent' | 'sold'
  filters: Filters
  page: number
  pages: number
  total: number
  items: Card[] | null
  types?: PropertyTypeOption[] | null
  cities?: CityOption[] | null
  /** The list page's address in this language, without query. */
  pageUrl: string
  /** A bad filter, named in the page's language (the list is then unfiltered). */
  error?: string
  /** "map" with ?view=map (absent in older page objects: the list). */
  mode?: ListView
  /** With the map: every matching property that has a position. */
  markers?: Marker[] | null
  /** A search (?q=) whose text names nothing: the text and its suggestions (route.SearchView). */
  search?: { query: string; suggestions: SearchAnswer } | null
}
