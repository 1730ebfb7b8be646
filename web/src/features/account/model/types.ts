export type { AccountProps, DayVisits, DemandTally, HistoryRow, OwnedProperty, SourceVisits } from '../../../gen/pages'
