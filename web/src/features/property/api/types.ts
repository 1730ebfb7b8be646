import type { BaseProps } from '../../../lib/site/types'
import type { Card, Property } from '../../properties/api/types'

/** The energy label by the region's scale (route.EPCView); image is served by Go under /images/epc/. */
export interface EPCView {
  label: string
  image?: string
  region?: string
}

export interface PropertyProps extends BaseProps {
  property: Property
  similar: Card[] | null
  /** Sold or rented, in the page's language. */
  notice?: string
  epc?: EPCView
  /** The sale or rent list in this language. */
  listUrl: string
  /** The description in this language (with Go's fallbacks). */
  description: string
  title: string
}
