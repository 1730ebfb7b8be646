package inbox

import (
	"immo/internal/domain/audit"
	"immo/internal/domain/lead"
)

// The changes of a lead the inbox logs (package audit).
const (
	ActionStatus audit.Action = "status" // Before and After are the statuses
	ActionAssign audit.Action = "assign" // Before and After are staff account ids ("" for nobody)
	ActionNote   audit.Action = "note"   // After is the note's text, shortened
	ActionExport audit.Action = "export" // After is the exported list's filter
)

// TargetLead is the target kind of an entry about a lead.
const TargetLead = lead.AuditTarget

// The audit log's types under their former names, for the callers not yet
// moved to package audit (to be deleted once none is left).
type (
	Entry      = audit.Entry
	Action     = audit.Action
	AuditQuery = audit.Query
)

// MaxAuditLimit is audit.MaxLimit under its former name.
const MaxAuditLimit = audit.MaxLimit
