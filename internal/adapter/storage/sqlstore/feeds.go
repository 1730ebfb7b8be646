package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"immo/internal/domain/errs"
	"immo/internal/domain/feed"
)

var _ feed.Feeds = (*Store)(nil)

// feedColumns are a feed's columns, in scanFeed's order.
const feedColumns = `id, name, url, auth, auth_name, secret, every_seconds, daily, max_offline, paused, push_key, created_by, created_at,
	next_run_at, etag, last_modified, content_hash, failures, alerted, last_run`

func scanFeed(row scanner) (feed.Feed, error) {
	var f feed.Feed
	var every int64
	err := row.Scan(&f.ID, &f.Name, &f.URL, &f.Auth, &f.AuthName, &f.Secret, &every, &f.Schedule.Daily, &f.MaxOffline, &f.Paused, &f.PushKey,
		&f.CreatedBy, scanTime{&f.Created}, scanTime{&f.NextRun}, &f.ETag, &f.LastModified, &f.ContentHash, &f.Failures, &f.Alerted, &f.LastRun)
	f.Schedule.Every = time.Duration(every) * time.Second
	return f, err
}

// AddFeed implements feed.Feeds.
func (s *Store) AddFeed(ctx context.Context, f feed.Feed, seal func(id int64, f *feed.Feed)) (int64, error) {
	var id int64
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, s.d.query(`SELECT COUNT(*) FROM feeds WHERE agency_id = ?`), s.agency).Scan(&n); err != nil {
			return err
		}
		if n >= feed.MaxFeeds {
			return &errs.Error{Code: errs.Conflict, Key: "admin.feeds.error.full", Message: "too many feeds"}
		}
		if err := tx.QueryRowContext(ctx, s.d.query(`INSERT INTO feeds (agency_id, name, url, auth, auth_name, every_seconds, daily, max_offline, paused,
			created_by, created_at, next_run_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			s.agency, f.Name, f.URL, string(f.Auth), f.AuthName, int64(f.Schedule.Every/time.Second), f.Schedule.Daily, f.MaxOffline, f.Paused,
			f.CreatedBy, s.d.Time(f.Created), nullTime(s.d.Time, f.NextRun)).Scan(&id); err != nil {
			return err
		}
		seal(id, &f)
		_, err := tx.ExecContext(ctx, s.d.query(`UPDATE feeds SET secret = ?, push_key = ? WHERE agency_id = ? AND id = ?`), f.Secret, f.PushKey, s.agency, id)
		return err
	})
	if _, ok := errs.As(err); ok {
		return 0, err
	}
	if err != nil {
		return 0, s.errorf("add feed: %w", err)
	}
	return id, nil
}

// Feeds implements feed.Feeds.
func (s *Store) Feeds(ctx context.Context) ([]feed.Feed, error) {
	out, err := appendRows(ctx, s.read, nil, scanFeed, s.d.query(`SELECT `+feedColumns+` FROM feeds WHERE agency_id = ? ORDER BY id`), s.agency)
	if err != nil {
		return nil, s.errorf("feeds: %w", err)
	}
	return out, nil
}

// Feed implements feed.Feeds.
func (s *Store) Feed(ctx context.Context, id int64) (feed.Feed, error) {
	f, err := scanFeed(s.write.QueryRowContext(ctx, s.d.query(`SELECT `+feedColumns+` FROM feeds WHERE agency_id = ? AND id = ?`), s.agency, id))
	if errors.Is(err, sql.ErrNoRows) {
		return f, &errs.Error{Code: errs.NotFound, Key: "admin.feeds.error.none", Message: "no such feed"}
	}
	if err != nil {
		return f, s.errorf("feed %d: %w", id, err)
	}
	return f, nil
}

// exec runs one statement in a write transaction; none when it changed
// no row (errs.NotFound).
func (s *Store) execFeed(ctx context.Context, what string, id int64, q string, args ...any) error {
	var n int64
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.query(q), args...)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return s.errorf("%s feed %d: %w", what, id, err)
	}
	if n == 0 {
		return &errs.Error{Code: errs.NotFound, Key: "admin.feeds.error.none", Message: "no such feed"}
	}
	return nil
}

// SetPaused implements feed.Feeds.
func (s *Store) SetPaused(ctx context.Context, id int64, paused bool, next time.Time) error {
	return s.execFeed(ctx, "pause", id, `UPDATE feeds SET paused = ?, next_run_at = ? WHERE agency_id = ? AND id = ?`, paused, nullTime(s.d.Time, next), s.agency, id)
}

// DeleteFeed implements feed.Feeds.
func (s *Store) DeleteFeed(ctx context.Context, id int64) error {
	if err := s.DropHeld(ctx, id); err != nil {
		return err
	}
	return s.execFeed(ctx, "delete", id, `DELETE FROM feeds WHERE agency_id = ? AND id = ?`, s.agency, id)
}

// ClaimRun implements feed.Feeds.
func (s *Store) ClaimRun(ctx context.Context, id int64, due, next time.Time) (bool, error) {
	err := s.execFeed(ctx, "claim", id, `UPDATE feeds SET next_run_at = ? WHERE agency_id = ? AND id = ? AND next_run_at = ? AND paused = ?`,
		s.d.Time(next), s.agency, id, s.d.Time(due), false)
	if e, ok := errs.As(err); ok && e.Code == errs.NotFound {
		return false, nil
	}
	return err == nil, err
}

// Lock implements feed.Feeds.
func (s *Store) Lock(ctx context.Context, id int64, now, until time.Time) (bool, error) {
	err := s.execFeed(ctx, "lock", id, `UPDATE feeds SET locked_until = ? WHERE agency_id = ? AND id = ? AND (locked_until IS NULL OR locked_until < ?)`,
		s.d.Time(until), s.agency, id, s.d.Time(now))
	if e, ok := errs.As(err); ok && e.Code == errs.NotFound {
		return false, nil
	}
	return err == nil, err
}

// Unlock implements feed.Feeds.
func (s *Store) Unlock(ctx context.Context, id int64) error {
	err := s.execFeed(ctx, "unlock", id, `UPDATE feeds SET locked_until = NULL WHERE agency_id = ? AND id = ?`, s.agency, id)
	if e, ok := errs.As(err); ok && e.Code == errs.NotFound {
		return nil // deleted meanwhile
	}
	return err
}

// SaveState implements feed.Feeds.
func (s *Store) SaveState(ctx context.Context, id int64, st feed.State) error {
	return s.execFeed(ctx, "save", id, `UPDATE feeds SET etag = ?, last_modified = ?, content_hash = ?, failures = ?, alerted = ?, last_run = ?
		WHERE agency_id = ? AND id = ?`, st.ETag, st.LastModified, st.ContentHash, st.Failures, st.Alerted, st.LastRun, s.agency, id)
}

// PruneRuns implements feed.Feeds.
func (s *Store) PruneRuns(ctx context.Context, unchanged, all time.Time) (int64, error) {
	var n int64
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		// Old runs go, every agency's (the hourly job of each server, not
		// an agency's): a purge by age reads no agency's data; the held
		// runs stay, whichever agency's (a run's id is one of the table's).
		res, err := tx.ExecContext(ctx, s.d.query(`DELETE FROM feed_runs /* every agency */
			WHERE (started_at < ? OR status = ? AND started_at < ?) AND id NOT IN (SELECT run_id FROM feed_holds /* every agency */)`),
			s.d.Time(all), string(feed.StatusUnchanged), s.d.Time(unchanged))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, s.errorf("prune runs: %w", err)
	}
	return n, nil
}

// Listings implements feed.Feeds.
func (s *Store) Listings(ctx context.Context, id int64) (feed.Listings, error) {
	var l feed.Listings
	var raw string
	err := s.write.QueryRowContext(ctx, s.d.query(`SELECT listings FROM feeds WHERE agency_id = ? AND id = ?`), s.agency, id).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return l, &errs.Error{Code: errs.NotFound, Key: "admin.feeds.error.none", Message: "no such feed"}
	}
	if err == nil {
		err = json.Unmarshal([]byte(raw), &l)
	}
	if err != nil {
		return l, s.errorf("listings of feed %d: %w", id, err)
	}
	return l, nil
}

// SetListings implements feed.Feeds.
func (s *Store) SetListings(ctx context.Context, id int64, l feed.Listings) error {
	raw, err := json.Marshal(l)
	if err != nil {
		return err
	}
	return s.execFeed(ctx, "set listings of", id, `UPDATE feeds SET listings = ? WHERE agency_id = ? AND id = ?`, string(raw), s.agency, id)
}

// OthersListings implements feed.Feeds.
func (s *Store) OthersListings(ctx context.Context, id int64) (feed.Listings, error) {
	var out feed.Listings
	raws, err := appendRows(ctx, s.write, nil, func(row scanner) (string, error) {
		var raw string
		return raw, row.Scan(&raw)
	}, s.d.query(`SELECT listings FROM feeds WHERE agency_id = ? AND id <> ?`), s.agency, id)
	if err != nil {
		return out, s.errorf("listings of the feeds but %d: %w", id, err)
	}
	for _, raw := range raws {
		var l feed.Listings
		if err := json.Unmarshal([]byte(raw), &l); err != nil {
			return out, s.errorf("listings of a feed: %w", err)
		}
		out.Properties = append(out.Properties, l.Properties...)
		out.Projects = append(out.Projects, l.Projects...)
	}
	return out, nil
}

// Hold implements feed.Feeds.
func (s *Store) Hold(ctx context.Context, feedID, runID int64, body []byte) error {
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.query(`INSERT INTO feed_holds (agency_id, feed_id, run_id, body) VALUES (?, ?, ?, ?)
			ON CONFLICT (feed_id) DO UPDATE SET run_id = excluded.run_id, body = excluded.body`), s.agency, feedID, runID, body)
		return err
	})
	if err != nil {
		return s.errorf("hold feed %d: %w", feedID, err)
	}
	return nil
}

// Held implements feed.Feeds.
func (s *Store) Held(ctx context.Context, feedID int64) (int64, []byte, error) {
	var run int64
	var body []byte
	err := s.write.QueryRowContext(ctx, s.d.query(`SELECT run_id, body FROM feed_holds WHERE agency_id = ? AND feed_id = ?`), s.agency, feedID).Scan(&run, &body)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil, nil
	}
	if err != nil {
		return 0, nil, s.errorf("held run of feed %d: %w", feedID, err)
	}
	return run, body, nil
}

// DropHeld implements feed.Feeds.
func (s *Store) DropHeld(ctx context.Context, feedID int64) error {
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.query(`DELETE FROM feed_holds WHERE agency_id = ? AND feed_id = ?`), s.agency, feedID)
		return err
	})
	if err != nil {
		return s.errorf("drop held run of feed %d: %w", feedID, err)
	}
	return nil
}
