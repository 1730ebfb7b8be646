package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"immo/internal/pictures"
)

var _ pictures.Store = (*DB)(nil)

// PutVariants implements pictures.Store, in one transaction on the writer.
func (db *DB) PutVariants(ctx context.Context, vs []pictures.Variant) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite: put variants: %w", err)
	}
	defer tx.Rollback()
	vs = pictures.Sorted(vs)
	stale := map[string]bool{}
	for _, v := range vs {
		if stale[v.Source] {
			continue
		}
		stale[v.Source] = true
		if _, err := tx.ExecContext(ctx,
			`DELETE FROM picture_variants WHERE source = ? AND original <> ?`, v.Source, v.Original); err != nil {
			return fmt.Errorf("sqlite: put variants: %w", err)
		}
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO picture_variants
		(source, width, format, height, original, etag, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (source, width, format) DO NOTHING`)
	if err != nil {
		return fmt.Errorf("sqlite: put variants: %w", err)
	}
	defer stmt.Close()
	for _, v := range vs {
		if _, err := stmt.ExecContext(ctx, v.Source, v.Width, v.Format, v.Height, v.Original, v.ETag,
			v.Data, v.Created.UTC().Format(timeLayout)); err != nil {
			return fmt.Errorf("sqlite: put variant %s %d %s: %w", v.Source, v.Width, v.Format, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite: put variants: %w", err)
	}
	return nil
}

// GetVariant implements pictures.Store: the smallest width at or above the
// one asked, else the widest.
func (db *DB) GetVariant(ctx context.Context, source string, width int, format string) (pictures.Variant, error) {
	v := pictures.Variant{Source: source, Format: format}
	var created string
	err := db.read.QueryRowContext(ctx, `SELECT width, height, original, etag, data, created_at
		FROM picture_variants WHERE source = ? AND format = ?
		ORDER BY width < ?, CASE WHEN width >= ? THEN width ELSE -width END LIMIT 1`,
		source, format, width, width).Scan(&v.Width, &v.Height, &v.Original, &v.ETag, &v.Data, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return v, pictures.ErrNoVariant
	}
	if err != nil {
		return v, fmt.Errorf("sqlite: get variant: %w", err)
	}
	v.Size = len(v.Data)
	if v.Created, err = time.Parse(timeLayout, created); err != nil {
		return v, fmt.Errorf("sqlite: get variant: %w", err)
	}
	return v, nil
}

// ListVariants implements pictures.Store.
func (db *DB) ListVariants(ctx context.Context, source string) ([]pictures.Variant, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT width, format, height, original, etag, length(data), created_at
		FROM picture_variants WHERE source = ? ORDER BY width, format`, source)
	if err != nil {
		return nil, fmt.Errorf("sqlite: list variants: %w", err)
	}
	defer rows.Close()
	var out []pictures.Variant
	for rows.Next() {
		v := pictures.Variant{Source: source}
		var created string
		if err := rows.Scan(&v.Width, &v.Format, &v.Height, &v.Original, &v.ETag, &v.Size, &created); err != nil {
			return nil, fmt.Errorf("sqlite: list variants: %w", err)
		}
		if v.Created, err = time.Parse(timeLayout, created); err != nil {
			return nil, fmt.Errorf("sqlite: list variants: %w", err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: list variants: %w", err)
	}
	return out, nil
}
