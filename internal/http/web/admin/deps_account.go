package admin

import (
	"context"

	"immo/internal/domain/account"
)

// MyFactor is a staff member's own sign-in and language (account.StaffService):
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
	// SetLang sets the language by's inbox and staff mails are in, one of
	// langs (the site's); audited.
	SetLang(ctx context.Context, by account.Viewer, lang string, langs []string) error
}
