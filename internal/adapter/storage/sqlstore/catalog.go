package sqlstore

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"immo/internal/domain/catalog"
)

// Version implements catalog.Store.
func (s *Store) Version(ctx context.Context) (int64, error) {
	var v int64
	if err := s.read.QueryRowContext(ctx, s.d.query(`SELECT version FROM catalog_meta WHERE agency_id = ?`), s.agency).Scan(&v); err != nil {
		return 0, s.errorf("version: %w", err)
	}
	return v, nil
}

// Empty implements catalog.Store.
func (s *Store) Empty(ctx context.Context) (bool, error) {
	var empty bool
	err := s.read.QueryRowContext(ctx, s.d.query(`SELECT
		(SELECT version FROM catalog_meta WHERE agency_id = ?) = 0
		AND NOT EXISTS (SELECT 1 FROM properties WHERE agency_id = ?)
		AND NOT EXISTS (SELECT 1 FROM projects WHERE agency_id = ?)
		AND NOT EXISTS (SELECT 1 FROM property_types WHERE agency_id = ?)`), s.agency, s.agency, s.agency, s.agency).Scan(&empty)
	if err != nil {
		return false, s.errorf("empty: %w", err)
	}
	return empty, nil
}

// Load implements catalog.Store. The reads share one snapshot (the
// dialect's Snapshot: a read transaction in WAL mode on SQLite, REPEATABLE
// READ on PostgreSQL), so the listings and the version always match even
// while an import commits.
func (s *Store) Load(ctx context.Context) (*catalog.Catalog, int64, error) {
	opts := s.d.Snapshot
	tx, err := s.read.BeginTx(ctx, &opts)
	if err != nil {
		return nil, 0, s.errorf("load: %w", err)
	}
	defer tx.Rollback()

	var version int64
	if err := tx.QueryRowContext(ctx, s.d.query(`SELECT version FROM catalog_meta WHERE agency_id = ?`), s.agency).Scan(&version); err != nil {
		return nil, 0, s.errorf("load version: %w", err)
	}
	c := &catalog.Catalog{}
	if c.Types, err = loadJSON[catalog.PropertyType](ctx, tx,
		s.d.query(`SELECT data FROM property_types WHERE agency_id = ? ORDER BY id`), s.agency); err != nil {
		return nil, 0, s.errorf("load types: %w", err)
	}
	if c.Properties, err = loadJSON[catalog.Property](ctx, tx,
		s.d.query(`SELECT data FROM properties WHERE agency_id = ? AND online ORDER BY id`), s.agency); err != nil {
		return nil, 0, s.errorf("load properties: %w", err)
	}
	if c.Projects, err = loadJSON[catalog.Project](ctx, tx,
		s.d.query(`SELECT data FROM projects WHERE agency_id = ? AND online ORDER BY id`), s.agency); err != nil {
		return nil, 0, s.errorf("load projects: %w", err)
	}
	return c, version, nil
}

// Listed implements catalog.Store, from one snapshot like Load.
func (s *Store) Listed(ctx context.Context) (catalog.Listed, error) {
	opts := s.d.Snapshot
	tx, err := s.read.BeginTx(ctx, &opts)
	if err != nil {
		return catalog.Listed{}, s.errorf("listed: %w", err)
	}
	defer tx.Rollback()
	l := catalog.Listed{Properties: map[int64]bool{}}
	if l.Types, err = loadJSON[catalog.PropertyType](ctx, tx, s.d.query(`SELECT data FROM property_types WHERE agency_id = ? ORDER BY id`), s.agency); err != nil {
		return l, s.errorf("listed types: %w", err)
	}
	online, err := ids(ctx, tx, s.d.query(`SELECT id FROM properties WHERE agency_id = ? AND online`), s.agency)
	if err != nil {
		return l, s.errorf("listed properties: %w", err)
	}
	for _, id := range online {
		l.Properties[id] = true
	}
	if l.Projects, err = ids(ctx, tx, s.d.query(`SELECT id FROM projects WHERE agency_id = ? AND online ORDER BY id`), s.agency); err != nil {
		return l, s.errorf("listed projects: %w", err)
	}
	return l, nil
}

