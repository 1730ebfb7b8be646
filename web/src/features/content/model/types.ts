export type { LegalProps as LegalPageProps, PageProps as ContentPageProps } from '../../../gen/pages'
