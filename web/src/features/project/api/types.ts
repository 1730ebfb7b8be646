import type { BaseProps, Picture } from '../../../lib/site/types'
import type { Project } from '../../properties/api/types'

export interface ProjectProps extends BaseProps {
  project: Project
  /** In the page's language, with Go's fallbacks. */
  name: string
  description: string
  delivery: string
  /** The language each fell back to, when not the page's (for lang attributes). */
  nameLang?: string
  descriptionLang?: string
  deliveryLang?: string
  /** The projects list, when Go sends it (the breadcrumb links there). */
  listUrl?: string
}

/** A project as a list shows it, in the page's language (route.ProjectCard). */
export interface ProjectCard {
  ID: number
  Name: string
  /** The name's language when it fell back from the page's. */
  NameLang?: string
  City: string
  Zip: string
  Delivery?: string
  PriceFrom?: number
  PriceTo?: number
  SmallPictureItem?: Picture
  XLargePictureItem?: Picture
  UnitsTotal: number
  UnitsAvailable: number
  /** The project lives on its own site: href is that address (new tab). */
  External?: boolean
  href: string
}
