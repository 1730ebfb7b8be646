export type { ThankYouProps } from '../../../gen/pages'
