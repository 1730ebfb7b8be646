import type { BaseProps } from '../../../lib/site/types'
import type { Marker } from '../../map/api/types'
import type { Card, Property } from '../../properties/api/types'

/** The energy label by the region's scale (route.EPCView); image is served by Go under /images/epc/. */
export interface EPCView {
  label: string
  image?: string
  region?: 'flanders' | 'wallonia' | 'brussels' | string
}

/** catalog.Property as the property page gets it: with its position (rounded when the address is private). */
export interface PropertyDetail extends Property {
  Latitude?: number
  Longitude?: number
}

/**
 * The Property view's props (route/property.go). A missing property has
 * property null, status 404, the "Property not found" notice, the newest
 * properties as similar, and listUrl.
 */
export interface PropertyProps extends BaseProps {
  property: PropertyDetail | null
  similar: Card[] | null
  /** Sold, rented or not found, in the page's language. */
  notice?: string
  epc?: EPCView
  /** The sale or rent list in this language. */
  listUrl: string
  /** The description in this language (with Go's fallbacks). */
  description?: string
  title?: string
  /** The language the title and the description fell back to, when not the page's ("" or absent otherwise). */
  titleLang?: string
  descriptionLang?: string
  /** The map and street view (route.PropertyMap): only for a published address with a position. */
  map?: PropertyMapView
}

/** route.PropertyMap: the property's one marker (no link: it is on its own page) and Google Street View at its position. */
export interface PropertyMapView {
  marker: Marker
  streetView: {
    /** A Maps Embed API frame's address, when the site configures a key (streetView.apiKey). */
    embed?: string
    /** Street view in Google Maps, in a new tab. */
    link: string
  }
}
