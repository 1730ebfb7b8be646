package app

import (
	"context"

	"immo/internal/domain/audit"
	"immo/internal/domain/mail"
	"immo/internal/domain/testimonial"
)

// testimonialAudit writes a testimonial's moderation to the inbox's audit
// log, in the moderation's transaction, under testimonial.AuditTarget.
func testimonialAudit(log audit.Logger) testimonial.Audit {
	return func(ctx context.Context, tx mail.Tx, c testimonial.Change) error {
		return log.LogIn(ctx, tx, audit.Entry{Time: c.At, Actor: c.By, Action: audit.Action(c.Action),
			TargetKind: testimonial.AuditTarget, TargetID: c.ID, Before: c.Before, After: c.After})
	}
}
