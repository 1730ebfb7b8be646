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
// single-use link (OwnerInviteLink) mailed to it that sets its password.

// OwnerStore keeps which owner owns which property.
type OwnerStore interface {
	// Invite, in one write transaction: the owner account of a.Email
	// (created from a when there is none; created says so), its properties
	// linked (those linked already kept), the link t stored (LinkStore's
	// rule: the account's earlier links end), then fn (which queues the
	// mail) — all or nothing.
	Invite(ctx context.Context, a Account, properties []int64, t Token,
		fn func(ctx context.Context, tx mail.Tx, a Account) error) (acc Account, created bool, err error)
	// Properties are the IDs of the properties accountID owns, ascending.
	Properties(ctx context.Context, accountID int64) ([]int64, error)
}

// Invitation is what the agency says of an owner it invites.
type Invitation struct {
	Email, FirstName, LastName, Lang string
	Properties                       []int64
}

// Owners provisions owners; their links are followed by Links of
// OwnerInviteLink (the invitation's page), and mailed again by Links of
// OwnerResetLink (a forgotten password).
type Owners struct {
	Store OwnerStore
	Queue mail.Queue
	Mail  LinkMail         // the invitation's
	Now   func() time.Time // nil: time.Now
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
	token, t := OwnerInviteLink.New(now)
	props := slices.Clone(inv.Properties)
	slices.Sort(props)
	links := Links{Queue: o.Queue, Mail: o.Mail}
	return a, slices.Compact(props), t, links.queue(token, nil), nil
}

// unknownPassword is the password hash of an owner account made by an
// invitation: the hash of a random password nobody ever learns, so only
// the mailed link sets one. It is made once per process: an import inviting
// the feed's owners asks for it once per owner, mostly of owners linked
// already, and argon2id costs about 19 ms and 19 MiB each time.
var unknownPassword = sync.OnceValues(func() (string, error) { return HashPassword(linktoken.New()) })
