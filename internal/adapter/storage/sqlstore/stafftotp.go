package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"immo/internal/domain/account"
)

// The staff's second factors (account.TOTPStore), in staff_totp: the
// sealed secret, when it was turned on, the step of the last code used.

// PutPendingTOTP implements account.TOTPStore.
func (st *Staff) PutPendingTOTP(ctx context.Context, id int64, sealed string) error {
	err := st.s.writeTx(ctx, func(tx *sql.Tx) error {
		if _, err := st.member(ctx, tx, id); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, st.s.d.query(`INSERT INTO staff_totp (agency_id, account_id, secret) VALUES (?, ?, ?)
			ON CONFLICT (account_id) DO UPDATE SET secret = excluded.secret, last_step = 0
			WHERE staff_totp.enabled_at IS NULL`), st.s.agency, id, sealed)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(account.ErrTOTPOn, err)
		}
		return nil
	})
	if err != nil {
		return st.errorf("enrol a second factor", err)
	}
	return nil
}

// TOTP implements account.TOTPStore.
func (st *Staff) TOTP(ctx context.Context, id int64) (account.TOTPState, error) {
	var s account.TOTPState
	err := st.s.read.QueryRowContext(ctx, st.s.d.query(`SELECT secret, CASE WHEN enabled_at IS NULL THEN FALSE ELSE TRUE END, last_step
		FROM staff_totp WHERE agency_id = ? AND account_id = ?`), st.s.agency, id).Scan(&s.Sealed, &s.Enabled, &s.LastStep)
	if errors.Is(err, sql.ErrNoRows) {
		return s, account.ErrNoTOTP
	}
	if err != nil {
		return s, st.errorf("second factor", err)
	}
	return s, nil
}

// EnableTOTP implements account.TOTPStore.
func (st *Staff) EnableTOTP(ctx context.Context, id int64, sealed string, step int64, fn account.TxFunc) error {
	err := st.s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, st.s.d.query(`UPDATE staff_totp SET enabled_at = `+st.s.d.Now+`, last_step = ?
			WHERE agency_id = ? AND account_id = ? AND secret = ? AND enabled_at IS NULL`), step, st.s.agency, id, sealed)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(account.ErrNoTOTP, err)
		}
		a, err := st.member(ctx, tx, id)
		if err != nil {
			return err
		}
		return fn(ctx, st.s.mailTx(tx), a)
	})
	if err != nil {
		return st.errorf("turn a second factor on", err)
	}
	return nil
}

// UseTOTPStep implements account.TOTPStore: one guarded UPDATE, so of two
// servers given the same code at once one records it.
func (st *Staff) UseTOTPStep(ctx context.Context, id int64, step int64) (bool, error) {
	res, err := st.s.write.ExecContext(ctx, st.s.d.query(`UPDATE staff_totp SET last_step = ?
		WHERE agency_id = ? AND account_id = ? AND enabled_at IS NOT NULL AND last_step < ?`), step, st.s.agency, id, step)
	if err != nil {
		return false, st.errorf("use a code", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// DeleteTOTP implements account.TOTPStore.
func (st *Staff) DeleteTOTP(ctx context.Context, id int64, fn account.TxFunc) error {
	err := st.s.writeTx(ctx, func(tx *sql.Tx) error {
		a, err := st.member(ctx, tx, id)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, st.s.d.query(`DELETE FROM staff_totp WHERE agency_id = ? AND account_id = ?`),
			st.s.agency, id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // none: nothing changed, nothing to audit
		}
		return fn(ctx, st.s.mailTx(tx), a)
	})
	if err != nil {
		return st.errorf("remove a second factor", err)
	}
	return nil
}
