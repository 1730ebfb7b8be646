package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"immo/internal/adapter/pictures"
)

// PutVariants implements pictures.Store, in one transaction on the writer.
// Rows are written in key order: on PostgreSQL a server storing the same
// variants at the same time waits on the first row, then skips them all
// (ON CONFLICT DO NOTHING).
func (s *Store) PutVariants(ctx context.Context, vs []pictures.Variant) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return s.errorf("put variants: %w", err)
	}
	defer tx.Rollback()
	vs = pictures.Sorted(vs)
	stale := map[string]bool{}
	for _, v := range vs {
		if stale[v.Source] {
			continue
		}
		stale[v.Source] = true
		if _, err := tx.ExecContext(ctx, s.d.query(
			`DELETE FROM picture_variants WHERE agency_id = ? AND source = ? AND original <> ?`), s.agency, v.Source, v.Original); err != nil {
			return s.errorf("put variants: %w", err)
		}
	}
	stmt, err := tx.PrepareContext(ctx, s.d.query(`INSERT INTO picture_variants
		(agency_id, source, width, format, height, original, etag, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (`+s.d.AgencyKey+`source, width, format) DO NOTHING`))
	if err != nil {
		return s.errorf("put variants: %w", err)
	}
	defer stmt.Close()
	for _, v := range vs {
		if _, err := stmt.ExecContext(ctx, s.agency, v.Source, v.Width, v.Format, v.Height, v.Original, v.ETag,
			v.Data, s.d.Time(v.Created)); err != nil {
			return s.errorf("put variant %s %d %s: %w", v.Source, v.Width, v.Format, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return s.errorf("put variants: %w", err)
	}
	return nil
}

// GetVariant implements pictures.Store: the smallest width at or above the
// one asked, else the widest.
func (s *Store) GetVariant(ctx context.Context, source string, width int, format string) (pictures.Variant, error) {
	v := pictures.Variant{Source: source, Format: format}
	err := s.read.QueryRowContext(ctx, s.d.query(`SELECT width, height, original, etag, data, created_at
		FROM picture_variants WHERE agency_id = ? AND source = ? AND format = ?
		ORDER BY width < ?, CASE WHEN width >= ? THEN width ELSE -width END LIMIT 1`),
		s.agency, source, format, width, width).Scan(&v.Width, &v.Height, &v.Original, &v.ETag, &v.Data, scanTime{&v.Created})
	if errors.Is(err, sql.ErrNoRows) {
		return v, pictures.ErrNoVariant
	}
	if err != nil {
		return v, s.errorf("get variant: %w", err)
	}
	v.Size = len(v.Data)
	return v, nil
}

// ListVariants implements pictures.Store.
func (s *Store) ListVariants(ctx context.Context, source string) ([]pictures.Variant, error) {
	out, err := appendRows(ctx, s.read, nil, func(row scanner) (pictures.Variant, error) {
		v := pictures.Variant{Source: source}
		err := row.Scan(&v.Width, &v.Format, &v.Height, &v.Original, &v.ETag, &v.Size, scanTime{&v.Created})
		return v, err
	}, s.d.query(`SELECT width, format, height, original, etag, length(data), created_at
		FROM picture_variants WHERE agency_id = ? AND source = ? ORDER BY width, format`), s.agency, source)
	if err != nil {
		return nil, s.errorf("list variants: %w", err)
	}
	return out, nil
}
