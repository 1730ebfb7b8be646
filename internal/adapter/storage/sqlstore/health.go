package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"immo/internal/domain/platform"
)

var (
	_ platform.HealthReader = (*Store)(nil)
	_ platform.ErrorCounter = (*Store)(nil)
)

// Health implements platform.HealthReader for the store's agency: counts
// only, in one statement, and its last catalog run.
func (s *Store) Health(ctx context.Context, since time.Time) (platform.Health, error) {
	var h platform.Health
	var projects int
	a := s.agency
	err := s.read.QueryRowContext(ctx, s.d.query(`SELECT
		(SELECT count(*) FROM properties WHERE agency_id = ? AND online),
		(SELECT count(*) FROM projects WHERE agency_id = ? AND online),
		(SELECT count(*) FROM requests WHERE agency_id = ? AND created_at >= ? AND status <> 'spam'),
		(SELECT count(*) FROM requests WHERE agency_id = ? AND status = 'new'),
		(SELECT count(*) FROM feeds WHERE agency_id = ?),
		(SELECT count(*) FROM feeds WHERE agency_id = ? AND NOT paused AND failures > 0),
		(SELECT COALESCE(SUM(count), 0) FROM agency_errors WHERE agency_id = ? AND hour >= ?)`),
		// The hour of since counts whole: the errors are counted per hour.
		a, a, a, s.d.Time(since), a, a, a, a, s.d.Time(since.Truncate(time.Hour))).
		Scan(&h.Listings, &projects, &h.Leads, &h.LeadsNew, &h.Feeds, &h.FeedsFailing, &h.ServerErrors)
	if err != nil {
		return h, s.errorf("health: %w", err)
	}
	h.Listings += projects
	err = s.read.QueryRowContext(ctx, s.d.query(`SELECT ended_at, status FROM feed_runs WHERE agency_id = ? ORDER BY id DESC LIMIT 1`), a).
		Scan(scanTime{&h.LastRun}, &h.LastRunStatus)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return h, s.errorf("health: last run: %w", err)
	}
	return h, nil
}

// CountServerErrors implements platform.ErrorCounter.
func (s *Store) CountServerErrors(ctx context.Context, hour time.Time, n int) error {
	hour = hour.Truncate(time.Hour)
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.d.query(`INSERT INTO agency_errors (agency_id, hour, count) VALUES (?, ?, ?)
			ON CONFLICT (agency_id, hour) DO UPDATE SET count = agency_errors.count + excluded.count`),
			s.agency, s.d.Time(hour), n); err != nil {
			return s.errorf("count server errors: %w", err)
		}
		if _, err := tx.ExecContext(ctx, s.d.query(`DELETE FROM agency_errors WHERE agency_id = ? AND hour < ?`),
			s.agency, s.d.Time(hour.Add(-platform.ErrorsKept))); err != nil {
			return s.errorf("forget server errors: %w", err)
		}
		return nil
	})
}
