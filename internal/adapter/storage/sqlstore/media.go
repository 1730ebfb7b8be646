package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"immo/internal/domain/audit"
	"immo/internal/domain/media"
	"immo/internal/domain/site"
)

var _ media.Store = (*Store)(nil)

// AddMedia implements media.Store.
func (s *Store) AddMedia(ctx context.Context, it media.Item, e audit.Entry) (media.Item, error) {
	alt, err := json.Marshal(it.Alt)
	if err != nil {
		return media.Item{}, err
	}
	err = s.writeTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, s.d.query(`INSERT INTO media (agency_id, name, mime, width, height, size, alt, created_by, created_at, data)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`), s.agency, it.Name, it.MIME, it.Width, it.Height, it.Size, string(alt),
			it.By, s.d.Time(it.Created), it.Data).Scan(&it.ID); err != nil {
			return err
		}
		e.TargetID = it.ID
		return s.Audit().write(ctx, tx, e)
	})
	if err != nil {
		return media.Item{}, s.errorf("add media: %w", err)
	}
	return it, nil
}

// mediaColumns are an item's columns but its data.
const mediaColumns = `id, name, mime, width, height, size, alt, created_by, created_at`

// MediaItem implements media.Store.
func (s *Store) MediaItem(ctx context.Context, id int64, data bool) (media.Item, error) {
	q := `SELECT ` + mediaColumns + `, NULL FROM media WHERE agency_id = ? AND id = ?`
	if data {
		q = `SELECT ` + mediaColumns + `, data FROM media WHERE agency_id = ? AND id = ?`
	}
	it, err := scanMedia(s.read.QueryRowContext(ctx, s.d.query(q), s.agency, id))
	if errors.Is(err, sql.ErrNoRows) {
		return media.Item{}, media.ErrNoItem
	}
	if err != nil {
		return media.Item{}, s.errorf("media %d: %w", id, err)
	}
	return it, nil
}

// MediaItems implements media.Store.
func (s *Store) MediaItems(ctx context.Context, limit int) ([]media.Item, error) {
	out, err := appendRows(ctx, s.read, nil, scanMedia,
		s.d.query(`SELECT `+mediaColumns+`, NULL FROM media WHERE agency_id = ? ORDER BY id DESC LIMIT ?`), s.agency, limit)
	if err != nil {
		return nil, s.errorf("media: %w", err)
	}
	return out, nil
}

func scanMedia(row scanner) (media.Item, error) {
	var it media.Item
	var alt string
	err := row.Scan(&it.ID, &it.Name, &it.MIME, &it.Width, &it.Height, &it.Size, &alt, &it.By, scanTime{&it.Created}, &it.Data)
	if err == nil {
		err = json.Unmarshal([]byte(alt), &it.Alt)
	}
	if it.Alt == nil {
		it.Alt = site.Text{}
	}
	return it, err
}

// MediaUsage implements media.Store.
func (s *Store) MediaUsage(ctx context.Context) (items int, bytes int64, err error) {
	if err := s.read.QueryRowContext(ctx, s.d.query(`SELECT COUNT(*), COALESCE(SUM(size), 0) FROM media WHERE agency_id = ?`), s.agency).Scan(&items, &bytes); err != nil {
		return 0, 0, s.errorf("media usage: %w", err)
	}
	return items, bytes, nil
}

// SetMediaAlt implements media.Store.
func (s *Store) SetMediaAlt(ctx context.Context, id int64, alt site.Text, e audit.Entry) error {
	b, err := json.Marshal(alt)
	if err != nil {
		return err
	}
	err = s.writeTx(ctx, func(tx *sql.Tx) error {
		if err := changedOne(tx.ExecContext(ctx, s.d.query(`UPDATE media SET alt = ? WHERE agency_id = ? AND id = ?`), string(b), s.agency, id))(media.ErrNoItem); err != nil {
			return err
		}
		e.TargetID = id
		return s.Audit().write(ctx, tx, e)
	})
	if err != nil {
		return s.errorf("media %d alt: %w", id, err)
	}
	return nil
}

// DeleteMedia implements media.Store: the item and its variants.
func (s *Store) DeleteMedia(ctx context.Context, id int64, e audit.Entry) error {
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		var name string
		if err := tx.QueryRowContext(ctx, s.d.query(`DELETE FROM media WHERE agency_id = ? AND id = ? RETURNING name`), s.agency, id).Scan(&name); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return media.ErrNoItem
			}
			return err
		}
		url := media.Item{ID: id, Name: name}.URL()
		if _, err := tx.ExecContext(ctx, s.d.query(`DELETE FROM picture_variants WHERE agency_id = ? AND source = ?`), s.agency, url); err != nil {
			return err
		}
		e.TargetID = id
		return s.Audit().write(ctx, tx, e)
	})
	if err != nil {
		return s.errorf("delete media %d: %w", id, err)
	}
	return nil
}
