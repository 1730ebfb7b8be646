package account

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"immo/internal/domain/field"
	"immo/internal/domain/linktoken"
	"immo/internal/domain/mail"
)

// Owners are provisioned by the agency (`immo owners invite`): an account
// of role Owner with a password nobody knows, the properties it owns, and a
// single-use link mailed to it that sets its password. The link's token is
// random, mailed once and stored only as its SHA-256.

// Purposes of a password link.
const (
	PurposeSetPassword = "set-password" // an invitation: the first password
	PurposeReset       = "reset"        // a forgotten password
)

// InviteValidity is how long an invitation's link sets a password, and
// ResetValidity a forgotten password's.
const (
	InviteValidity = 7 * 24 * time.Hour
	ResetValidity  = time.Hour
)

// ErrUnknownToken says a password link is unknown, used or expired (or its
// account disabled).
var ErrUnknownToken = errors.New("account: unknown, used or expired link")

// Token is a password link's stored part.
type Token struct {
	Hash    string // linktoken.Hash of the link's token
	Purpose string
	Expires time.Time
}

// OwnerStore keeps which owner owns which property and the accounts'
// single-use password links.
type OwnerStore interface {
	// Invite, in one write transaction: the owner account of a.Email
	// (created from a when there is none; created says so), its properties
	// linked (those linked already kept), the token stored, then fn (which
	// queues the mail) — all or nothing.
	Invite(ctx context.Context, a Account, properties []int64, t Token,
		fn func(ctx context.Context, tx mail.Tx, a Account) error) (acc Account, created bool, err error)
	// TokenAccount is the account a token of purpose names while it is
	// unused, unexpired at now and its account enabled; else ErrUnknownToken.
	TokenAccount(ctx context.Context, purpose, hash string, now time.Time) (Account, error)
	// UseToken spends such a token and sets its account's password hash, in
	// one transaction: of two uses racing one wins, the other gets
	// ErrUnknownToken.
	UseToken(ctx context.Context, purpose, hash string, now time.Time, passwordHash string) (Account, error)
	// Properties are the IDs of the properties accountID owns, ascending.
	Properties(ctx context.Context, accountID int64) ([]int64, error)
	// ResetLink, when an enabled owner account of email exists, stores the
	// link t for it (its earlier links end) and runs fn (which queues the
	// mail) in the same transaction; found is false, nothing done, when
	// none does.
	ResetLink(ctx context.Context, email string, t Token,
		fn func(ctx context.Context, tx mail.Tx, a Account) error) (found bool, err error)
}

// Invitation is what the agency says of an owner it invites.
type Invitation struct {
	Email, FirstName, LastName, Lang string
	Properties                       []int64
}

// InviteMail writes an invitation's mail to a; the link carries token.
type InviteMail func(a Account, token string) (mail.Message, error)

// Owners provisions owners and follows their password links.
type Owners struct {
	Store OwnerStore
	Queue mail.Queue
	Mail  InviteMail
	// Reset writes the mail of a forgotten password, whose link (carrying
	// the token) opens the same page as an invitation's.
	Reset InviteMail
	Now   func() time.Time // nil: time.Now
}

// Forgot mails a link valid ResetValidity, to the page that sets an
// owner's password, to email's owner account when there is one; nothing
// otherwise: the caller answers the same either way.
func (o *Owners) Forgot(ctx context.Context, email string) error {
	email = NormalEmail(email)
	e := field.Errors{}
	if e.Email("email", email, true); len(e) > 0 || o.Reset == nil {
		return nil
	}
	token := linktoken.New()
	_, err := o.Store.ResetLink(ctx, email, Token{Hash: linktoken.Hash(token), Purpose: PurposeSetPassword,
		Expires: o.now().Add(ResetValidity)}, func(ctx context.Context, tx mail.Tx, a Account) error {
		m, err := o.Reset(a, token)
		if err != nil {
			return err
		}
		return o.Queue.Enqueue(ctx, tx, m)
	})
	return err
}

func (o *Owners) now() time.Time {
	if o.Now != nil {
		return o.Now().UTC()
	}
	return time.Now().UTC()
}

