package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"immo/internal/domain/rendered"
)

var _ rendered.Store = (*Store)(nil)

// GetRendered implements rendered.Store; a page last used more than
// rendered.TouchAfter ago is marked used (one write an hour for a page
// read often).
func (s *Store) GetRendered(ctx context.Context, key rendered.Key, now time.Time) ([]byte, error) {
	var body []byte
	var used time.Time
	err := s.read.QueryRowContext(ctx, s.d.query(`SELECT body, used_at FROM rendered_pages WHERE agency_id = ? AND key = ?`), s.agency, key[:]).
		Scan(&body, scanTime{&used})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, rendered.ErrNotFound
	}
	if err != nil {
		return nil, s.errorf("get rendered page: %w", err)
	}
	if now.Sub(used) > rendered.TouchAfter {
		if _, err := s.write.ExecContext(ctx, s.d.query(`UPDATE rendered_pages SET used_at = ? WHERE agency_id = ? AND key = ?`),
			s.d.Time(now), s.agency, key[:]); err != nil {
			return nil, s.errorf("touch rendered page: %w", err)
		}
	}
	return body, nil
}

// HasRendered implements rendered.Store.
func (s *Store) HasRendered(ctx context.Context, key rendered.Key) (bool, error) {
	var one int
	err := s.read.QueryRowContext(ctx, s.d.query(`SELECT 1 FROM rendered_pages WHERE agency_id = ? AND key = ?`), s.agency, key[:]).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, s.errorf("has rendered page: %w", err)
	}
	return true, nil
}

// PutRendered implements rendered.Store, in one transaction: the page, the
// running total of bytes, and the pages used least recently removed while
// the total is over maxBytes (a page alone over it is not stored).
func (s *Store) PutRendered(ctx context.Context, key rendered.Key, body []byte, now time.Time, maxBytes int64) error {
	if int64(len(body)) > maxBytes {
		return nil
	}
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return s.errorf("put rendered page: %w", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.d.query(`INSERT INTO rendered_pages (agency_id, key, body, size, used_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (`+s.d.AgencyKey+`key) DO NOTHING`), s.agency, key[:], body, len(body), s.d.Time(now))
	if err != nil {
		return s.errorf("put rendered page: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err // another server stored it first: nothing changed
	}
	var total int64
	if err := tx.QueryRowContext(ctx, s.d.query(`UPDATE rendered_total SET bytes = bytes + ? WHERE agency_id = ? AND id = 1 RETURNING bytes`),
		len(body), s.agency).Scan(&total); err != nil {
		return s.errorf("put rendered page: total: %w", err)
	}
	for total > maxBytes {
		freed, err := s.evictRendered(ctx, tx, key)
		if err != nil {
			return err
		}
		if freed == 0 {
			break
		}
		total -= freed
	}
	if err := tx.Commit(); err != nil {
		return s.errorf("put rendered page: %w", err)
	}
	return nil
}

// evictRendered removes the page used least recently but keep (one: a put
// over the bound frees about one page), and returns the bytes freed.
func (s *Store) evictRendered(ctx context.Context, tx *sql.Tx, keep rendered.Key) (int64, error) {
	rows, err := tx.QueryContext(ctx, s.d.query(`DELETE FROM rendered_pages WHERE agency_id = ? AND key IN
		(SELECT key FROM rendered_pages WHERE agency_id = ? AND key <> ? ORDER BY used_at, key LIMIT 1) RETURNING size`),
		s.agency, s.agency, keep[:])
	if err != nil {
		return 0, s.errorf("evict rendered pages: %w", err)
	}
	var freed int64
	for rows.Next() {
		var size int64
		if err := rows.Scan(&size); err != nil {
			rows.Close()
			return 0, s.errorf("evict rendered pages: %w", err)
		}
		freed += size
	}
	if err := rows.Close(); err != nil {
		return 0, s.errorf("evict rendered pages: %w", err)
	}
	if _, err := tx.ExecContext(ctx, s.d.query(`UPDATE rendered_total SET bytes = bytes - ? WHERE agency_id = ? AND id = 1`), freed, s.agency); err != nil {
		return 0, s.errorf("evict rendered pages: total: %w", err)
	}
	return freed, nil
}

// RenderedSize implements rendered.Store.
func (s *Store) RenderedSize(ctx context.Context) (pages int, bytes int64, err error) {
	err = s.read.QueryRowContext(ctx, s.d.query(`SELECT COUNT(*), COALESCE(SUM(size), 0) FROM rendered_pages WHERE agency_id = ?`), s.agency).
		Scan(&pages, &bytes)
	if err != nil {
		return 0, 0, s.errorf("rendered size: %w", err)
	}
	return pages, bytes, nil
}
