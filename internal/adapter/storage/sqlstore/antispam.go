package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"immo/internal/domain/antispam"
)

// Antispam keeps the spent challenges and the attempt counters
// (antispam.Challenges and antispam.Counter), shared by every server.
type Antispam struct{ s *Store }

// Antispam is the store's antispam.Challenges and antispam.Counter.
func (s *Store) Antispam() *Antispam { return &Antispam{s} }

var (
	_ antispam.Challenges = (*Antispam)(nil)
	_ antispam.Counter    = (*Antispam)(nil)
)

// Spend implements antispam.Challenges: the key's row is inserted once;
// the primary key makes any later insert, from any server, a no-op.
func (a *Antispam) Spend(ctx context.Context, key string, expires time.Time) (bool, error) {
	var n int64
	err := a.s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, a.s.d.query(`INSERT INTO spent_challenges (agency_id, key, expires_at)
			VALUES (?, ?, ?) ON CONFLICT (`+a.s.d.AgencyKey+`key) DO NOTHING`), a.s.agency, key, a.s.d.Time(expires))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return false, a.s.errorf("spend challenge: %w", err)
	}
	return n == 1, nil
}

// PurgeSpent implements antispam.Challenges.
func (a *Antispam) PurgeSpent(ctx context.Context, now time.Time) (int64, error) {
	return a.purge(ctx, `DELETE FROM spent_challenges /* every agency */ WHERE expires_at < ?`, now)
}

// Hit implements antispam.Counter with one upsert: the count comes back
// from the statement that raised it, so racing servers never read the same.
func (a *Antispam) Hit(ctx context.Context, key string, window time.Time) (int, error) {
	var n int
	err := a.s.writeTx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, a.s.d.query(`INSERT INTO rate_hits (agency_id, key, window_start, hits)
			VALUES (?, ?, ?, 1) ON CONFLICT (`+a.s.d.AgencyKey+`key, window_start) DO UPDATE SET hits = rate_hits.hits + 1
			RETURNING hits`), a.s.agency, key, a.s.d.Time(window)).Scan(&n)
	})
	if err != nil {
		return 0, a.s.errorf("hit: %w", err)
	}
	return n, nil
}

// Count implements antispam.Counter.
func (a *Antispam) Count(ctx context.Context, key string, window time.Time) (int, error) {
	var n int
	err := a.s.read.QueryRowContext(ctx, a.s.d.query(`SELECT hits FROM rate_hits WHERE agency_id = ? AND key = ? AND window_start = ?`),
		a.s.agency, key, a.s.d.Time(window)).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, a.s.errorf("count: %w", err)
	}
	return n, nil
}

// PurgeHits implements antispam.Counter.
func (a *Antispam) PurgeHits(ctx context.Context, before time.Time) (int64, error) {
	return a.purge(ctx, `DELETE FROM rate_hits /* every agency */ WHERE window_start < ?`, before)
}

// purge deletes the rows query names by age, every agency's: it reads
// nothing of any agency's data.
func (a *Antispam) purge(ctx context.Context, query string, t time.Time) (int64, error) {
	var n int64
	err := a.s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, a.s.d.query(query), a.s.d.Time(t))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, a.s.errorf("purge: %w", err)
	}
	return n, nil
}
