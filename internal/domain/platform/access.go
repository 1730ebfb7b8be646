package platform

import (
	"context"
	"slices"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/audit"
	"immo/internal/domain/errs"
	"immo/internal/domain/mail"
)

// An agency's leads are its own: the platform's operator reads them only
// while the agency grants it, for a few days an admin of the agency
// chooses, and every grant, withdrawal and reading is in the agency's
// audit log.

// Grant is an agency's leave for the platform's operator to read its
// leads: who gave it, when, until when. The zero Grant: none.
type Grant struct {
	By    int64 // the admin who gave it
	At    time.Time
	Until time.Time
}

// Active tells whether g lets the operator read the leads at now.
func (g Grant) Active(now time.Time) bool { return now.Before(g.Until) }

// GrantDays are the leave's lengths an admin chooses from.
var GrantDays = []int{1, 7, 30}

// GrantStore keeps an agency's leave: a store bound to the agency.
type GrantStore interface {
	// Grant is the agency's leave, the zero Grant when none.
	Grant(ctx context.Context) (Grant, error)
	// SetGrant replaces it (the zero Grant: taken back), running fn in
	// the same transaction (its audit entry): both kept, or neither.
	SetGrant(ctx context.Context, g Grant, fn func(ctx context.Context, tx mail.Tx) error) error
}

// The audit log's actions of the platform (in the agency's own log).
const (
	ActionGranted  audit.Action = "operator.grant"  // an admin gave the leave
	ActionRevoked  audit.Action = "operator.revoke" // an admin took it back
	ActionRead     audit.Action = "operator.read"   // the operator read the leads
	ActionAdded    audit.Action = "agency.add"      // the operator added the agency
	ActionDisabled audit.Action = "agency.disable"  // … disabled it
	ActionEnabled  audit.Action = "agency.enable"   // … enabled it again
	ActionHosts    audit.Action = "agency.hosts"    // … changed its host names
	// TargetAccess is the target kind of the leave's entries and of the
	// readings (id 0); the grants' After and withdrawals' Before are the
	// leave's end, RFC 3339.
	TargetAccess = "operator-access"
	targetAgency = "agency"
)

// KeyDays refuses a length not in GrantDays.
const KeyDays = "admin.access.error.days"

// ErrNotAdmin: only an agency's admin grants or withdraws the leave.
var ErrNotAdmin = &errs.Error{Code: errs.Forbidden, Message: "platform: only an admin grants the operator access"}

// Access is an agency's side of the leave (its admins' page).
type Access struct {
	Store GrantStore
	Audit audit.Logger
	Now   func() time.Time // nil: time.Now
}

// Current is the agency's leave (the zero Grant: none ever, or taken back).
func (a *Access) Current(ctx context.Context) (Grant, error) { return a.Store.Grant(ctx) }

// Give lets the operator read the agency's leads for days days from now,
// as the admin by (a leave already given is replaced).
func (a *Access) Give(ctx context.Context, by account.Viewer, days int) error {
	if !by.IsAdmin() {
		return ErrNotAdmin
	}
	if !slices.Contains(GrantDays, days) {
		return &errs.Error{Code: errs.Invalid, Field: "days", Key: KeyDays, Message: "platform: a leave of 1, 7 or 30 days"}
	}
	at := now(a.Now)
	g := Grant{By: by.Account.ID, At: at, Until: at.Add(time.Duration(days) * 24 * time.Hour)}
	return a.Store.SetGrant(ctx, g, func(ctx context.Context, tx mail.Tx) error {
		return a.Audit.LogIn(ctx, tx, audit.Entry{Time: at, Actor: by.Account.ID, Action: ActionGranted,
			TargetKind: TargetAccess, After: g.Until.Format(time.RFC3339)})
	})
}

// Withdraw takes the leave back, as the admin by; nothing given, nothing
// logged.
func (a *Access) Withdraw(ctx context.Context, by account.Viewer) error {
	if !by.IsAdmin() {
		return ErrNotAdmin
	}
	g, err := a.Store.Grant(ctx)
	at := now(a.Now)
	if err != nil || !g.Active(at) { // none, or ended by itself: nothing to take back
		return err
	}
	return a.Store.SetGrant(ctx, Grant{}, func(ctx context.Context, tx mail.Tx) error {
		return a.Audit.LogIn(ctx, tx, audit.Entry{Time: at, Actor: by.Account.ID, Action: ActionRevoked,
			TargetKind: TargetAccess, Before: g.Until.Format(time.RFC3339)})
	})
}

func now(f func() time.Time) time.Time {
	if f != nil {
		return f().UTC()
	}
	return time.Now().UTC()
}
