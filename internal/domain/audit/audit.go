// Package audit is the back office's log of changes: who changed what, on
// what, when. Every change the staff make — a lead's status, a staff
// member's role, a mail sent again — and every request a visitor sends
// writes an entry, in the transaction of the change (Logger.LogIn): the
// change and its entry are kept together, or neither. Entries are never
// changed or deleted.
package audit

import (
	"context"
	"time"

	"immo/internal/domain/errs"
	"immo/internal/domain/mail"
)

// Action is what an entry records ("status", "staff.role"…): each domain
// package names its own.
type Action string

// Entry is one change: who, what, on what, when.
type Entry struct {
	ID     int64
	Time   time.Time
	Actor  int64 // the staff account that made the change, or CommandLine, Visitor or Operator
	Action Action
	// TargetKind and TargetID name what changed ("lead" 12; a kind with
	// TargetID 0: the whole list, as an export).
	TargetKind string
	TargetID   int64
	Before     string
	After      string
}

// Actors that are no staff account.
const (
	CommandLine int64 = 0  // immo on the server's command line (staff add, reset-2fa)
	Visitor     int64 = -1 // a visitor, on the site (a request sent)
	// Operator is the platform's operator (issue #35), whose account is
	// another agency's: the entry's After or Before names them.
	Operator int64 = -2
)

// MaxSummary bounds Before and After: the log says what changed, it is not
// a copy of every note.
const MaxSummary = 500

// Summary is s within MaxSummary characters.
func Summary(s string) string {
	r := []rune(s)
	if len(r) <= MaxSummary {
		return s
	}
	return string(r[:MaxSummary-1]) + "…"
}

// Query asks the log for entries, newest first.
type Query struct {
	TargetKind string // "": any
	TargetID   int64  // 0: any (with TargetKind)
	Actor      int64  // 0: anyone
	Before     int64  // entries with a smaller id (the next page); 0: the newest
	Limit      int    // 1…MaxLimit
}

// MaxLimit bounds one read of the log.
const MaxLimit = 500

// KeySize refuses a query out of its bounds (admin.json).
const KeySize = "admin.error.size"

// Check refuses a query out of its bounds.
func (q Query) Check() error {
	if q.Limit < 1 || q.Limit > MaxLimit || q.Before < 0 || q.TargetID < 0 || q.Actor < CommandLine {
		return &errs.Error{Code: errs.Invalid, Field: "limit", Key: KeySize, Message: "audit: query out of bounds"}
	}
	return nil
}

// Logger writes entries: the shared SQL package's sqlstore.Audit.
type Logger interface {
	// LogIn writes e inside tx, the transaction of the change it records.
	LogIn(ctx context.Context, tx mail.Tx, e Entry) error
	// Log writes an entry of no change (an export) on its own.
	Log(ctx context.Context, e Entry) error
}

// Store is the log: written, and read newest first.
type Store interface {
	Logger
	// List reads the entries q selects (checked), newest first.
	List(ctx context.Context, q Query) ([]Entry, error)
}
