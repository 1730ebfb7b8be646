package admin

import (
	"context"

	"immo/internal/domain/account"
	"immo/internal/domain/inbox"
	"immo/internal/domain/platform"
)

// PlatformConsole is the platform operator's service (platform.Console):
// the agencies, their health, their leads while they grant it.
type PlatformConsole interface {
	List(ctx context.Context, by account.Viewer) ([]platform.Overview, error)
	QueueHealth(ctx context.Context, by account.Viewer) (platform.QueueHealth, error)
	Add(ctx context.Context, by account.Viewer, name, lang string, hosts []string) (platform.Agency, error)
	SetDisabled(ctx context.Context, by account.Viewer, id int64, disabled bool) error
	SetHosts(ctx context.Context, by account.Viewer, id int64, hosts []string) error
	Leads(ctx context.Context, by account.Viewer, id int64) (platform.Agency, platform.Grant, []inbox.Row, error)
}

// OperatorAccess is the agency's leave for the platform's operator to
// read its leads (platform.Access): its admins give and withdraw it.
type OperatorAccess interface {
	Current(ctx context.Context) (platform.Grant, error)
	Give(ctx context.Context, by account.Viewer, days int) error
	Withdraw(ctx context.Context, by account.Viewer) error
}
