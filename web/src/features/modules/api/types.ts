import type { Text } from '../../../lib/site/types'
import type { Card } from '../../properties/api/types'
import type { ProjectCard } from '../../project/api/types'

/** One entry of a services or testimonials module (site.ModuleItem, not yet in one language; link built for the page's language, absent when it led nowhere). */
export interface ModuleItem {
  title?: Text
  description?: Text
  author?: string
  icon?: string
  image?: string
  link?: string
}

/** An approved testimonial from the database (module view "testimonials"). */
export interface Testimonial {
  name: string
  comment: string
  /** A picture address, when the visitor sent one. */
  picture?: string
}

/** A configured module in the page's language (route.ModuleView). */
export interface ModuleView {
  id: number
  view:
    | 'property-list'
    | 'latest-offers'
    | 'spotlight-sale'
    | 'spotlight-rent'
    | 'services'
    | 'testimonials'
    | 'contact'
    | 'text'
    | 'project-list'
    | string
  title?: string
  /** The title's language when it fell back to another than the page's. */
  titleLang?: string
  titleSize?: string
  description?: string
  descriptionLang?: string
  numberItemOfRow: number
  maxItems: number
  class?: string
  items?: Card[] | null
  /** View "project-list": the online projects. */
  projects?: ProjectCard[] | null
  entries?: ModuleItem[] | null
  /** View "testimonials": the approved testimonials; shown instead of entries when there are some. */
  testimonials?: Testimonial[] | null
  moreHref?: string
}
