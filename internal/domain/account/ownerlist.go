package account

import (
	"context"
	"strings"
	"time"

	"immo/internal/domain/errs"
	"immo/internal/domain/mail"
)

// The back office's owners: each owner's account with the properties it
// owns, whether it chose a password, and its last invitation; a staff
// member mails an owner their invitation again (the feed's mail, a new
// link), audited in the same transaction.

// OwnerSummary is an owner as the back office lists them.
type OwnerSummary struct {
	Account
	Properties []int64 // ascending
	// Activated: a password was chosen (an invitation's or a reset's link
	// used).
	Activated bool
	// LastInvite is when the newest invitation link was made (its expiry
	// less InviteValidity); zero: none stored.
	LastInvite time.Time
}

// OwnerQuery asks for one page of owners, the newest accounts first.
type OwnerQuery struct {
	// Q is text the address or a name holds (any case); "": every owner.
	Q      string
	Offset int
	Limit  int // 1…MaxOwnerPage
}

// Bounds of an owner query.
const (
	MaxOwnerPage   = 100
	MaxOwnerSearch = 100   // characters
	MaxOwnerOffset = 50000 // far beyond any agency's owners
)

// KeyOwnerSearch is the message of a query out of bounds (admin.json).
const KeyOwnerSearch = "admin.owners.error.search"

// Errors of the back office's owners; a refusal the owners page shows is
// said on the owner's row (field "id").
var (
	ErrNotOwner        = &errs.Error{Code: errs.NotFound, Message: "account: no such owner"}
	ErrOwnerDisabled   = &errs.Error{Code: errs.Conflict, Field: "id", Key: "admin.owners.error.disabled", Message: "account: the owner's account is disabled"}
	ErrOwnerNoProperty = &errs.Error{Code: errs.Conflict, Field: "id", Key: "admin.owners.error.noProperty", Message: "account: the owner owns no property"}
)

// OwnerDirectory reads the owners for the back office.
type OwnerDirectory interface {
	// ListOwners is one page of owners; more says another follows.
	ListOwners(ctx context.Context, q OwnerQuery) (list []OwnerSummary, more bool, err error)
	// OwnerSummary is the owner account id: ErrNotOwner when none.
	OwnerSummary(ctx context.Context, id int64) (OwnerSummary, error)
}

// OwnerInviteSent is the audit action of an invitation mailed again, and
// OwnerAuditTarget the audit log's target kind of an owner's account.
const (
	OwnerInviteSent  = "owner.invite"
	OwnerAuditTarget = "owner"
)

// OwnerChange is a staff member's change to an owner, for the audit log.
type OwnerChange struct {
	By, Account int64
	Action      string
	At          time.Time
}

// OwnerAudit records c in the transaction tx that makes it.
type OwnerAudit func(ctx context.Context, tx mail.Tx, c OwnerChange) error

// OwnerInvites are the owners as the back office works them.
type OwnerInvites struct {
	Directory OwnerDirectory
	Store     OwnerStore
	Queue     mail.Queue
	// Mail writes the invitation to a naming its properties, its link
	// carrying token: the mail the feed's import sends.
	Mail  func(a Account, token string, properties []int64) (mail.Message, error)
	Audit OwnerAudit
	Now   func() time.Time // nil: time.Now
}

// List is one page of owners for the staff member by.
func (s *OwnerInvites) List(ctx context.Context, by Viewer, q OwnerQuery) ([]OwnerSummary, bool, error) {
	if !by.IsStaff() {
		return nil, false, ErrForbidden
	}
	q.Q = strings.TrimSpace(q.Q)
	if len([]rune(q.Q)) > MaxOwnerSearch || q.Offset < 0 || q.Offset > MaxOwnerOffset || q.Limit < 1 || q.Limit > MaxOwnerPage {
		return nil, false, &errs.Error{Code: errs.Invalid, Field: "q", Key: KeyOwnerSearch, Message: "account: owner query out of bounds"}
	}
	return s.Directory.ListOwners(ctx, q)
}

// Resend mails the owner account id their invitation again, as the staff
// member by: a new link (the earlier ones stay valid until they expire or
// one is used) with the properties they own, queued with its audit entry
// in one transaction. A disabled account (its link would open nothing)
// and an owner of no property (an invitation names what they own) are
// refused.
func (s *OwnerInvites) Resend(ctx context.Context, by Viewer, id int64) error {
	if !by.IsStaff() {
		return ErrForbidden
	}
	o, err := s.Directory.OwnerSummary(ctx, id)
	switch {
	case err != nil:
		return err
	case o.Disabled:
		return ErrOwnerDisabled
	case len(o.Properties) == 0:
		return ErrOwnerNoProperty
	}
	props := o.Properties
	inviter := &Owners{Store: s.Store, Queue: s.Queue, Now: s.Now,
		Mail: func(a Account, token string) (mail.Message, error) { return s.Mail(a, token, props) }}
	a, props, t, queue, err := inviter.invitation(Invitation{Email: o.Email, FirstName: o.FirstName, LastName: o.LastName,
		Lang: o.Lang, Properties: props})
	if err != nil {
		return err
	}
	_, _, err = s.Store.Invite(ctx, a, props, t, func(ctx context.Context, tx mail.Tx, a Account) error {
		if err := queue(ctx, tx, a); err != nil {
			return err
		}
		if s.Audit == nil {
			return nil
		}
		return s.Audit(ctx, tx, OwnerChange{By: by.Account.ID, Account: a.ID, Action: OwnerInviteSent, At: inviter.now()})
	})
	return err
}
