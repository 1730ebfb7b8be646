export type { AccountProps, OwnedProperty } from '../../../gen/pages'
