package app

import (
	"context"
	"time"

	"immo/internal/inbox"
	"immo/internal/mail"
	"immo/internal/mail/mailqueue"
	"immo/internal/storage/sqlstore"
)

// The audit log's words for a mail sent again from the inbox.
const (
	mailAuditTarget = "mail"       // the target's ID is the mail's (its River job's)
	mailRetried     = "mail.retry" // Before the state it was in, After "queued"
)

// mailDesk is the mail queue as the inbox works it (admin.Mails): a retry
// is written to the audit log in the retry's own transaction.
type mailDesk struct {
	*mailqueue.Queue
	log *sqlstore.Inbox
	now func() time.Time
}

func (d mailDesk) Retry(ctx context.Context, by, id int64) error {
	return d.Queue.Retry(ctx, id, func(ctx context.Context, tx mail.Tx, before mailqueue.Entry) error {
		return d.log.LogIn(ctx, tx, inbox.Entry{Time: d.now().UTC(), Actor: by, Action: mailRetried,
			TargetKind: mailAuditTarget, TargetID: id, Before: string(before.State), After: string(mailqueue.Queued)})
	})
}
