package inbox

import (
	"context"
	"immo/internal/domain/audit"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"immo/internal/domain/errs"
	"immo/internal/domain/field"
)

// Service is the inbox's operations. The HTTP layer passes the logged-in
// staff account's id as actor to each change.
type Service struct {
	Store Store
	// Mails tells the mails sent about a lead; nil: Lead shows none.
	Mails Mails
	// Staff checks an assignee; nil: any id is taken.
	Staff Staff
	Now   func() time.Time // nil: time.Now
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// invalid is a refused input as a domain error.
func invalid(name, key string) error {
	return &errs.Error{Code: errs.Invalid, Field: name, Key: key, Message: "inbox: " + name + ": " + key}
}

// checked is f checked, or its first problem as an errs.Invalid.
func checked(f Filter) (Filter, error) {
	for name, key := range f.Check() {
		return f, invalid(name, key)
	}
	return f, nil
}

// List returns one page of the leads f selects.
func (s *Service) List(ctx context.Context, f Filter) (Page, error) {
	f, err := checked(f)
	if err != nil {
		return Page{}, err
	}
	return s.Store.List(ctx, f)
}

// How far Count counts: past it, say "10 000+" (or "1 000+"). A filter's
// leads are counted through its index alone; a search's are looked up
// one by one through the search index, so a search matching half the inbox
// counts to 1 000, which costs what 10 000 of a filter do.
const (
	MaxCount       = 10_000
	MaxSearchCount = 1_000
)

// CountLimit is how far Count counts the leads f selects.
func CountLimit(f Filter) int {
	if len(SearchTerms(f.Search)) > 0 {
		return MaxSearchCount
	}
	return MaxCount
}

// Count is how many leads f selects, and whether there are more than
// CountLimit(f) (n is then that limit).
func (s *Service) Count(ctx context.Context, f Filter) (n int, more bool, err error) {
	f, err = checked(f)
	if err != nil {
		return 0, false, err
	}
	limit := CountLimit(f)
	n, err = s.Store.Count(ctx, f, limit+1)
	if n > limit {
		return limit, true, err
	}
	return n, false, err
}

// Lead is lead id with everything about it, the mails sent included.
func (s *Service) Lead(ctx context.Context, id int64) (Detail, error) {
	d, err := s.Store.Lead(ctx, id)
	if err != nil || s.Mails == nil {
		return d, err
	}
	d.Mails, err = s.Mails.About(ctx, id)
	return d, err
}

// File is the upload of lead id in form field name (a CV).
func (s *Service) File(ctx context.Context, id int64, name string) (FileInfo, io.ReadSeeker, error) {
	return s.Store.File(ctx, id, name)
}

// Latest is the newest lead's id, for a page to ask Since later.
func (s *Service) Latest(ctx context.Context) (int64, error) { return s.Store.Latest(ctx) }

// MaxSince bounds what Since returns at once.
const MaxSince = 100

// Since returns the leads that came after lead after, oldest first (at most
// MaxSince): what a list shown earlier is missing.
func (s *Service) Since(ctx context.Context, after int64) ([]Row, error) {
	return s.Store.Since(ctx, max(after, 0), MaxSince)
}

// SetStatus moves lead id to status to, as actor. The same status again
// changes nothing; a move CanMove refuses is an errs.Conflict.
func (s *Service) SetStatus(ctx context.Context, actor, id int64, to Status) error {
	return s.MoveStatus(ctx, actor, id, "", to)
}

// ErrStatusChanged says the lead's status is no longer the one the page
// showed: someone changed it meanwhile (MoveStatus).
var ErrStatusChanged = &errs.Error{Code: errs.Conflict, Field: "status", Key: KeyChanged, Message: "inbox: the status changed meanwhile"}

// MoveStatus is SetStatus from the status from the staff member saw ("":
// whatever it is): another, set meanwhile from another tab, is
// ErrStatusChanged, so nobody undoes a colleague's change unknowingly.
func (s *Service) MoveStatus(ctx context.Context, actor, id int64, from, to Status) error {
	if !to.Valid() || (from != "" && !from.Valid()) {
		return invalid("status", KeyStatus)
	}
	return s.Store.Edit(ctx, id, func(e *Edit) error {
		if e.Status == to {
			return nil
		}
		if from != "" && e.Status != from {
			return ErrStatusChanged
		}
		if !CanMove(e.Status, to) {
			return &errs.Error{Code: errs.Conflict, Field: "status", Key: KeyTransition,
				Message: "inbox: lead " + strconv.FormatInt(id, 10) + " cannot go from " + string(e.Status) + " to " + string(to)}
		}
		e.Entries = append(e.Entries, s.entry(actor, id, ActionStatus, string(e.Status), string(to)))
		e.Status = to
		return nil
	})
}

// MaxNote bounds a note.
const MaxNote = field.MaxRemark

// AddNote adds text as actor's note on lead id.
func (s *Service) AddNote(ctx context.Context, actor, id int64, text string) error {
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		return invalid("note", KeyNoteEmpty)
	case utf8.RuneCountInString(text) > MaxNote:
		return invalid("note", KeyNoteLong)
	case !field.IsPlain(text, true):
		return invalid("note", KeyNoteText)
	}
	return s.Store.Edit(ctx, id, func(e *Edit) error {
		e.Notes = append(e.Notes, Note{Author: actor, Text: text, Created: s.now()})
		e.Entries = append(e.Entries, s.entry(actor, id, ActionNote, "", audit.Summary(text)))
		return nil
	})
}

// Assign gives lead id to staff account assignee (0: to nobody), as actor.
// The same assignee again changes nothing.
func (s *Service) Assign(ctx context.Context, actor, id, assignee int64) error {
	if assignee < 0 {
		return invalid("assignee", KeyAssignee)
	}
	if assignee != 0 && s.Staff != nil {
		ok, err := s.Staff.IsStaff(ctx, assignee)
		if err != nil {
			return err
		}
		if !ok {
			return invalid("assignee", KeyAssignee)
		}
	}
	return s.Store.Edit(ctx, id, func(e *Edit) error {
		if e.Assignee == assignee {
			return nil
		}
		e.Entries = append(e.Entries, s.entry(actor, id, ActionAssign, idText(e.Assignee), idText(assignee)))
		e.Assignee = assignee
		return nil
	})
}

// entry is an audit entry of actor's change of lead id, now.
func (s *Service) entry(actor, id int64, a audit.Action, before, after string) audit.Entry {
	return audit.Entry{Time: s.now(), Actor: actor, Action: a, TargetKind: TargetLead, TargetID: id, Before: before, After: after}
}

// idText writes an id for the log, "" for none.
func idText(id int64) string {
	if id == 0 {
		return ""
	}
	return strconv.FormatInt(id, 10)
}
