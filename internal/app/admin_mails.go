package app

import (
	"context"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/domain/audit"
	"immo/internal/domain/mail"
)

// mailDesk is the mail queue as the inbox works it (admin.Mails): a retry
// is written to the audit log in the retry's own transaction.
type mailDesk struct {
	*mailqueue.Queue
	log audit.Logger
	now func() time.Time
}

func (d mailDesk) Retry(ctx context.Context, by, id int64) error {
	return d.Queue.Retry(ctx, id, func(ctx context.Context, tx mail.Tx, before mailqueue.Entry) error {
		return d.log.LogIn(ctx, tx, audit.Entry{Time: d.now().UTC(), Actor: by, Action: mailqueue.ActionRetry,
			TargetKind: mailqueue.AuditTarget, TargetID: id, Before: string(before.State), After: string(mailqueue.Queued)})
	})
}
