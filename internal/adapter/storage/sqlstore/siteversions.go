package sqlstore

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"immo/internal/domain/agency"
	"immo/internal/domain/audit"
)

var _ agency.Store = (*Store)(nil)

// PublishSiteVersion implements agency.Store.
func (s *Store) PublishSiteVersion(ctx context.Context, v agency.Version, e audit.Entry) (int64, error) {
	var id int64
	var summary sql.NullString
	if v.Summary != nil {
		b, err := json.Marshal(v.Summary)
		if err != nil {
			return 0, s.errorf("publish site version: %w", err)
		}
		summary = sql.NullString{String: string(b), Valid: true}
	}
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, s.d.query(`INSERT INTO site_versions (agency_id, config, sha256, created_by, note, created_at, summary)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`), s.agency, v.Config, v.Hash[:], v.By, v.Note, s.d.Time(v.At), summary).Scan(&id); err != nil {
			return err
		}
		// The head row is locked until the end: a publication over a
		// version (v.Over) another just replaced finds it moved.
		q, args := `UPDATE site_head SET version = ? WHERE agency_id = ? AND one = 1`, []any{id, s.agency}
		if v.Over != 0 {
			q, args = q+` AND version = ?`, append(args, v.Over)
		}
		if err := changedOne(tx.ExecContext(ctx, s.d.query(q), args...))(agency.ErrMeanwhile); err != nil {
			return err
		}
		e.TargetID = id
		return s.Audit().write(ctx, tx, e)
	})
	if err != nil {
		return 0, s.errorf("publish site version: %w", err)
	}
	return id, nil
}

// SiteVersion implements agency.Store.
func (s *Store) SiteVersion(ctx context.Context, id int64) (agency.Version, error) {
	v, err := s.siteVersion(ctx, `SELECT id, sha256, created_by, note, created_at, summary, config FROM site_versions
		WHERE agency_id = ? AND id = ?`, s.agency, id)
	if err != nil {
		return agency.Version{}, s.errorf("site version %d: %w", id, err)
	}
	return v, nil
}

// SiteVersionByHash implements agency.Store.
func (s *Store) SiteVersionByHash(ctx context.Context, h [sha256.Size]byte) (agency.Version, error) {
	v, err := s.siteVersion(ctx, `SELECT id, sha256, created_by, note, created_at, summary, NULL FROM site_versions
		WHERE agency_id = ? AND sha256 = ? ORDER BY id DESC LIMIT 1`, s.agency, h[:])
	if err != nil {
		return agency.Version{}, s.errorf("site version by hash: %w", err)
	}
	return v, nil
}

// LatestSiteVersionID implements agency.Store.
func (s *Store) LatestSiteVersionID(ctx context.Context) (int64, error) {
	var id sql.NullInt64
	if err := s.read.QueryRowContext(ctx, s.d.query(`SELECT MAX(id) FROM site_versions WHERE agency_id = ?`), s.agency).Scan(&id); err != nil {
		return 0, s.errorf("latest site version: %w", err)
	}
	return id.Int64, nil
}

// SiteVersions implements agency.Store.
func (s *Store) SiteVersions(ctx context.Context, limit int) ([]agency.Version, error) {
	out, err := appendRows(ctx, s.read, nil, func(row scanner) (agency.Version, error) {
		var v agency.Version
		var hash []byte
		var summary sql.NullString
		err := row.Scan(&v.ID, &hash, &v.By, &v.Note, scanTime{&v.At}, &summary)
		copy(v.Hash[:], hash)
		v.Summary = readSummary(summary)
		return v, err
	}, s.d.query(`SELECT id, sha256, created_by, note, created_at, summary FROM site_versions
		WHERE agency_id = ? ORDER BY id DESC LIMIT ?`), s.agency, limit)
	if err != nil {
		return nil, s.errorf("site versions: %w", err)
	}
	return out, nil
}

// readSummary is a version's summary as stored (agency.Summary's JSON);
// nil when none was kept — or when it no longer reads as one: the history
// then shows the version's note alone rather than failing.
func readSummary(stored sql.NullString) *agency.Summary {
	if !stored.Valid {
		return nil
	}
	var sum agency.Summary
	if json.Unmarshal([]byte(stored.String), &sum) != nil {
		return nil
	}
	if sum.Changes == nil {
		sum.Changes = []agency.SiteChange{}
	}
	return &sum
}

// siteVersion reads one row of q with args (id, sha256, created_by, note,
// created_at, summary, config or NULL); agency.ErrNoVersion when there is none.
func (s *Store) siteVersion(ctx context.Context, q string, args ...any) (agency.Version, error) {
	var v agency.Version
	var hash []byte
	var summary sql.NullString
	err := s.read.QueryRowContext(ctx, s.d.query(q), args...).Scan(&v.ID, &hash, &v.By, &v.Note, scanTime{&v.At}, &summary, &v.Config)
	if errors.Is(err, sql.ErrNoRows) {
		return agency.Version{}, agency.ErrNoVersion
	}
	if err != nil {
		return agency.Version{}, err
	}
	copy(v.Hash[:], hash)
	v.Summary = readSummary(summary)
	return v, nil
}

