import type { BaseProps } from '../../../lib/site/types'
import type { Project } from '../../properties/api/types'

export interface ProjectProps extends BaseProps {
  project: Project
  /** In the page's language, with Go's fallbacks. */
  name: string
  description: string
  delivery: string
}
