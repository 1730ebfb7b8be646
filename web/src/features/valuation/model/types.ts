export type { ValuationProps } from '../../../gen/pages'
