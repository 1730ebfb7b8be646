import type { BaseProps, SiteLink } from '../../../lib/site/types'
import type { ModuleView } from '../../modules/api/types'

/** A configured content page (route.contentPage). */
export interface ContentPageProps extends BaseProps {
  title: string
  /** The title's language when it fell back to another than the page's. */
  titleLang?: string
  /** Trusted HTML from the configuration. */
  content: string
  contentLang?: string
  modules: ModuleView[] | null
  children: SiteLink[] | null
}

/** A legal page: privacy, cookies, disclaimer. */
export interface LegalPageProps extends BaseProps {
  title: string
  titleLang?: string
  /** Trusted HTML from the configuration. */
  content: string
  contentLang?: string
}
