package admin

import (
	"context"

	"immo/internal/domain/account"
)

// OwnerAdmin is the owners as the back office works them
// (account.OwnerInvites): a page of them (account.OwnerQuery's bounds:
// an errs.Invalid beyond), and an invitation mailed again, audited
// (account.ErrNotOwner, ErrOwnerDisabled, ErrOwnerNoProperty).
type OwnerAdmin interface {
	List(ctx context.Context, by account.Viewer, q account.OwnerQuery) ([]account.OwnerSummary, bool, error)
	Resend(ctx context.Context, by account.Viewer, id int64) error
}
