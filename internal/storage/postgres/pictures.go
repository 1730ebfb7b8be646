package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"immo/internal/pictures"
)

var _ pictures.Store = (*DB)(nil)

// PutVariants implements pictures.Store, in one transaction. Rows are
// written in key order: a server storing the same variants at the same time
// waits on the first row, then skips them all (ON CONFLICT DO NOTHING).
func (db *DB) PutVariants(ctx context.Context, vs []pictures.Variant) error {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("postgres: put variants: %w", err)
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
			`DELETE FROM picture_variants WHERE source = $1 AND original <> $2`, v.Source, v.Original); err != nil {
			return fmt.Errorf("postgres: put variants: %w", err)
		}
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO picture_variants
		(source, width, format, height, original, etag, data, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (source, width, format) DO NOTHING`)
	if err != nil {
		return fmt.Errorf("postgres: put variants: %w", err)
	}
	defer stmt.Close()
	for _, v := range vs {
		if _, err := stmt.ExecContext(ctx, v.Source, v.Width, v.Format, v.Height, v.Original, v.ETag,
			v.Data, v.Created.UTC()); err != nil {
			return fmt.Errorf("postgres: put variant %s %d %s: %w", v.Source, v.Width, v.Format, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("postgres: put variants: %w", err)
	}
	return nil
}

// GetVariant implements pictures.Store: the smallest width at or above the
// one asked, else the widest.
func (db *DB) GetVariant(ctx context.Context, source string, width int, format string) (pictures.Variant, error) {
	v := pictures.Variant{Source: source, Format: format}
	err := db.db.QueryRowContext(ctx, `SELECT width, height, original, etag, data, created_at
		FROM picture_variants WHERE source = $1 AND format = $2
		ORDER BY width < $3, CASE WHEN width >= $3 THEN width ELSE -width END LIMIT 1`,
		source, format, width).Scan(&v.Width, &v.Height, &v.Original, &v.ETag, &v.Data, &v.Created)
	if errors.Is(err, sql.ErrNoRows) {
		return v, pictures.ErrNoVariant
	}
	if err != nil {
		return v, fmt.Errorf("postgres: get variant: %w", err)
	}
	v.Size, v.Created = len(v.Data), v.Created.UTC()
	return v, nil
}

// ListVariants implements pictures.Store.
func (db *DB) ListVariants(ctx context.Context, source string) ([]pictures.Variant, error) {
	rows, err := db.db.QueryContext(ctx, `SELECT width, format, height, original, etag, octet_length(data), created_at
		FROM picture_variants WHERE source = $1 ORDER BY width, format`, source)
	if err != nil {
		return nil, fmt.Errorf("postgres: list variants: %w", err)
	}
	defer rows.Close()
	var out []pictures.Variant
	for rows.Next() {
		v := pictures.Variant{Source: source}
		if err := rows.Scan(&v.Width, &v.Format, &v.Height, &v.Original, &v.ETag, &v.Size, &v.Created); err != nil {
			return nil, fmt.Errorf("postgres: list variants: %w", err)
		}
		v.Created = v.Created.UTC()
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: list variants: %w", err)
	}
	return out, nil
}
