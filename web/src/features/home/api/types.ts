import type { BaseProps } from '../../../lib/site/types'
import type { ModuleView } from '../../modules/api/types'
import type { Card } from '../../properties/api/types'
import type { ProjectCard } from '../../project/api/types'

export type BannerType = 'image' | 'gallery' | 'video' | 'properties' | 'projects'

/** The home banner in the page's language (route.BannerView). */
export interface BannerView {
  type: BannerType | string
  image?: string
  /** The image's alternative text, when Go sends it (site.Image.alt). */
  imageAlt?: string
  images?: string[] | null
  video?: string
  title?: string
  description?: string
  showLogo: boolean
  properties?: Card[] | null
  /** A projects banner's cards (route.ProjectCard), when Go sends them. */
  projects?: ProjectCard[] | null
}

/** The quick search block with its totals (route.SearchBlockView). */
export interface SearchBlockView {
  title?: string
  description?: string
  logo?: string
  saleHref?: string
  rentHref?: string
  saleCount: number
  rentCount: number
  showCounts: boolean
}

export interface HomeProps extends BaseProps {
  banner: BannerView
  searchBlock?: SearchBlockView
  modules: ModuleView[] | null
}