// SaveSiteDraft implements agency.DraftStore.
func (s *Store) SaveSiteDraft(ctx context.Context, d agency.Draft) (int64, error) {
	id := d.ID
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		if id == 0 {
			return tx.QueryRowContext(ctx, s.d.query(`INSERT INTO site_drafts (agency_id, config, base_version, created_by, updated_by, created_at,
				updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`), s.agency, d.Config, d.Base, d.By, d.UpdatedBy, s.d.Time(d.Created), s.d.Time(d.Updated)).Scan(&id)
		}
		return changedOne(tx.ExecContext(ctx, s.d.query(`UPDATE site_drafts SET config = ?, updated_by = ?, updated_at = ? WHERE agency_id = ? AND id = ?`),
			d.Config, d.UpdatedBy, s.d.Time(d.Updated), s.agency, id))(agency.ErrNoDraft)
	})
	if err != nil {
		return 0, s.errorf("save site draft: %w", err)
	}
	return id, nil
}

// SiteDraft implements agency.DraftStore.
func (s *Store) SiteDraft(ctx context.Context, id int64) (agency.Draft, error) {
	d := agency.Draft{ID: id}
	err := s.read.QueryRowContext(ctx, s.d.query(`SELECT config, `+draftColumns+` FROM site_drafts WHERE agency_id = ? AND id = ?`), s.agency, id).
		Scan(&d.Config, &d.ID, &d.Base, &d.By, &d.UpdatedBy, scanTime{&d.Created}, scanTime{&d.Updated}, scanTime{&d.PublishAt},
			&d.ScheduledBy, &d.ScheduleFailed)
	if errors.Is(err, sql.ErrNoRows) {
		return agency.Draft{}, s.errorf("site draft %d: %w", id, agency.ErrNoDraft)
	}
	if err != nil {
		return agency.Draft{}, s.errorf("site draft %d: %w", id, err)
	}
	return d, nil
}

// SiteDrafts implements agency.DraftStore.
func (s *Store) SiteDrafts(ctx context.Context, limit int) ([]agency.Draft, error) {
	out, err := appendRows(ctx, s.read, nil, scanDraft, s.d.query(`SELECT `+draftColumns+` FROM site_drafts
		WHERE agency_id = ? ORDER BY updated_at DESC, id DESC LIMIT ?`), s.agency, limit)
	if err != nil {
		return nil, s.errorf("site drafts: %w", err)
	}
	return out, nil
}

// draftColumns are a draft's columns but its configuration, as scanDraft reads them.
const draftColumns = `id, base_version, created_by, updated_by, created_at, updated_at, publish_at, scheduled_by, schedule_failed`

func scanDraft(row scanner) (agency.Draft, error) {
	var d agency.Draft
	err := row.Scan(&d.ID, &d.Base, &d.By, &d.UpdatedBy, scanTime{&d.Created}, scanTime{&d.Updated}, scanTime{&d.PublishAt},
		&d.ScheduledBy, &d.ScheduleFailed)
	return d, err
}

// ScheduleSiteDraft implements agency.DraftStore.
func (s *Store) ScheduleSiteDraft(ctx context.Context, id int64, at time.Time, actor int64) error {
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		return changedOne(tx.ExecContext(ctx, s.d.query(`UPDATE site_drafts SET publish_at = ?, scheduled_by = ?, schedule_failed = '' WHERE agency_id = ? AND id = ?`),
			nullTime(s.d.Time, at), actor, s.agency, id))(agency.ErrNoDraft)
	})
	if err != nil {
		return s.errorf("schedule site draft %d: %w", id, err)
	}
	return nil
}

// DueSiteDrafts implements agency.DraftStore.
func (s *Store) DueSiteDrafts(ctx context.Context, now time.Time) ([]agency.Draft, error) {
	out, err := appendRows(ctx, s.read, nil, scanDraft, s.d.query(`SELECT `+draftColumns+` FROM site_drafts
		WHERE agency_id = ? AND publish_at IS NOT NULL AND publish_at <= ? ORDER BY publish_at, id LIMIT 20`), s.agency, s.d.Time(now))
	if err != nil {
		return nil, s.errorf("due site drafts: %w", err)
	}
	return out, nil
}

// ClaimSiteDraft implements agency.DraftStore.
func (s *Store) ClaimSiteDraft(ctx context.Context, id int64, at time.Time) (bool, error) {
	var claimed bool
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.query(`UPDATE site_drafts SET publish_at = NULL WHERE agency_id = ? AND id = ? AND publish_at = ?`), s.agency, id, s.d.Time(at))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		claimed = n == 1
		return err
	})
	if err != nil {
		return false, s.errorf("claim site draft %d: %w", id, err)
	}
	return claimed, nil
}

// FailSiteDraft implements agency.DraftStore.
func (s *Store) FailSiteDraft(ctx context.Context, id int64, why string) error {
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.query(`UPDATE site_drafts SET schedule_failed = ? WHERE agency_id = ? AND id = ?`), why, s.agency, id)
		return err
	})
	if err != nil {
		return s.errorf("fail site draft %d: %w", id, err)
	}
	return nil
}

// DeleteSiteDraft implements agency.DraftStore.
func (s *Store) DeleteSiteDraft(ctx context.Context, id int64) error {
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.query(`DELETE FROM site_drafts WHERE agency_id = ? AND id = ?`), s.agency, id)
		return err
	})
	if err != nil {
		return s.errorf("delete site draft %d: %w", id, err)
	}
	return nil
}

// changedOne is the error of an update that must change a row: its own,
// else none when it did, else the one none says.
func changedOne(res sql.Result, err error) func(none error) error {
	return func(none error) error {
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return cmpErr(err, none)
		}
		return nil
	}
}