// FirstSeen implements catalog.Store: the dates are read by the database
// out of the documents (the dialect's JSONText), a batch of ids at a time.
func (s *Store) FirstSeen(ctx context.Context, want []int64) (map[int64]time.Time, error) {
	out := map[int64]time.Time{}
	for batch := range slices.Chunk(want, idBatch) {
		args := make([]any, 0, len(batch)+1)
		args = append(args, s.agency)
		for _, id := range batch {
			args = append(args, id)
		}
		rows, err := s.read.QueryContext(ctx, s.d.query(`SELECT id, `+s.d.JSONText("data", "DateCreated")+` FROM properties
			WHERE agency_id = ? AND online AND id IN (?`+strings.Repeat(", ?", len(batch)-1)+`)`), args...)
		if err != nil {
			return nil, s.errorf("first seen: %w", err)
		}
		for rows.Next() {
			var id int64
			var created sql.NullString
			if err := rows.Scan(&id, &created); err != nil {
				rows.Close()
				return nil, s.errorf("first seen: %w", err)
			}
			if !created.Valid {
				continue
			}
			at, err := time.Parse(time.RFC3339Nano, created.String)
			if err != nil {
				rows.Close()
				return nil, s.errorf("first seen of property %d: %w", id, err)
			}
			if !at.IsZero() { // a document without a date carries time.Time's zero
				out[id] = at
			}
		}
		if err := rows.Close(); err != nil {
			return nil, s.errorf("first seen: %w", err)
		}
		if err := rows.Err(); err != nil {
			return nil, s.errorf("first seen: %w", err)
		}
	}
	return out, nil
}

