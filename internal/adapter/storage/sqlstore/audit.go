package sqlstore

import (
	"context"
	"database/sql"
	"strings"

	"immo/internal/domain/audit"
	"immo/internal/domain/mail"
)

// Audit is audit.Store: the log every change writes to (audit_log), in the
// change's own transaction.
type Audit struct{ s *Store }

// Audit is the audit log.
func (s *Store) Audit() *Audit { return &Audit{s} }

// Log implements audit.Logger.
func (a *Audit) Log(ctx context.Context, e audit.Entry) error {
	if err := a.s.writeTx(ctx, func(tx *sql.Tx) error { return a.write(ctx, tx, e) }); err != nil {
		return a.s.errorf("audit log: %w", err)
	}
	return nil
}

// LogIn implements audit.Logger: e is written inside tx, the transaction
// of the change it records, so the change and its entry are stored
// together, or neither.
func (a *Audit) LogIn(ctx context.Context, tx mail.Tx, e audit.Entry) error {
	t, err := sqlTx(tx)
	if err != nil {
		return err
	}
	if err := a.write(ctx, t, e); err != nil {
		return a.s.errorf("audit log: %w", err)
	}
	return nil
}

func (a *Audit) write(ctx context.Context, tx *sql.Tx, e audit.Entry) error {
	_, err := tx.ExecContext(ctx, a.s.d.query(`INSERT INTO audit_log (agency_id, at, actor_id, action, target_kind, target_id, before, after)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), a.s.agency, a.s.d.Time(e.Time), e.Actor, string(e.Action), e.TargetKind, e.TargetID, e.Before, e.After)
	return err
}

// List implements audit.Store.
func (a *Audit) List(ctx context.Context, q audit.Query) ([]audit.Entry, error) {
	if err := q.Check(); err != nil {
		return nil, err
	}
	var conds []string
	args := []any{a.s.agency}
	if q.TargetKind != "" {
		conds, args = append(conds, "target_kind = ?"), append(args, q.TargetKind)
		if q.TargetID != 0 {
			conds, args = append(conds, "target_id = ?"), append(args, q.TargetID)
		}
	}
	if q.Actor != 0 {
		conds, args = append(conds, "actor_id = ?"), append(args, q.Actor)
	}
	if q.Before != 0 {
		conds, args = append(conds, "id < ?"), append(args, q.Before)
	}
	where := ""
	if len(conds) > 0 {
		where = " AND " + strings.Join(conds, " AND ")
	}
	args = append(args, q.Limit)
	out, err := appendRows(ctx, a.s.read, nil, func(row scanner) (audit.Entry, error) {
		var e audit.Entry
		var action string
		err := row.Scan(&e.ID, scanTime{&e.Time}, &e.Actor, &action, &e.TargetKind, &e.TargetID, &e.Before, &e.After)
		e.Action = audit.Action(action)
		return e, err
	}, a.s.d.query(`SELECT id, at, actor_id, action, target_kind, target_id, before, after
		FROM audit_log WHERE agency_id = ?`+where+` ORDER BY id DESC LIMIT ?`), args...)
	if err != nil {
		return nil, a.s.errorf("audit log: %w", err)
	}
	return out, nil
}
