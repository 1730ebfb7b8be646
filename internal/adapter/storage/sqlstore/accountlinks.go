package sqlstore

import (
	"context"
	"database/sql"
	"time"
)

// The accounts' password links and passwords: every way a link is mailed
// and a password set goes through these two, so a newer link or a new
// password ends every earlier link, whichever flow (an owner's
// invitation, a reset, a staff member's link) made it.

// insertLink stores a password link of the account, ending its earlier
// unused ones: only the newest mail's link works.
func (s *Store) insertLink(ctx context.Context, tx *sql.Tx, accountID int64, purpose, hash string, expires time.Time) error {
	if err := s.endLinks(ctx, tx, accountID); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, s.d.query(`INSERT INTO account_tokens (hash, account_id, purpose, expires_at)
		VALUES (?, ?, ?, ?)`), hash, accountID, purpose, s.d.Time(expires))
	return err
}

// setPassword sets the account's password hash at now: its sessions
// started before end (session.Manager reads password_changed_at), its
// unused links end, and its address counts as proven (a link mailed to it
// or a session that needed it led here).
func (s *Store) setPassword(ctx context.Context, tx *sql.Tx, accountID int64, hash string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, s.d.query(`UPDATE accounts SET password_hash = ?, password_changed_at = ?,
		email_confirmed_at = COALESCE(email_confirmed_at, ?) WHERE id = ?`), hash, s.d.Time(now), s.d.Time(now), accountID); err != nil {
		return err
	}
	return s.endLinks(ctx, tx, accountID)
}

// endLinks deletes the account's unused links (the used ones stay: the
// staff list reads the newest link's expiry).
func (s *Store) endLinks(ctx context.Context, tx *sql.Tx, accountID int64) error {
	_, err := tx.ExecContext(ctx, s.d.query(`DELETE FROM account_tokens WHERE account_id = ? AND used_at IS NULL`), accountID)
	return err
}
