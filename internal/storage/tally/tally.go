// Package tally counts an import's listings for both stores.
package tally

import (
	"context"
	"database/sql"
	"slices"
)

// Tally counts an import's listings as added or updated and finds the ones
// to take offline. It works from the ids read at the start of the import
// transaction rather than from the database's reply to each upsert, which
// keeps the SQL plain and the same on both databases (SQLite has no portable
// "was this an insert" flag).
type Tally struct {
	before         map[int64]bool // id → online, before this import
	seen           map[int64]bool
	Added, Updated int
}

// New reads the ids of table (one of our constants).
func New(ctx context.Context, tx *sql.Tx, table string) (*Tally, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, online FROM `+table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	t := &Tally{before: map[int64]bool{}, seen: map[int64]bool{}}
	for rows.Next() {
		var id int64
		var online bool
		if err := rows.Scan(&id, &online); err != nil {
			return nil, err
		}
		t.before[id] = online
	}
	return t, rows.Err()
}

// See records an imported id. An id listed twice in one import is counted
// as updated the second time, as the later copy overwrites the first.
func (t *Tally) See(id int64) {
	if _, ok := t.before[id]; ok || t.seen[id] {
		t.Updated++
	} else {
		t.Added++
	}
	t.seen[id] = true
}

// Gone returns, sorted, the ids that were online and are not in the import.
func (t *Tally) Gone() []int64 {
	var ids []int64
	for id, online := range t.before {
		if online && !t.seen[id] {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}
