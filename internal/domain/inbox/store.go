package inbox

import (
	"context"
	"immo/internal/domain/audit"
	"io"

	"immo/internal/domain/errs"
)

// Store keeps the inbox: the shared SQL package's sqlstore.Inbox.
//
// Filters reach it checked (Filter.Check). Every list is in the order of
// the ids, newest or oldest first, and pages by a cursor on the id, so a
// page costs the same at the end of 100 000 leads as at the start.
type Store interface {
	// List returns one page of the leads f selects.
	List(ctx context.Context, f Filter) (Page, error)
	// Count is how many leads f selects (its cursor and size ignored), up
	// to limit.
	Count(ctx context.Context, f Filter, limit int) (int, error)
	// Lead is lead id with its files' metadata, notes and history (no
	// mails); ErrNoLead when there is none.
	Lead(ctx context.Context, id int64) (Detail, error)
	// File is the upload of lead id in form field name, to be read whole;
	// ErrNoFile when there is none.
	File(ctx context.Context, id int64, name string) (FileInfo, io.ReadSeeker, error)
	// NotesOf is the notes of the leads ids (at most a page of them), by
	// lead, each lead's oldest first; a lead of none is absent.
	NotesOf(ctx context.Context, ids []int64) (map[int64][]Note, error)
	// Latest is the newest lead's id; 0 when there is none.
	Latest(ctx context.Context) (int64, error)
	// Since returns the leads with an id above after, oldest first, at most
	// limit: what came in since the list was shown.
	Since(ctx context.Context, after int64, limit int) ([]Row, error)
	// Edit runs fn on lead id's current state inside one write transaction
	// (the lead's row held until it ends); when fn returns nil, the state fn
	// left, the notes it added and its audit entries are written, all or
	// none. ErrNoLead when there is no such lead.
	Edit(ctx context.Context, id int64, fn func(e *Edit) error) error
	// Log writes an audit entry of no change (an export).
	Log(ctx context.Context, e audit.Entry) error
}

// Edit is a lead's changeable state, as Store.Edit hands it to its function:
// change Status and Assignee, add notes and log entries.
type Edit struct {
	ID       int64
	Status   Status
	Assignee int64 // 0: nobody
	// Notes are the notes to add (their ID and Lead set by the store).
	Notes []Note
	// Entries are the audit entries to write (their ID set by the store).
	Entries []audit.Entry
}

// Mails reads the mails queued about a lead (mailqueue.Queue.About).
type Mails interface {
	About(ctx context.Context, lead int64) ([]Mail, error)
}

// MailsFunc adapts a function to Mails.
type MailsFunc func(ctx context.Context, lead int64) ([]Mail, error)

func (f MailsFunc) About(ctx context.Context, lead int64) ([]Mail, error) { return f(ctx, lead) }

// Staff says whether an account is a staff member's that may be given
// leads (account.Store).
type Staff interface {
	IsStaff(ctx context.Context, id int64) (bool, error)
}

// StaffFunc adapts a function to Staff.
type StaffFunc func(ctx context.Context, id int64) (bool, error)

func (f StaffFunc) IsStaff(ctx context.Context, id int64) (bool, error) { return f(ctx, id) }

// The errors a Store returns wrapped (errors.Is, errs.As).
var (
	ErrNoLead = &errs.Error{Code: errs.NotFound, Key: KeyNoLead, Message: "inbox: no such lead"}
	ErrNoFile = &errs.Error{Code: errs.NotFound, Key: KeyNoFile, Message: "inbox: no such file"}
)
