package sqlstore

import (
	"context"
	"database/sql"
)

// queryer is a pool or a transaction.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// scanner is a row to read: *sql.Row or *sql.Rows.
type scanner = interface{ Scan(dest ...any) error }

// appendRows runs query with args on db and appends each row, read by
// scan, to out, which comes back as given when no row does (nil or empty,
// as the caller's answer wants it); on the first error, nil and the error.
func appendRows[T any](ctx context.Context, db queryer, out []T, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
