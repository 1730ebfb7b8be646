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
