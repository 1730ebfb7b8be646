package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Sessions keeps the sessions of the logged-in for the session manager
// (scs.CtxStore). The manager hands it the SHA-256 of each token
// (HashTokenInStore), so the table holds no token that opens a session.
type Sessions struct{ s *Store }

// Sessions is the store's session table.
func (s *Store) Sessions() *Sessions { return &Sessions{s} }

// FindCtx is a session's data while it has not expired.
func (ss *Sessions) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	var data []byte
	err := ss.s.read.QueryRowContext(ctx, ss.s.d.query(`SELECT data FROM sessions WHERE agency_id = ? AND token_hash = ?
		AND expires_at > ?`), ss.s.agency, token, ss.s.d.Time(time.Now())).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, ss.s.errorf("find session: %w", err)
	}
	return data, true, nil
}

// CommitCtx writes a session's data and expiry.
func (ss *Sessions) CommitCtx(ctx context.Context, token string, data []byte, expiry time.Time) error {
	_, err := ss.s.write.ExecContext(ctx, ss.s.d.query(`INSERT INTO sessions (agency_id, token_hash, data, expires_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (`+ss.s.d.AgencyKey+`token_hash) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at`),
		ss.s.agency, token, data, ss.s.d.Time(expiry))
	if err != nil {
		return ss.s.errorf("commit session: %w", err)
	}
	return nil
}

// DeleteCtx forgets a session; an unknown one is no error.
func (ss *Sessions) DeleteCtx(ctx context.Context, token string) error {
	if _, err := ss.s.write.ExecContext(ctx, ss.s.d.query(`DELETE FROM sessions WHERE agency_id = ? AND token_hash = ?`),
		ss.s.agency, token); err != nil {
		return ss.s.errorf("delete session: %w", err)
	}
	return nil
}

// DeleteExpired forgets the sessions expired before now.
func (ss *Sessions) DeleteExpired(ctx context.Context, now time.Time) (int64, error) {
	// Expired sessions go, every agency's: a purge by age reads no agency's data.
	res, err := ss.s.write.ExecContext(ctx, ss.s.d.query(`DELETE FROM sessions /* every agency */ WHERE expires_at <= ?`),
		ss.s.d.Time(now))
	if err != nil {
		return 0, ss.s.errorf("delete expired sessions: %w", err)
	}
	return res.RowsAffected()
}

// Find, Commit and Delete are scs.Store's, for a manager without contexts.
func (ss *Sessions) Find(token string) ([]byte, bool, error) {
	return ss.FindCtx(context.Background(), token)
}
func (ss *Sessions) Commit(token string, data []byte, expiry time.Time) error {
	return ss.CommitCtx(context.Background(), token, data, expiry)
}
func (ss *Sessions) Delete(token string) error { return ss.DeleteCtx(context.Background(), token) }
