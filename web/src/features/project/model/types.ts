export type { ProjectProps } from '../../../gen/pages'