// ids reads the single integer column of every row of query.
func ids(ctx context.Context, tx *sql.Tx, query string, args ...any) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []int64{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// Changes implements catalog.Store, from one snapshot like Load.
func (s *Store) Changes(ctx context.Context, since int64) (catalog.Changes, error) {
	opts := s.d.Snapshot
	tx, err := s.read.BeginTx(ctx, &opts)
	if err != nil {
		return catalog.Changes{}, s.errorf("changes: %w", err)
	}
	defer tx.Rollback()
	var ch catalog.Changes
	if err := tx.QueryRowContext(ctx, s.d.query(`SELECT version FROM catalog_meta WHERE agency_id = ?`), s.agency).Scan(&ch.Version); err != nil {
		return ch, s.errorf("changes version: %w", err)
	}
	if ch.Types, err = loadJSON[catalog.PropertyType](ctx, tx, s.d.query(`SELECT data FROM property_types WHERE agency_id = ? ORDER BY id`), s.agency); err != nil {
		return ch, s.errorf("changes types: %w", err)
	}
	if ch.Properties, err = loadJSON[catalog.Property](ctx, tx,
		s.d.query(`SELECT data FROM properties WHERE agency_id = ? AND version > ? AND online ORDER BY id`), s.agency, since); err != nil {
		return ch, s.errorf("changes properties: %w", err)
	}
	if ch.Projects, err = loadJSON[catalog.Project](ctx, tx,
		s.d.query(`SELECT data FROM projects WHERE agency_id = ? AND version > ? AND online ORDER BY id`), s.agency, since); err != nil {
		return ch, s.errorf("changes projects: %w", err)
	}
	if ch.OfflineProperties, err = ids(ctx, tx, s.d.query(`SELECT id FROM properties WHERE agency_id = ? AND version > ? AND NOT online ORDER BY id`), s.agency, since); err != nil {
		return ch, s.errorf("changes properties offline: %w", err)
	}
	if ch.OfflineProjects, err = ids(ctx, tx, s.d.query(`SELECT id FROM projects WHERE agency_id = ? AND version > ? AND NOT online ORDER BY id`), s.agency, since); err != nil {
		return ch, s.errorf("changes projects offline: %w", err)
	}
	return ch, nil
}

// loadJSON decodes the single JSON column of every row of query. The slice
// is never nil, so an empty catalog encodes as [] rather than null.
func loadJSON[T any](ctx context.Context, tx *sql.Tx, query string, args ...any) ([]T, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
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

// Import implements catalog.Store, in one transaction on the writer.
// JSON documents are bound as strings, not []byte, so that SQLite stores
// TEXT (which json_valid accepts and the sqlite3 shell shows) rather than
// BLOB; PostgreSQL casts them to JSONB.
func (s *Store) Import(ctx context.Context, c *catalog.Catalog, keep catalog.Keep) (catalog.ImportResult, error) {
	res := catalog.ImportResult{Types: len(c.Types)}
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return res, s.errorf("import: %w", err)
	}
	defer tx.Rollback()

	// Locking the meta row first (an update that changes nothing): on
	// PostgreSQL a concurrent import from another server waits here until
	// this one commits, and then (READ COMMITTED) reads the ids this one
	// wrote, so the counts stay right; SQLite's writer lock does the same.
	// Every row of the import gets the time read here, as the database
	// reports it.
	// The rows it writes carry the version it will make (Changes reads
	// them by it); they are none when it makes none.
	var now any
	var version int64
	if err := tx.QueryRowContext(ctx, s.d.query(`UPDATE catalog_meta SET version = version WHERE agency_id = ? RETURNING version, `+s.d.Now),
		s.agency).Scan(&version, &now); err != nil {
		return res, s.errorf("import version: %w", err)
	}
	w := write{agency: s.agency, now: now, version: version + 1}
	typesChanged, err := s.importTypes(ctx, tx, c.Types)
	if err != nil {
		return res, s.errorf("import types: %w", err)
	}
	props, err := importListings(ctx, s, tx, properties, c.Properties, keep.Properties, w)
	if err != nil {
		return res, s.errorf("import properties: %w", err)
	}
	projs, err := importListings(ctx, s, tx, projects, c.Projects, keep.Projects, w)
	if err != nil {
		return res, s.errorf("import projects: %w", err)
	}
	if typesChanged || props.changed() || projs.changed() {
		if _, err := tx.ExecContext(ctx, s.d.query(`UPDATE catalog_meta SET version = ?, updated_at = ? WHERE agency_id = ?`), w.version, now, s.agency); err != nil {
			return res, s.errorf("import version: %w", err)
		}
		res.Version = w.version
	}
	if err := tx.Commit(); err != nil {
		return res, s.errorf("import commit: %w", err)
	}
	res.PropertiesAdded, res.PropertiesUpdated, res.PropertiesUnchanged, res.PropertiesOffline = props.counts()
	res.ProjectsAdded, res.ProjectsUpdated, res.ProjectsUnchanged, res.ProjectsOffline = projs.counts()
	return res, nil
}

// importTypes upserts the types; changed tells whether one was written.
func (s *Store) importTypes(ctx context.Context, tx *sql.Tx, types []catalog.PropertyType) (changed bool, err error) {
	stmt, err := tx.PrepareContext(ctx, s.d.query(`INSERT INTO property_types (agency_id, id, data) VALUES (?, ?, ?)
		ON CONFLICT (`+s.d.AgencyKey+`id) DO UPDATE SET data = excluded.data
		WHERE property_types.data IS DISTINCT FROM excluded.data`))
	if err != nil {
		return false, err
	}
	defer stmt.Close()
	for _, t := range types {
		data, err := json.Marshal(t)
		if err != nil {
			return false, fmt.Errorf("type %d: %w", t.ID, err)
		}
		res, err := stmt.ExecContext(ctx, s.agency, t.ID, string(data))
		if err != nil {
			return false, fmt.Errorf("type %d: %w", t.ID, err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return false, fmt.Errorf("type %d: %w", t.ID, err)
		} else if n > 0 {
			changed = true
		}
	}
	return changed, nil
}

// write is what every row an import writes gets: the agency of the
// store, the time of the import and the catalog version it makes.
type write struct {
	agency  int64
	now     any
	version int64
}

// listingTable is how one kind of listing is upserted.
type listingTable[T any] struct {
	name   string // the table
	kind   string // a listing's kind, in errors
	id     func(T) int64
	upsert string
	args   func(l T, data, hash string, w write) []any // the upsert's arguments
}

// Upserting brings back online a listing an earlier import took offline.
// A listing already online with the same document is not written (no row
// affected): it counts as unchanged and keeps its updated_at.
var (
	properties = listingTable[catalog.Property]{
		name: "properties", kind: "property",
		id: func(p catalog.Property) int64 { return p.ID },
		upsert: `INSERT INTO properties
		(agency_id, id, online, status, goal, data, created_at, updated_at, version, doc_hash) VALUES (?, ?, true, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT ({agency key}id) DO UPDATE SET online = true, status = excluded.status,
		goal = excluded.goal, data = excluded.data, updated_at = excluded.updated_at, version = excluded.version,
		doc_hash = excluded.doc_hash
		WHERE NOT properties.online OR properties.data IS DISTINCT FROM excluded.data`,
		args: func(p catalog.Property, data, hash string, w write) []any {
			return []any{w.agency, p.ID, p.Status, p.Goal, data, w.now, w.now, w.version, hash}
		},
	}
	projects = listingTable[catalog.Project]{
		name: "projects", kind: "project",
		id: func(p catalog.Project) int64 { return p.ID },
		upsert: `INSERT INTO projects (agency_id, id, online, data, updated_at, version, doc_hash) VALUES (?, ?, true, ?, ?, ?, ?)
		ON CONFLICT ({agency key}id) DO UPDATE SET online = true, data = excluded.data, updated_at = excluded.updated_at, version = excluded.version,
		doc_hash = excluded.doc_hash
		WHERE NOT projects.online OR projects.data IS DISTINCT FROM excluded.data`,
		args: func(p catalog.Project, data, hash string, w write) []any {
			return []any{w.agency, p.ID, data, w.now, w.version, hash}
		},
	}
)

// importListings upserts the listings of one table, then takes offline the
// ones that were online, are absent from the import and are not kept.
func importListings[T any](ctx context.Context, s *Store, tx *sql.Tx, table listingTable[T], ls []T, keep []int64, w write) (*tally, error) {
	tl, err := newTally(ctx, tx, s.d, table.name, s.agency, keep)
	if err != nil {
		return nil, err
	}
	stmt, err := tx.PrepareContext(ctx, s.d.query(s.d.keyed(table.upsert)))
	if err != nil {
		return nil, err
	}
	defer stmt.Close()
	for _, l := range ls {
		id := table.id(l)
		data, err := json.Marshal(l)
		if err != nil {
			return nil, fmt.Errorf("%s %d: %w", table.kind, id, err)
		}
		hash := docHash(data)
		if tl.same(id, hash) {
			tl.see(id, false)
			continue
		}
		res, err := stmt.ExecContext(ctx, table.args(l, string(data), hash, w)...)
		if err != nil {
			return nil, fmt.Errorf("%s %d: %w", table.kind, id, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return nil, fmt.Errorf("%s %d: %w", table.kind, id, err)
		}
		if n == 0 && tl.hash[id] != hash {
			// The same document, its hash not known yet (stored before
			// migration 00044): noted, not counted as a change.
			if _, err := tx.ExecContext(ctx, s.d.query(`UPDATE `+table.name+` SET doc_hash = ? WHERE agency_id = ? AND id = ?`), hash, s.agency, id); err != nil {
				return nil, fmt.Errorf("%s %d: %w", table.kind, id, err)
			}
		}
		tl.see(id, n > 0)
	}
	tl.offline, err = s.takeOffline(ctx, tx, table.name, tl.gone(), w)
	return tl, err
}

// docHash is the hash of a listing's document as an import writes it
// (its doc_hash).
func docHash(data []byte) string {
	sum := sha256.Sum256(data)
	return base64.RawStdEncoding.EncodeToString(sum[:18])
}

// idBatch bounds the ids of one statement (FirstSeen, takeOffline), well below both databases'
// limits on bound parameters (32 766 in SQLite, 65 535 in PostgreSQL).
const idBatch = 500

// takeOffline marks ids of table offline, a batch of ids per statement.
// table is one of our constants.
func (s *Store) takeOffline(ctx context.Context, tx *sql.Tx, table string, ids []int64, w write) (int, error) {
	n := 0
	for batch := range slices.Chunk(ids, idBatch) {
		args := make([]any, 0, len(batch)+3)
		args = append(args, w.now, w.version, s.agency)
		for _, id := range batch {
			args = append(args, id)
		}
		res, err := tx.ExecContext(ctx, s.d.query(`UPDATE `+table+` SET online = false, updated_at = ?, version = ?
			WHERE agency_id = ? AND id IN (?`+strings.Repeat(", ?", len(batch)-1)+`)`), args...)
		if err != nil {
			return n, fmt.Errorf("offline: %w", err)
		}
		m, err := res.RowsAffected()
		if err != nil {
			return n, fmt.Errorf("offline: %w", err)
		}
		n += int(m)
	}
	return n, nil
}
