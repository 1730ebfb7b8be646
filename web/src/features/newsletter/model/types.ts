export type { NewsletterProps } from '../../../gen/pages'
