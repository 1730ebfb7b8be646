import type { Text } from '../../../lib/site/types'
import type { Card } from '../../properties/api/types'
import type { ProjectCard } from '../../project/api/types'

/** One entry of a services module (site.ModuleItem, not yet in one language; link built for the page's language, absent when it led nowhere). */
export interface ModuleItem {
  title?: Text
  description?: Text
  author?: string
  icon?: string
  image?: string
  link?: string
}

/** A testimonial in the page's language or another (route.TestimonialView): an approved one from the database or a configured entry. */
export interface Testimonial {
  name: string
  /** A configured entry's title, in the comment's language. */
  title?: string
  comment: string
  /** A picture address, when the visitor sent one. */
  picture?: string
  /** The language it is written in, when known. */
  lang?: string
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
  /** View "services": its configured entries. */
  entries?: ModuleItem[] | null
  /** View "testimonials": the approved and the configured ones, the page's language first. */
  testimonials?: Testimonial[] | null
  moreHref?: string
}
