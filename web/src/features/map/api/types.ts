/** One property of a map (route.Marker): every property the list's filters match that has a position. */
export interface Marker {
  ID: number
  Goal: number
  lat: number
  lng: number
  Price: number
  PublishPrice: boolean
  PriceUnit: number
  Marquee: number
  MarqueeName?: string
  /** The language of MarqueeName. */
  Language?: string
  /** "type – city". */
  title: string
  City: string
  picture?: string
  /** The property's page; "" on the property page's own marker, which opens nothing. */
  href: string
}
