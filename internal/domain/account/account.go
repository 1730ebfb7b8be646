// Package account is who logs in: a demand registrant (kept informed of
// matching properties), an owner (the portal's statistics) or the agency's
// staff (the inbox). Passwords are argon2id hashes; a login answers the same
// error, after the same work, whether the address is unknown or the
// password wrong, so the form tells no one who has an account.
package account

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"immo/internal/domain/field"
)

// Role is what an account may do.
type Role string

const (
	Registrant Role = "registrant"
	Owner      Role = "owner"
	Staff      Role = "staff"
)

// Account is one login.
type Account struct {
	ID           int64
	Role         Role
	Email        string // lower-cased: one account per address and role
	FirstName    string
	LastName     string
	Lang         string
	PasswordHash string
	Created      time.Time
	Disabled     bool
	// AlertFrequency is how a registrant hears of matching listings.
	AlertFrequency Frequency
	// WeeklyReport: an owner gets the Monday report (they may turn it off).
	WeeklyReport bool
	// PasswordChanged is the last password change (zero: never): sessions
	// started before it are over.
	PasswordChanged time.Time
	// Confirmed is when the address was proven by a link mailed to it
	// (zero: never): no login before, so whoever typed someone's address
	// in a form never holds their account.
	Confirmed time.Time
	// StaffRole is what a staff account may do in the inbox (admin or
	// agent); empty for every other role.
	StaffRole StaffRole
	// SiteEditor: an agent an admin allowed to edit the site (an admin
	// may anyway); false for every other account.
	SiteEditor bool
}

// Name is the account's first and last names, "" when it gave none.
func (a Account) Name() string { return strings.TrimSpace(a.FirstName + " " + a.LastName) }

// DisplayName is how the account is named to others (the inbox's lists):
// its name, else its address.
func (a Account) DisplayName() string {
	if n := a.Name(); n != "" {
		return n
	}
	return a.Email
}

// Frequency is how often a registrant is mailed matches.
type Frequency string

const (
	Instant Frequency = "instant" // a mail per new match
	Daily   Frequency = "daily"   // one digest a day
)

// OrInstant is f, Instant when unset.
func (f Frequency) OrInstant() Frequency {
	if f == Daily {
		return Daily
	}
	return Instant
}

// Registration is what the demand form's account part posts.
type Registration struct {
	Email, FirstName, LastName, Lang string
	Password, PasswordConfirm        string
}

// Validate returns the registration's problems per form field.
func (r Registration) Validate() field.Errors {
	e := field.Errors{}
	e.Email("email", strings.TrimSpace(r.Email), true)
	e.Text("firstName", r.FirstName, true)
	e.Text("lastName", r.LastName, true)
	CheckPassword(e, r.Password, r.PasswordConfirm)
	return e
}

// NormalEmail is the address as accounts are keyed: trimmed, lower-cased.
func NormalEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// Errors of the store and the service.
var (
	ErrNotFound   = errors.New("account: not found")
	ErrEmailTaken = errors.New("account: the address has an account")
	// ErrLogin is every failed login (field.KeyLogin).
	ErrLogin = errors.New("account: invalid email or password")
	// ErrUnconfirmed is the right password of an account whose address was
	// never proven (Account.Confirmed): no session until its link is used.
	ErrUnconfirmed = errors.New("account: the address is not confirmed")
)

// Store keeps accounts. Sessions are kept by the session manager of the
// HTTP edge (scs, in the same database), which names the account by ID.
type Store interface {
	Create(ctx context.Context, a Account) (int64, error) // ErrEmailTaken
	ByEmail(ctx context.Context, role Role, email string) (Account, error)
	ByID(ctx context.Context, id int64) (Account, error) // ErrNotFound
	SetPasswordHash(ctx context.Context, id int64, hash string) error
}

// Service registers and logs in.
type Service struct {
	Store Store
	Now   func() time.Time // nil: time.Now
	// dummy is verified against when the address is unknown, so both
	// failures cost one argon2id run.
	dummyOnce sync.Once
	dummy     string
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Register creates an account of role from a valid registration.
func (s *Service) Register(ctx context.Context, role Role, r Registration) (Account, field.Errors, error) {
	if e := r.Validate(); len(e) > 0 {
		return Account{}, e, nil
	}
	hash, err := HashPassword(r.Password)
	if err != nil {
		return Account{}, nil, err
	}
	a := Account{Role: role, Email: NormalEmail(r.Email), FirstName: strings.TrimSpace(r.FirstName),
		LastName: strings.TrimSpace(r.LastName), Lang: r.Lang, PasswordHash: hash, Created: s.now().UTC(),
		AlertFrequency: Instant}
	a.ID, err = s.Store.Create(ctx, a)
	return a, nil, err
}

// Login checks email and password for role: the account, or ErrLogin. The
// caller's form outcome starts the session.
func (s *Service) Login(ctx context.Context, role Role, email, password string) (Account, error) {
	// No account's address holds a NUL or bytes that are no text, and a
	// lookup of one would fail in the database: it is an unknown address.
	a, err := Account{}, ErrNotFound
	if email = NormalEmail(email); field.Storable(email) {
		a, err = s.Store.ByEmail(ctx, role, email)
	}
	switch {
	case errors.Is(err, ErrNotFound):
		s.dummyOnce.Do(func() { s.dummy, _ = HashPassword("not a password of anyone") })
		VerifyPassword(s.dummy, password)
		return Account{}, ErrLogin
	case err != nil:
		return Account{}, err
	}
	ok, stale, err := VerifyPassword(a.PasswordHash, password)
	if err != nil || !ok || a.Disabled {
		return Account{}, errors.Join(ErrLogin, err)
	}
	if a.Confirmed.IsZero() {
		return Account{}, ErrUnconfirmed
	}
	if stale {
		if h, err := HashPassword(password); err == nil && s.Store.SetPasswordHash(ctx, a.ID, h) == nil {
			a.PasswordHash = h
		}
	}
	return a, nil
}
