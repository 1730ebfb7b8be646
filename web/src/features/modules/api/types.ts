import type { Text } from '../../../lib/site/types'
import type { Card } from '../../properties/api/types'

/** One entry of a services or testimonials module (site.ModuleItem, not yet in one language). */
export interface ModuleItem {
  title?: Text
  description?: Text
  author?: string
  icon?: string
  image?: string
  link?: string
}

/** A configured module in the page's language (route.ModuleView). */
export interface ModuleView {
  id: number
  view: 'property-list' | 'latest-offers' | 'spotlight-sale' | 'spotlight-rent' | 'services' | 'testimonials' | 'contact' | 'text' | string
  title?: string
  titleSize?: string
  description?: string
  numberItemOfRow: number
  maxItems: number
  class?: string
  items?: Card[] | null
  entries?: ModuleItem[] | null
  moreHref?: string
}
