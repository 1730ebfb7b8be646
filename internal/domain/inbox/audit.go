package inbox

import "time"

// Action is what an audit entry records.
type Action string

const (
	ActionStatus Action = "status" // Before and After are the statuses
	ActionAssign Action = "assign" // Before and After are staff account ids ("" for nobody)
	ActionNote   Action = "note"   // After is the note's text, shortened
	ActionExport Action = "export" // After is the exported list's filter
)

// TargetLead is the target kind of an entry about a lead. Other back-office
// changes (staff accounts) may log under their own kinds.
const TargetLead = "lead"

// Entry is one change in the audit log: who, what, on what, when.
type Entry struct {
	ID         int64
	Time       time.Time
	Actor      int64 // the staff account that made the change
	Action     Action
	TargetKind string
	TargetID   int64
	Before     string
	After      string
}

// MaxSummary bounds Before and After: the log says what changed, it is not
// a copy of every note.
const MaxSummary = 500

// summary is s within MaxSummary characters.
func summary(s string) string {
	r := []rune(s)
	if len(r) <= MaxSummary {
		return s
	}
	return string(r[:MaxSummary-1]) + "…"
}

// AuditQuery asks the audit log for entries, newest first.
type AuditQuery struct {
	TargetKind string // "": any
	TargetID   int64  // 0: any (with TargetKind)
	Actor      int64  // 0: anyone
	Before     int64  // entries with a smaller id (the next page); 0: the newest
	Limit      int    // 1…MaxAuditLimit; 0: DefaultPageSize
}

// MaxAuditLimit bounds one read of the audit log.
const MaxAuditLimit = 500
