export type { ProjectCard, ProjectProps } from '../../../gen/pages'
