package account

import (
	"context"
	"errors"
	"time"

	"immo/internal/domain/field"
	"immo/internal/domain/linktoken"
	"immo/internal/domain/mail"
)

// Every single-use link mailed to an account — an owner's invitation, a
// forgotten password's, a staff member's password link — is one link of
// the LinkStore: its token random and mailed once, only its SHA-256
// stored, with a purpose, an expiry and the account it opens. A kind of
// link (LinkKind) is its purpose, the role whose accounts it opens and how
// long it works: a page follows the links of its kind only, so an owner's
// page takes no staff link and the staff's page no owner's, whoever holds
// it. Every role's links go through the same three calls.

// Purposes of a link (its row's purpose).
const (
	PurposeSetPassword = "set-password" // an owner's: the first password, or a forgotten one
	PurposeReset       = "reset"        // a registrant's forgotten password
	// PurposeStaffPassword is a staff account's password link: the first
	// password, or another an admin sends.
	PurposeStaffPassword = "staff-password"
	// PurposeConfirmDemand is a registrant's link confirming a demand they
	// posted: its row names the demand (registrant.Store keeps it).
	PurposeConfirmDemand = "confirm-demand"
)

// InviteValidity is how long an invitation's link sets a password, and
// ResetValidity a forgotten password's.
const (
	InviteValidity  = 7 * 24 * time.Hour
	ResetValidity   = time.Hour
	ConfirmValidity = 7 * 24 * time.Hour
)

// LinkKind is a kind of link: its purpose, the role of the accounts it
// opens and how long it works from when it is mailed.
type LinkKind struct {
	Purpose  string
	Role     Role
	Validity time.Duration
}

// The kinds of links.
var (
	OwnerInviteLink     = LinkKind{PurposeSetPassword, Owner, InviteValidity}
	OwnerResetLink      = LinkKind{PurposeSetPassword, Owner, ResetValidity} // opens the invitation's page
	RegistrantResetLink = LinkKind{PurposeReset, Registrant, ResetValidity}
	StaffLink           = LinkKind{PurposeStaffPassword, Staff, StaffLinkValidity}
	DemandConfirmLink   = LinkKind{PurposeConfirmDemand, Registrant, ConfirmValidity}
)

// New is a new link of kind made at now: the token the mail carries and
// its stored part.
func (k LinkKind) New(now time.Time) (token string, t Token) {
	token = linktoken.New()
	return token, Token{Hash: linktoken.Hash(token), Purpose: k.Purpose, Expires: now.Add(k.Validity)}
}

// ErrUnknownToken says a link is unknown, used or expired (or its account
// disabled, or of another kind).
var ErrUnknownToken = errors.New("account: unknown, used or expired link")

// ErrDisabled says a link was asked for a disabled account.
var ErrDisabled = errors.New("account: the account is disabled")

// Token is a link's stored part.
type Token struct {
	Hash    string // linktoken.Hash of the link's token
	Purpose string
	Expires time.Time
}

// TxFunc runs inside the write transaction of a change to the account a
// (a link stored or used, a change to the staff): it queues the change's
// mail, writes its audit record. An error from it undoes the change.
type TxFunc func(ctx context.Context, tx mail.Tx, a Account) error

// LinkStore keeps every account's single-use links. A link stored ends
// the account's earlier unused ones, and a password set (by a link or
// otherwise) ends them all: only the newest mail's link works.
type LinkStore interface {
	// AddLink stores the link t for the account of to.Role named by to.ID
	// (by to.Email when ID is 0) and runs fn (nil: nothing) with the
	// account, in one transaction: ErrNotFound when there is none,
	// ErrDisabled when it is disabled.
	AddLink(ctx context.Context, to Account, t Token, fn TxFunc) (Account, error)
	// LinkAccount is the enabled account of kind.Role a link of
	// kind.Purpose names while unused and unexpired at now; else
	// ErrUnknownToken.
	LinkAccount(ctx context.Context, kind LinkKind, hash string, now time.Time) (Account, error)
	// UseLink spends such a link and sets its account's password hash
	// (dated now: its other sessions end, its address counts as proven,
	// its other links end), then runs fn (nil: nothing) with the account,
	// in one transaction: of two uses racing one wins, the other gets
	// ErrUnknownToken.
	UseLink(ctx context.Context, kind LinkKind, hash string, now time.Time, passwordHash string, fn TxFunc) (Account, error)
}

// LinkMail writes the mail of a link to a; the link carries token.
type LinkMail func(a Account, token string) (mail.Message, error)

// Links mails and follows the single-use links of one kind, whichever the
// role.
type Links struct {
	Store LinkStore
	Kind  LinkKind
	// Queue and Mail send a link (Send); a page that only follows links
	// needs neither.
	Queue mail.Queue
	Mail  LinkMail
	// Used runs in the transaction that spends a link (the staff's audit);
	// nil: nothing.
	Used TxFunc
	Now  func() time.Time // nil: time.Now
}

func (l *Links) now() time.Time {
	if l.Now != nil {
		return l.Now().UTC()
	}
	return time.Now().UTC()
}

// Send mails a new link to the account to names (AddLink's to), in the
// transaction that stores it, with fn (nil: nothing) after the mail:
// AddLink's errors.
func (l *Links) Send(ctx context.Context, to Account, fn TxFunc) (Account, error) {
	token, t := l.Kind.New(l.now())
	return l.Store.AddLink(ctx, to, t, l.queue(token, fn))
}

// queue is the TxFunc queuing the mail of the link carrying token, then
// running fn.
func (l *Links) queue(token string, fn TxFunc) TxFunc {
	return func(ctx context.Context, tx mail.Tx, a Account) error {
		m, err := l.Mail(a, token)
		if err != nil {
			return err
		}
		if err := l.Queue.Enqueue(ctx, tx, m); err != nil {
			return err
		}
		if fn != nil {
			return fn(ctx, tx, a)
		}
		return nil
	}
}

// Forgot mails a link to email's enabled account of the kind's role when
// there is one, and nothing otherwise: the caller answers the same either
// way.
func (l *Links) Forgot(ctx context.Context, email string) error {
	email = NormalEmail(email)
	e := field.Errors{}
	if e.Email("email", email, true); len(e) > 0 || l.Mail == nil {
		return nil
	}
	_, err := l.Send(ctx, Account{Role: l.Kind.Role, Email: email}, nil)
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrDisabled) {
		return nil
	}
	return err
}

// Link is the account a link opens: ErrUnknownToken when it is unknown,
// used, expired, of another kind or its account disabled. The page a link
// opens asks it before showing its form.
func (l *Links) Link(ctx context.Context, token string) (Account, error) {
	if !linktoken.Plausible(token) {
		return Account{}, ErrUnknownToken
	}
	return l.Store.LinkAccount(ctx, l.Kind, linktoken.Hash(token), l.now())
}

// SetPassword sets the password of the link's account, spending the link
// (the account's other sessions end): the password's problems
// (CheckPassword's fields), or the account. ErrUnknownToken when the link
// does not open.
func (l *Links) SetPassword(ctx context.Context, token, password, confirm string) (Account, field.Errors, error) {
	if _, err := l.Link(ctx, token); err != nil {
		return Account{}, nil, err
	}
	e := field.Errors{}
	if CheckPassword(e, password, confirm); len(e) > 0 {
		return Account{}, e, nil
	}
	hash, err := HashPassword(password) // before the transaction: it holds no lock while hashing
	if err != nil {
		return Account{}, nil, err
	}
	a, err := l.Store.UseLink(ctx, l.Kind, linktoken.Hash(token), l.now(), hash, l.Used)
	return a, nil, err
}
