package booking

import (
	"context"
	"errors"
	"time"

	"immo/internal/domain/agenda"
	"immo/internal/domain/audit"
	"immo/internal/domain/errs"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
)

// DeskMails writes the visitor's mails of the agency's changes
// (notify.Composer).
type DeskMails interface {
	VisitMoved(before, after agenda.Booking, r lead.Request, token string) (mail.Message, error)
	VisitCancelledByAgency(b agenda.Booking, r lead.Request) (mail.Message, error)
}

// Auditor writes an audit entry inside the transaction of the change it
// records (sqlstore.Inbox.LogIn).
type Auditor interface {
	LogIn(ctx context.Context, tx mail.Tx, e audit.Entry) error
}

// The audit log's targets and actions of the agency's agenda.
const (
	TargetBooking = "booking" // a booked visit, by its id
	TargetAgenda  = "agenda"  // the slot rules (id 0)

	ActionCancel audit.Action = "cancel" // Before: the slot and who booked it
	ActionMove   audit.Action = "move"   // Before and After: the slots
	ActionRules  audit.Action = "rules"  // Before and After: the rules' documents ("": the configuration's)
)

// The translation keys of the agency's refusals, on the field they are about.
const (
	FieldMoveTo  = "to"
	KeyMoveFull  = "admin.agenda.error.full"
	KeyMoveGone  = "admin.agenda.error.gone"
	KeyMoveSame  = "admin.agenda.error.same"
	KeyNoBooking = "admin.agenda.error.none"
)

// Desk is the agency's side of the visit agenda (the inbox): the week's
// visits, a visit cancelled or moved — the visitor mailed in the change's
// transaction, the change audited — and the slot rules edited.
type Desk struct {
	Visits   *Visits
	Store    agenda.DeskStore
	Rules    agenda.RulesStore
	Requests Requests
	Mails    DeskMails
	Queue    mail.Queue
	Audit    Auditor
}

// Week lists the visits booked in the week holding day (of property, 0:
// every one), and the week's bounds.
func (d *Desk) Week(ctx context.Context, day time.Time, property int64) (from, to time.Time, visits []agenda.Visit, err error) {
	from, to = agenda.Week(day)
	visits, err = d.Store.Visits(ctx, from, to, property, agenda.MaxWeekVisits)
	return from, to, visits, err
}

// OfRequest is what became of visit request id's bookings: each one's
// slot now, how often the agency moved it, whether it was cancelled (the
// audit log's entries of target TargetBooking say who moved or cancelled
// it, and when).
func (d *Desk) OfRequest(ctx context.Context, id int64) ([]agenda.Booked, error) {
	return d.Store.OfRequest(ctx, id)
}

// Free are the slots a visit of property may be moved to now.
func (d *Desk) Free(property int64) []agenda.Slot { return d.Visits.Board.FreeFor(property) }

// requestOf is the visit request that made booking id, as stored (none:
// zero).
func (d *Desk) requestOf(ctx context.Context, id int64) (lead.Request, error) {
	v, err := d.Store.Visit(ctx, id)
	if err != nil {
		return lead.Request{}, deskError(err)
	}
	if v.RequestID <= 0 {
		return lead.Request{}, nil
	}
	r, _, err := d.Requests.Get(ctx, v.RequestID)
	return r, err
}

// tell queues the mail compose writes to the visitor of request r, in the
// change's transaction tx; a request without an address is told nothing.
func (d *Desk) tell(ctx context.Context, tx mail.Tx, r lead.Request, compose func() (mail.Message, error)) error {
	if r.Person.Email == "" {
		return nil
	}
	m, err := compose()
	if err != nil {
		return err
	}
	m.Request = r.ID
	return d.Queue.Enqueue(ctx, tx, m)
}

// Cancel cancels booking id as staff member actor: its place freed, the
// visitor mailed, the change audited, in one transaction.
func (d *Desk) Cancel(ctx context.Context, actor, id int64) error {
	r, err := d.requestOf(ctx, id)
	if err != nil {
		return err
	}
	_, err = d.Store.CancelID(ctx, id, func(ctx context.Context, tx mail.Tx, v agenda.Visit) error {
		err := d.tell(ctx, tx, r, func() (mail.Message, error) { return d.Mails.VisitCancelledByAgency(v.Booking, r) })
		if err != nil {
			return err
		}
		return d.Audit.LogIn(ctx, tx, audit.Entry{Time: d.now(), Actor: actor, Action: ActionCancel, TargetKind: TargetBooking,
			TargetID: id, Before: v.Start.UTC().Format(time.RFC3339) + " " + fullName(v)})
	})
	if err != nil {
		return deskError(err)
	}
	d.Visits.Refresh(ctx)
	return nil
}

