export type { AccountProps, DayVisits, OwnedProperty } from '../../../gen/pages'
