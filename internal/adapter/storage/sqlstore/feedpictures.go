package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"immo/internal/domain/errs"
	"immo/internal/domain/feed"
)

var _ feed.Pictures = (*Store)(nil)

// WantPictures implements feed.Pictures.
func (s *Store) WantPictures(ctx context.Context, feedID int64, want []feed.Picture) error {
	if len(want) == 0 {
		return nil
	}
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		stmt, err := tx.PrepareContext(ctx, s.d.query(`INSERT INTO feed_pictures (agency_id, key, url, name, feed_id) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (`+s.d.AgencyKey+`key) DO NOTHING`))
		if err != nil {
			return err
		}
		defer stmt.Close()
		for _, p := range want {
			if _, err := stmt.ExecContext(ctx, s.agency, p.Key, p.URL, p.Name, feedID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return s.errorf("want pictures of feed %d: %w", feedID, err)
	}
	return nil
}

// pictureColumns are a picture's columns but its data.
const pictureColumns = `key, url, name, feed_id, etag, last_modified, hash, width, height, size, fetched_at, checked_at, error`

func scanPicture(row scanner, data *[]byte) (feed.Picture, error) {
	var p feed.Picture
	dest := []any{&p.Key, &p.URL, &p.Name, &p.Feed, &p.ETag, &p.LastModified, &p.Hash, &p.Width, &p.Height, &p.Size,
		scanTime{&p.Fetched}, scanTime{&p.Checked}, &p.Error}
	if data != nil {
		dest = append(dest, data)
	}
	err := row.Scan(dest...)
	return p, err
}

// PicturesDue implements feed.Pictures.
func (s *Store) PicturesDue(ctx context.Context, feedID int64, retry, recheck time.Time, limit int) ([]feed.Picture, error) {
	out, err := appendRows(ctx, s.read, nil, func(row scanner) (feed.Picture, error) { return scanPicture(row, nil) },
		s.d.query(`SELECT `+pictureColumns+` FROM feed_pictures WHERE agency_id = ? AND feed_id = ? AND (checked_at IS NULL
			OR fetched_at IS NULL AND checked_at < ? OR checked_at < ?) ORDER BY checked_at IS NOT NULL, checked_at, key LIMIT ?`),
		s.agency, feedID, s.d.Time(retry), s.d.Time(recheck), limit)
	if err != nil {
		return nil, s.errorf("pictures due of feed %d: %w", feedID, err)
	}
	return out, nil
}

// SavePicture implements feed.Pictures.
func (s *Store) SavePicture(ctx context.Context, p feed.Picture) error {
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		if p.Data != nil {
			_, err := tx.ExecContext(ctx, s.d.query(`UPDATE feed_pictures SET etag = ?, last_modified = ?, hash = ?, width = ?, height = ?,
				size = ?, data = ?, fetched_at = ?, checked_at = ?, error = ? WHERE agency_id = ? AND key = ?`),
				p.ETag, p.LastModified, p.Hash, p.Width, p.Height, len(p.Data), p.Data, s.d.Time(p.Fetched), s.d.Time(p.Checked), p.Error,
				s.agency, p.Key)
			return err
		}
		_, err := tx.ExecContext(ctx, s.d.query(`UPDATE feed_pictures SET etag = ?, last_modified = ?, hash = ?, checked_at = ?, error = ?
			WHERE agency_id = ? AND key = ?`), p.ETag, p.LastModified, p.Hash, s.d.Time(p.Checked), p.Error, s.agency, p.Key)
		return err
	})
	if err != nil {
		return s.errorf("save picture %s: %w", p.Key, err)
	}
	return nil
}

// PictureProblems implements feed.Pictures.
func (s *Store) PictureProblems(ctx context.Context, feedID int64, limit int) ([]feed.Picture, int, error) {
	var n int
	if err := s.read.QueryRowContext(ctx, s.d.query(`SELECT COUNT(*) FROM feed_pictures WHERE agency_id = ? AND feed_id = ? AND error <> ''`), s.agency, feedID).Scan(&n); err != nil {
		return nil, 0, s.errorf("picture problems of feed %d: %w", feedID, err)
	}
	if n == 0 {
		return nil, 0, nil
	}
	out, err := appendRows(ctx, s.read, nil, func(row scanner) (feed.Picture, error) { return scanPicture(row, nil) },
		s.d.query(`SELECT `+pictureColumns+` FROM feed_pictures WHERE agency_id = ? AND feed_id = ? AND error <> '' ORDER BY checked_at DESC, key LIMIT ?`),
		s.agency, feedID, limit)
	if err != nil {
		return nil, 0, s.errorf("picture problems of feed %d: %w", feedID, err)
	}
	return out, n, nil
}

// FeedPicture implements feed.Pictures.
func (s *Store) FeedPicture(ctx context.Context, key string) (feed.Picture, error) {
	var data []byte
	p, err := scanPicture(s.read.QueryRowContext(ctx, s.d.query(`SELECT `+pictureColumns+`, data FROM feed_pictures WHERE agency_id = ? AND key = ?`), s.agency, key), &data)
	if errors.Is(err, sql.ErrNoRows) {
		return p, &errs.Error{Code: errs.NotFound, Message: "no such picture"}
	}
	if err != nil {
		return p, s.errorf("picture %s: %w", key, err)
	}
	p.Data = data
	return p, nil
}
