package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"immo/internal/storage/tally"
	"time"

	"immo/internal/catalog"
)

var _ catalog.Store = (*DB)(nil)

// Version implements catalog.Store.
func (db *DB) Version(ctx context.Context) (int64, error) {
	var v int64
	if err := db.read.QueryRowContext(ctx, `SELECT version FROM catalog_meta`).Scan(&v); err != nil {
		return 0, fmt.Errorf("sqlite: version: %w", err)
	}
	return v, nil
}

// Empty implements catalog.Store.
func (db *DB) Empty(ctx context.Context) (bool, error) {
	var empty bool
	err := db.read.QueryRowContext(ctx, `SELECT
		(SELECT version FROM catalog_meta) = 0
		AND NOT EXISTS (SELECT 1 FROM properties)
		AND NOT EXISTS (SELECT 1 FROM projects)
		AND NOT EXISTS (SELECT 1 FROM property_types)`).Scan(&empty)
	if err != nil {
		return false, fmt.Errorf("sqlite: empty: %w", err)
	}
	return empty, nil
}

// Load implements catalog.Store. The reads share one transaction: in WAL
// mode it is a snapshot, so the listings and the version always match even
// while an import commits.
func (db *DB) Load(ctx context.Context) (*catalog.Catalog, int64, error) {
	tx, err := db.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, 0, fmt.Errorf("sqlite: load: %w", err)
	}
	defer tx.Rollback()

	var version int64
	if err := tx.QueryRowContext(ctx, `SELECT version FROM catalog_meta`).Scan(&version); err != nil {
		return nil, 0, fmt.Errorf("sqlite: load version: %w", err)
	}
	c := &catalog.Catalog{}
	if c.Types, err = loadJSON[catalog.PropertyType](ctx, tx,
		`SELECT data FROM property_types ORDER BY id`); err != nil {
		return nil, 0, fmt.Errorf("sqlite: load types: %w", err)
	}
	if c.Properties, err = loadJSON[catalog.Property](ctx, tx,
		`SELECT data FROM properties WHERE online ORDER BY id`); err != nil {
		return nil, 0, fmt.Errorf("sqlite: load properties: %w", err)
	}
	if c.Projects, err = loadJSON[catalog.Project](ctx, tx,
		`SELECT data FROM projects WHERE online ORDER BY id`); err != nil {
		return nil, 0, fmt.Errorf("sqlite: load projects: %w", err)
	}
	return c, version, nil
}

