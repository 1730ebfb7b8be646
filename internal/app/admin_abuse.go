package app

import (
	"context"
	"time"

	"immo/internal/domain/antispam"
	"immo/internal/domain/audit"
)

// abuseDesk is the anti-spam layer as the inbox works it (admin.Abuse): a
// release is written to the audit log in the release's own transaction
// (log joins the transaction the context holds).
type abuseDesk struct {
	antispam.Abuse
	log func(ctx context.Context, e audit.Entry) error
	now func() time.Time
}

func (d abuseDesk) Release(ctx context.Context, by int64, key string, window time.Time) error {
	now := d.now().UTC()
	return d.Abuse.Release(ctx, key, window, now, func(ctx context.Context, before antispam.Hold) error {
		return d.log(ctx, audit.Entry{Time: now, Actor: by, Action: antispam.ActionRelease, TargetKind: antispam.AuditTarget,
			Before: before.Who, After: before.Limit})
	})
}
