package sqlstore

import (
	"context"

	"immo/internal/domain/account"
	"immo/internal/domain/audit"
	"immo/internal/domain/mail"
)

// Audit is the staff service's account.StaffAudit: a change to the staff
// written to the inbox's audit log (audit_log, the leads' changes beside
// it) in the change's own transaction, under the target kind
// account.StaffAuditTarget and the account's ID, its action the
// account.StaffAction's name.
func (st *Staff) Audit(ctx context.Context, tx mail.Tx, c account.StaffChange) error {
	return st.s.Audit().LogIn(ctx, tx, audit.Entry{Time: c.At, Actor: c.By, Action: audit.Action(c.Action),
		TargetKind: account.StaffAuditTarget, TargetID: c.Account, Before: c.Before, After: c.After})
}
