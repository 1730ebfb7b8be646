// Package registrant is a visitor who registers a demand (package demand)
// and the account that follows it (package account): the demand register
// form's rules and its step in the request's transaction, the mailed link
// that confirms a demand, the forgotten password, and what a registrant
// does in their area (their demands, alerts, details, data, account).
//
// The form is open to anyone, who may type anyone's address: a demand
// alerts nobody until its address confirmed it by the mailed single-use
// link, and an address that has an account already gets the same answer
// on screen and a mail saying so — nobody learns who is registered.
// No HTTP, no SQL: the store is the caller's.
package registrant

import (
	"context"
	"errors"

	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/demand"
	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
)

// Validity of the mailed links.
const (
	ConfirmValidity = account.ConfirmValidity // a demand's confirmation (account.DemandConfirmLink)
	ResetValidity   = account.ResetValidity
)

// ErrUnknownToken says a mailed link is unknown, used or expired.
var ErrUnknownToken = account.ErrUnknownToken

// ErrPasswordNeeded refuses a confirmation of an account never confirmed
// that chose no password (Store.Confirm).
var ErrPasswordNeeded = errors.New("registrant: the account's first confirmation needs a password")

// Registered is what the registration's step stored.
type Registered struct {
	Account account.Account // the registrant, new or existing
	Existed bool            // the address had an account: its password was left as it was
	Demand  int64
}

// Store keeps registrants and their demands.
type Store interface {
	// Register, in tx (the request's transaction): the registrant account
	// of a.Email, created from a when there is none (an existing one is
	// left as it is), the demand d for it, unconfirmed, and the link
	// confirming it (of kind account.DemandConfirmLink, kept with every
	// other single-use link; a password link given or spent later leaves
	// it be); of the account's unconfirmed demands, the newest maxPending
	// are kept.
	Register(ctx context.Context, tx mail.Tx, a account.Account, d demand.Demand, l account.Token, maxPending int) (Registered, error)
	// PurgePending deletes the demands never confirmed that were registered
	// before before, and the accounts never confirmed left with none.
	PurgePending(ctx context.Context, before time.Time) (int64, error)
	// Confirmation is the account and demand a confirmation link names while
	// unused and unexpired at now; else ErrUnknownToken.
	Confirmation(ctx context.Context, hash string, now time.Time) (account.Account, demand.Demand, error)
	// Confirm spends such a link and confirms its demand (at now), in one
	// transaction: of two uses racing one wins, the other gets
	// ErrUnknownToken. With a passwordHash, the account's password is set
	// as a reset's would be (its sessions and other links end) and its
	// address confirmed; an account never confirmed needs one
	// (ErrPasswordNeeded, nothing done).
	Confirm(ctx context.Context, hash string, now time.Time, passwordHash string) (account.Account, demand.Demand, error)

	// Demands are the account's demands, oldest first.
	Demands(ctx context.Context, accountID int64) ([]demand.Demand, error)
	// AddDemand stores d as a new demand of d.Account, confirmed at
	// d.Confirmed, unless the account holds max confirmed demands already
	// (ErrTooMany); its id.
	AddDemand(ctx context.Context, d demand.Demand, max int) (int64, error)
	// UpdateDemand changes the search of the account's demand d.ID (not its
	// confirmation, nor what it was told); demand.ErrNotFound when the
	// account has no such demand.
	UpdateDemand(ctx context.Context, accountID int64, d demand.Demand) error
	// DeleteDemand deletes the account's demand and what it was told;
	// demand.ErrNotFound as UpdateDemand.
	DeleteDemand(ctx context.Context, accountID, demandID int64) error
	// Pause pauses or resumes the account's demand; demand.ErrNotFound as
	// UpdateDemand.
	Pause(ctx context.Context, accountID, demandID int64, paused bool) error
	// Alerted are the properties each of the account's demands was told
	// about, by demand id.
	Alerted(ctx context.Context, accountID int64) (map[int64][]Alert, error)
	// SetDetails changes the account's names, language and alert frequency.
	SetDetails(ctx context.Context, accountID int64, d Details) error
	// ChangePassword sets the account's password hash, changed at now
	// (the other sessions end).
	ChangePassword(ctx context.Context, accountID int64, hash string, now time.Time) error
	// Registrations are the demand register's posts of email, oldest
	// first: what the person typed (their password never kept).
	Registrations(ctx context.Context, email string) ([]lead.Request, error)
	// Subscription is the newsletter's state of email ("pending",
	// "confirmed", "unsubscribed") and since when; ok false when it has
	// none.
	Subscription(ctx context.Context, email string) (state string, since time.Time, ok bool, err error)
	// DeleteAccount deletes the account and everything about it — its
	// demands, their alerts and links, its registrations, its newsletter
	// subscription (its sessions are the caller's) — and runs fn with its
	// address in the same transaction (the queue forgets its mails).
	DeleteAccount(ctx context.Context, accountID int64, fn func(ctx context.Context, tx mail.Tx, email string) error) error
}

// Alert is a property a demand was told about, and when.
type Alert struct {
	Property int64     `json:"property"`
	At       time.Time `json:"at"`
}

// Details are what a registrant changes of their account.
type Details struct {
	FirstName, LastName, Lang string
	AlertFrequency            account.Frequency
}

// Validate returns the details' problems per form field: names given,
// one of the site's languages, one of the frequencies.
func (d Details) Validate(langs []string) field.Errors {
	e := field.Errors{}
	e.Plain("firstName", d.FirstName, false)
	e.Plain("lastName", d.LastName, false)
	e.Text("firstName", d.FirstName, true)
	e.Text("lastName", d.LastName, true)
	e.OneOf("lang", d.Lang, true, langs...)
	e.OneOf("alertFrequency", string(d.AlertFrequency), true, string(account.Instant), string(account.Daily))
	return e
}

// Errors of the area's forms.
var (
	ErrNotFound = demand.ErrNotFound
	// ErrTooMany says an account holds MaxDemands already.
	ErrTooMany = errors.New("registrant: as many demands as an account may hold")
)

// MaxDemands bounds the confirmed searches one account holds: each is
// matched on every catalog version. MaxPending bounds the searches
// registered for an address and not confirmed yet, which anyone may post:
// past it the oldest gives way, so no stranger fills an account, and
// PendingKept is how long one is kept unconfirmed (its link's validity).
const (
	MaxDemands  = 20
	MaxPending  = 3
	PendingKept = ConfirmValidity
)