// loadJSON decodes the single JSON column of every row of query. The slice
// is never nil, so an empty catalog encodes as [] rather than null.
func loadJSON[T any](ctx context.Context, tx *sql.Tx, query string) ([]T, error) {
	rows, err := tx.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		var data []byte
		if err := rows.Scan(&data); err != nil {
			return nil, err
		}
		var v T
		if err := json.Unmarshal(data, &v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// timeLayout is fixed-width UTC so that timestamps sort as text.
// JSON documents are bound as strings, not []byte, so SQLite stores TEXT
// (which json_valid accepts and the sqlite3 shell shows) rather than BLOB.
const timeLayout = "2006-01-02T15:04:05.000Z"

// Import implements catalog.Store, in one transaction on the writer.
func (db *DB) Import(ctx context.Context, c *catalog.Catalog, keep catalog.Keep) (catalog.ImportResult, error) {
	res := catalog.ImportResult{Types: len(c.Types)}
	now := time.Now().UTC().Format(timeLayout)

	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return res, fmt.Errorf("sqlite: import: %w", err)
	}
	defer tx.Rollback()

	if err := tx.QueryRowContext(ctx,
		`UPDATE catalog_meta SET version = version + 1, updated_at = ? RETURNING version`,
		now).Scan(&res.Version); err != nil {
		return res, fmt.Errorf("sqlite: import version: %w", err)
	}
	if err := importTypes(ctx, tx, c.Types); err != nil {
		return res, fmt.Errorf("sqlite: import types: %w", err)
	}
	props, err := importProperties(ctx, tx, c.Properties, keep.Properties, now)
	if err != nil {
		return res, fmt.Errorf("sqlite: import properties: %w", err)
	}
	projs, err := importProjects(ctx, tx, c.Projects, keep.Projects, now)
	if err != nil {
		return res, fmt.Errorf("sqlite: import projects: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return res, fmt.Errorf("sqlite: import commit: %w", err)
	}
	res.PropertiesAdded, res.PropertiesUpdated, res.PropertiesUnchanged, res.PropertiesOffline = props.Counts()
	res.ProjectsAdded, res.ProjectsUpdated, res.ProjectsUnchanged, res.ProjectsOffline = projs.Counts()
	return res, nil
}

func importTypes(ctx context.Context, tx *sql.Tx, types []catalog.PropertyType) error {
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO property_types (id, data) VALUES (?, ?)
		ON CONFLICT (id) DO UPDATE SET data = excluded.data`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, t := range types {
		data, err := json.Marshal(t)
		if err != nil {
			return fmt.Errorf("type %d: %w", t.ID, err)
		}
		if _, err := stmt.ExecContext(ctx, t.ID, string(data)); err != nil {
			return fmt.Errorf("type %d: %w", t.ID, err)
		}
	}
	return nil
}

func importProperties(ctx context.Context, tx *sql.Tx, ps []catalog.Property, keep []int64, now string) (*tally.Tally, error) {
	tl, err := tally.New(ctx, tx, "properties", keep)
	if err != nil {
		return nil, err
	}
	// Upserting brings back online a property an earlier import took offline.
	// A property already online with the same document is not written (no
	// row affected): it counts as unchanged and keeps its updated_at.
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO properties
		(id, online, status, goal, data, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET online = 1, status = excluded.status,
		goal = excluded.goal, data = excluded.data, updated_at = excluded.updated_at
		WHERE NOT properties.online OR properties.data IS NOT excluded.data`)
	if err != nil {
		return nil, err
	}
	defer stmt.Close()
	for _, p := range ps {
		data, err := json.Marshal(p)
		if err != nil {
			return nil, fmt.Errorf("property %d: %w", p.ID, err)
		}
		res, err := stmt.ExecContext(ctx, p.ID, p.Status, p.Goal, string(data), now, now)
		if err != nil {
			return nil, fmt.Errorf("property %d: %w", p.ID, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return nil, fmt.Errorf("property %d: %w", p.ID, err)
		}
		tl.See(p.ID, n > 0)
	}
	tl.Offline, err = takeOffline(ctx, tx, "properties", tl.Gone(), now)
	return tl, err
}

func importProjects(ctx context.Context, tx *sql.Tx, ps []catalog.Project, keep []int64, now string) (*tally.Tally, error) {
	tl, err := tally.New(ctx, tx, "projects", keep)
	if err != nil {
		return nil, err
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO projects (id, online, data, updated_at) VALUES (?, 1, ?, ?)
		ON CONFLICT (id) DO UPDATE SET online = 1, data = excluded.data, updated_at = excluded.updated_at
		WHERE NOT projects.online OR projects.data IS NOT excluded.data`)
	if err != nil {
		return nil, err
	}
	defer stmt.Close()
	for _, p := range ps {
		data, err := json.Marshal(p)
		if err != nil {
			return nil, fmt.Errorf("project %d: %w", p.ID, err)
		}
		res, err := stmt.ExecContext(ctx, p.ID, string(data), now)
		if err != nil {
			return nil, fmt.Errorf("project %d: %w", p.ID, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return nil, fmt.Errorf("project %d: %w", p.ID, err)
		}
		tl.See(p.ID, n > 0)
	}
	tl.Offline, err = takeOffline(ctx, tx, "projects", tl.Gone(), now)
	return tl, err
}

// takeOffline marks ids of table offline. table is one of our constants.
func takeOffline(ctx context.Context, tx *sql.Tx, table string, ids []int64, now string) (int, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	stmt, err := tx.PrepareContext(ctx, `UPDATE `+table+` SET online = 0, updated_at = ? WHERE id = ?`)
	if err != nil {
		return 0, err
	}
	defer stmt.Close()
	for _, id := range ids {
		if _, err := stmt.ExecContext(ctx, now, id); err != nil {
			return 0, fmt.Errorf("offline %d: %w", id, err)
		}
	}
	return len(ids), nil
}
