package admin

// AuditProps are the audit log: who changed what and when.
type AuditProps struct {
	Base
	Rows []AuditRow `json:"rows"`
	// The filter as its address gives it, and its choices.
	Kind  string      `json:"kind"`
	Actor string      `json:"actor"`
	Kinds []string    `json:"kinds"`
	Staff []StaffName `json:"staff"`
	ListLinks
}

func (AuditProps) View() string { return ViewAudit }

// AuditRow is one change.
type AuditRow struct {
	ID     int64  `json:"id"`
	Time   string `json:"time"` // RFC 3339
	Actor  string `json:"actor"`
	Action string `json:"action"`
	Kind   string `json:"kind"`   // the target's kind
	Target int64  `json:"target"` // its id (0: none)
	Href   string `json:"href"`   // its page in the inbox ("": none)
	// Before and After in the staff's words; BeforeAt and AfterAt a
	// slot's time (RFC 3339, "": none) beside them.
	Before   string `json:"before"`
	After    string `json:"after"`
	BeforeAt string `json:"beforeAt"`
	AfterAt  string `json:"afterAt"`
}
