export type { VisitCancelProps, VisitDay, VisitSlot, VisitView } from '../../../gen/pages'
