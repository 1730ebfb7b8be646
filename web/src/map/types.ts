// The message the list page posts to the map frame (SPEC §2 and §7: the
// property list, the message text, the map type, a custom marker and the
// marquee ignore list), shared as types only: the frame and the React app
// are separate bundles.

import type { Marker } from '../shared/map/model/types'

/** One property on the map: route.Marker (Go's JSON names) plus its price as the list shows it. */
export interface MapProperty extends Marker {
  /** The price by the rules of SPEC §9 ("price on request", "from …", "/ month"). */
  priceText: string
  /** The status label (new, under option…) in the page's language, by properties/model/rules marqueeOf. */
  marquee?: string
  /** The label's language when it is not the page's (a feed's name for a code we do not translate). */
  marqueeLang?: string
}

export interface MapMessage {
  properties: MapProperty[]
  /** The text of the link on a marker's card. */
  message: string
  mapType: string
  /** The address of a marker picture, or null for the price label alone. */
  customMarker: string | null
  /** Marquee codes that get no highlight (the card's rule: 0, 3, 4, 13). */
  marqueeIgnore: number[]
}

/** What the frame posts to its parent once it listens (the parent then sends the message). */
export const MAP_READY = 'immo-map-ready'
