// Package tally counts an import's listings for both stores.
package tally

import (
	"context"
	"database/sql"
	"slices"
)

// Tally counts an import's listings as added, updated or unchanged and
// finds the ones to take offline. It works from the ids read at the start
// of the import transaction rather than from the database's reply to each
// upsert, which keeps the SQL plain and the same on both databases (SQLite
// has no portable "was this an insert" flag).
type Tally struct {
	before                    map[int64]bool // id → online, before this import
	seen                      map[int64]bool
	keep                      map[int64]bool
	Added, Updated, Unchanged int
	Offline                   int // set by the store once it took Gone offline
}

// Counts returns the added, updated, unchanged and offline counts.
func (t *Tally) Counts() (added, updated, unchanged, offline int) {
	return t.Added, t.Updated, t.Unchanged, t.Offline
}

// New reads the ids of table (one of our constants); keep lists the ids
// that never go offline in this import.
func New(ctx context.Context, tx *sql.Tx, table string, keep []int64) (*Tally, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, online FROM `+table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	t := &Tally{before: map[int64]bool{}, seen: map[int64]bool{}, keep: map[int64]bool{}}
	for rows.Next() {
		var id int64
		var online bool
		if err := rows.Scan(&id, &online); err != nil {
			return nil, err
		}
		t.before[id] = online
	}
	for _, id := range keep {
		t.keep[id] = true
	}
	return t, rows.Err()
}

// See records an imported id; changed tells whether the upsert wrote a row
// (an unchanged listing's upsert writes none). An id listed twice in one
// import is counted as updated the second time, as the later copy
// overwrites the first.
func (t *Tally) See(id int64, changed bool) {
	_, existed := t.before[id]
	switch {
	case !changed:
		t.Unchanged++
	case existed || t.seen[id]:
		t.Updated++
	default:
		t.Added++
	}
	t.seen[id] = true
}

// Gone returns, sorted, the ids that were online and are neither in the
// import nor kept.
func (t *Tally) Gone() []int64 {
	var ids []int64
	for id, online := range t.before {
		if online && !t.seen[id] && !t.keep[id] {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}