// ErrInvitation says an invitation is incomplete.
var ErrInvitation = errors.New("account: invalid invitation")

// Invite creates the owner account of inv.Email when there is none (its
// password random and forgotten: only the link sets one), links the
// properties, and queues the mail with a link valid InviteValidity, all in
// one transaction. An owner invited again gets the new properties and a
// new link, which ends the old one.
func (o *Owners) Invite(ctx context.Context, inv Invitation) (Account, bool, error) {
	a, props, t, queue, err := o.invitation(inv)
	if err != nil {
		return Account{}, false, err
	}
	return o.Store.Invite(ctx, a, props, t, queue)
}

// invitation checks inv and makes what Invite and InviteNew hand the store:
// the owner's account (its password unknown), its properties ascending and
// once each, the link's stored part and the callback that queues the mail
// carrying the link.
func (o *Owners) invitation(inv Invitation) (Account, []int64, Token, func(context.Context, mail.Tx, Account) error, error) {
	e := field.Errors{}
	e.Email("email", strings.TrimSpace(inv.Email), true)
	if len(e) > 0 {
		return Account{}, nil, Token{}, nil, fmt.Errorf("%w: %q is not an email address", ErrInvitation, inv.Email)
	}
	if len(inv.Properties) == 0 {
		return Account{}, nil, Token{}, nil, fmt.Errorf("%w: no property", ErrInvitation)
	}
	for _, id := range inv.Properties {
		if id <= 0 {
			return Account{}, nil, Token{}, nil, fmt.Errorf("%w: property %d", ErrInvitation, id)
		}
	}
	unknown, err := unknownPassword()
	if err != nil {
		return Account{}, nil, Token{}, nil, err
	}
	now := o.now()
	a := Account{Role: Owner, Email: NormalEmail(inv.Email), FirstName: strings.TrimSpace(inv.FirstName),
		LastName: strings.TrimSpace(inv.LastName), Lang: inv.Lang, PasswordHash: unknown, Created: now}
	token := linktoken.New()
	props := slices.Clone(inv.Properties)
	slices.Sort(props)
	t := Token{Hash: linktoken.Hash(token), Purpose: PurposeSetPassword, Expires: now.Add(InviteValidity)}
	return a, slices.Compact(props), t, func(ctx context.Context, tx mail.Tx, a Account) error {
		m, err := o.Mail(a, token)
		if err != nil {
			return err
		}
		return o.Queue.Enqueue(ctx, tx, m)
	}, nil
}

// unknownPassword is the password hash of an owner account made by an
// invitation: the hash of a random password nobody ever learns, so only
// the mailed link sets one. It is made once per process: an import inviting
// the feed's owners asks for it once per owner, mostly of owners linked
// already, and argon2id costs about 19 ms and 19 MiB each time.
var unknownPassword = sync.OnceValues(func() (string, error) { return HashPassword(linktoken.New()) })

// Link is the account a password link opens: ErrUnknownToken when it is
// unknown, used or expired.
func (o *Owners) Link(ctx context.Context, token string) (Account, error) {
	if !linktoken.Plausible(token) {
		return Account{}, ErrUnknownToken
	}
	return o.Store.TokenAccount(ctx, PurposeSetPassword, linktoken.Hash(token), o.now())
}

// SetPassword sets the password of the link's account, spending the link:
// the password's problems (CheckPassword's fields), or the account.
// ErrUnknownToken when the link is unknown, used or expired.
func (o *Owners) SetPassword(ctx context.Context, token, password, confirm string) (Account, field.Errors, error) {
	if _, err := o.Link(ctx, token); err != nil {
		return Account{}, nil, err
	}
	e := field.Errors{}
	CheckPassword(e, password, confirm)
	if len(e) > 0 {
		return Account{}, e, nil
	}
	hash, err := HashPassword(password) // before the transaction: it holds no lock while hashing
	if err != nil {
		return Account{}, nil, err
	}
	a, err := o.Store.UseToken(ctx, PurposeSetPassword, linktoken.Hash(token), o.now(), hash)
	return a, nil, err
}