// Move moves booking id to the slot at start, one the rules offer now
// with a place for its property, as staff member actor: the visitor gets
// the new time, a new cancel link and the .ics that replaces the old one;
// audited; all in one transaction.
func (d *Desk) Move(ctx context.Context, actor, id int64, start time.Time) error {
	rules := d.Visits.Current()
	now := d.now()
	if !rules.Offers(now, start) {
		return &errs.Error{Code: errs.Invalid, Field: FieldMoveTo, Key: KeyMoveGone, Message: "not a slot offered now"}
	}
	r, err := d.requestOf(ctx, id)
	if err != nil {
		return err
	}
	token, hash := agenda.NewCancelToken()
	_, err = d.Store.Move(ctx, id, start.UTC(), hash, rules.Limits(now), func(ctx context.Context, tx mail.Tx, before, after agenda.Visit) error {
		err := d.tell(ctx, tx, r, func() (mail.Message, error) { return d.Mails.VisitMoved(before.Booking, after.Booking, r, token) })
		if err != nil {
			return err
		}
		return d.Audit.LogIn(ctx, tx, audit.Entry{Time: now, Actor: actor, Action: ActionMove, TargetKind: TargetBooking,
			TargetID: id, Before: before.Start.UTC().Format(time.RFC3339), After: after.Start.UTC().Format(time.RFC3339)})
	})
	if err != nil {
		return deskError(err)
	}
	d.Visits.Refresh(ctx)
	return nil
}

// SaveRules makes r the rules in force on every server, as staff member
// actor; nil goes back to the configuration's. Audited.
func (d *Desk) SaveRules(ctx context.Context, actor int64, r *agenda.Rules) error {
	var doc []byte
	if r != nil {
		if err := r.Validate(); err != nil {
			return &errs.Error{Code: errs.Invalid, Field: "form", Key: KeyRulesInvalid, Message: err.Error()}
		}
		var err error
		if doc, err = agenda.EncodeRules(*r); err != nil {
			return err
		}
	}
	before := ""
	if !d.Visits.Configured() {
		old, err := agenda.EncodeRules(d.Visits.Current())
		if err != nil {
			return err
		}
		before = string(old)
	}
	err := d.Rules.SaveRules(ctx, doc, func(ctx context.Context, tx mail.Tx) error {
		return d.Audit.LogIn(ctx, tx, audit.Entry{Time: d.now(), Actor: actor, Action: ActionRules, TargetKind: TargetAgenda,
			Before: before, After: string(doc)})
	})
	if err != nil {
		return err
	}
	d.Visits.Refresh(ctx)
	return nil
}

func (d *Desk) now() time.Time {
	if d.Visits.Now != nil {
		return d.Visits.Now()
	}
	return time.Now()
}

func fullName(v agenda.Visit) string {
	n := v.FirstName
	if v.LastName != "" {
		if n != "" {
			n += " "
		}
		n += v.LastName
	}
	return n
}

// deskError is err as the inbox reads it.
func deskError(err error) error {
	switch {
	case errors.Is(err, agenda.ErrNoBooking):
		return &errs.Error{Code: errs.NotFound, Field: "form", Key: KeyNoBooking, Message: err.Error()}
	case errors.Is(err, agenda.ErrFull):
		return &errs.Error{Code: errs.Conflict, Field: FieldMoveTo, Key: KeyMoveFull, Message: err.Error()}
	case errors.Is(err, agenda.ErrSameSlot):
		return &errs.Error{Code: errs.Invalid, Field: FieldMoveTo, Key: KeyMoveSame, Message: err.Error()}
	}
	return err
}

// Current are the slot rules in force; Configured says whether they are
// the configuration's (none saved in the inbox).
func (d *Desk) Current() agenda.Rules { return d.Visits.Current() }
func (d *Desk) Configured() bool      { return d.Visits.Configured() }
