// The message the list page posts to the map frame (SPEC §2 and §7: the
// property list, the message text, the map type, a custom marker and the
// marquee ignore list), shared as types only: the frame and the React app
// are separate bundles.

/** One property on the map: route.Marker (Go's JSON names) plus its price as the list shows it. */
export interface MapProperty {
  ID: number
  Goal: number
  lat: number
  lng: number
  Price: number
  PublishPrice: boolean
  PriceUnit: number
  Marquee: number
  /** "type – city". */
  title: string
  City: string
  /** The picture at the size the card shows (lib/images: ?width=…). */
  picture?: string
  href: string
  /** The price by the rules of SPEC §9 ("price on request", "from …"). */
  priceText: string
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
