package admin

import (
	"context"

	"immo/internal/domain/account"
	"immo/internal/domain/field"
)

// StaffAdmin manages the staff (account.StaffService): every call takes
// the viewer asking, and the domain refuses anyone but an admin
// (account.ErrForbidden) and the change that would leave no enabled admin
// (account.ErrLastAdmin). Each change is audited by the domain in its own
// transaction.
type StaffAdmin interface {
	List(ctx context.Context, by account.Viewer) ([]account.StaffMember, error)
	Add(ctx context.Context, by account.Viewer, n account.NewStaff) (account.Account, field.Errors, error)
	SetRole(ctx context.Context, by account.Viewer, id int64, role account.StaffRole) error
	SetDisabled(ctx context.Context, by account.Viewer, id int64, disabled bool) error
	SetSiteEditor(ctx context.Context, by account.Viewer, id int64, editor bool) error
	Resend(ctx context.Context, by account.Viewer, id int64) error
	ResetTOTP(ctx context.Context, by account.Viewer, id int64) error
}
