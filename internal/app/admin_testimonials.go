package app

import (
	"context"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/inbox"
	"immo/internal/domain/mail"
	"immo/internal/domain/testimonial"
)

// testimonialAudit writes a testimonial's moderation to the inbox's audit
// log, in the moderation's transaction, under testimonial.AuditTarget.
func testimonialAudit(log *sqlstore.Inbox) testimonial.Audit {
	return func(ctx context.Context, tx mail.Tx, c testimonial.Change) error {
		return log.LogIn(ctx, tx, inbox.Entry{Time: c.At, Actor: c.By, Action: inbox.Action(c.Action),
			TargetKind: testimonial.AuditTarget, TargetID: c.ID, Before: c.Before, After: c.After})
	}
}
