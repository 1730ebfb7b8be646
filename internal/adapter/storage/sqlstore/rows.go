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

// eachRow runs query with args on db and gives each row to read; the first
// error (the query's, read's or the rows') ends it.
func eachRow(ctx context.Context, db queryer, read func(scanner) error, query string, args ...any) error {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := read(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// appendRows appends each row of query, read by scan, to out, which comes
// back as given when no row does (nil or empty, as the caller's answer
// wants it); on an error, nil and the error.
func appendRows[T any](ctx context.Context, db queryer, out []T, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	err := eachRow(ctx, db, func(row scanner) error {
		v, err := scan(row)
		out = append(out, v)
		return err
	}, query, args...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// countRows reads query's rows, by scan, as keys and their counts; on an
// error, nil and the error.
func countRows[K comparable](ctx context.Context, db queryer, scan func(scanner) (K, int, error), query string, args ...any) (map[K]int, error) {
	out := map[K]int{}
	err := eachRow(ctx, db, func(row scanner) error {
		k, n, err := scan(row)
		out[k] = n
		return err
	}, query, args...)
	if err != nil {
		return nil, err
	}
	return out, nil
}
