package admin

import (
	"context"

	"immo/internal/account"
)

// MyFactor is a staff member's own second factor (account.StaffService):
// its state, an enrolment begun (a new secret waiting for its first
// code, account.ErrTOTPOn when one is on), shown again, confirmed with a
// first code, or turned off with a current one (account.ErrCode,
// account.ErrCodeBraked, account.ErrNoTOTP). Each change is audited by the
// domain.
type MyFactor interface {
	TOTPOf(ctx context.Context, by account.Viewer) (on, waiting bool, err error)
	BeginTOTP(ctx context.Context, by account.Viewer) (account.Enrolment, error)
	PendingTOTP(ctx context.Context, by account.Viewer) (account.Enrolment, error)
	ConfirmTOTP(ctx context.Context, by account.Viewer, code string) error
	TurnOffTOTP(ctx context.Context, by account.Viewer, code string) error
}
