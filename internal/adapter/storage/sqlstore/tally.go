package sqlstore

import (
	"context"
	"database/sql"
	"slices"
)

// tally counts an import's listings as added, updated or unchanged and
// finds the ones to take offline. It works from the ids read at the start
// of the import transaction rather than from the database's reply to each
// upsert, which keeps the SQL plain and the same on both databases (SQLite
// has no portable "was this an insert" flag).
type tally struct {
	before                    map[int64]bool   // id → online, before this import
	hash                      map[int64]string // id → its document's hash, before this import ('': unknown)
	seen                      map[int64]bool
	keep                      map[int64]bool
	added, updated, unchanged int
	offline                   int // set once gone() went offline
}

// counts returns the added, updated, unchanged and offline counts.
func (t *tally) counts() (added, updated, unchanged, offline int) {
	return t.added, t.updated, t.unchanged, t.offline
}

// changed tells whether the import wrote or took offline a listing.
func (t *tally) changed() bool { return t.added+t.updated+t.offline > 0 }

// newTally reads the ids of table (one of our constants) that are
// agency's; keep lists the ids that never go offline in this import.
func newTally(ctx context.Context, tx *sql.Tx, d Dialect, table string, agency int64, keep []int64) (*tally, error) {
	rows, err := tx.QueryContext(ctx, d.query(`SELECT id, online, doc_hash FROM `+table+` WHERE agency_id = ?`), agency)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	t := &tally{before: map[int64]bool{}, hash: map[int64]string{}, seen: map[int64]bool{}, keep: map[int64]bool{}}
	for rows.Next() {
		var id int64
		var online bool
		var hash string
		if err := rows.Scan(&id, &online, &hash); err != nil {
			return nil, err
		}
		t.before[id] = online
		if hash != "" {
			t.hash[id] = hash
		}
	}
	for _, id := range keep {
		t.keep[id] = true
	}
	return t, rows.Err()
}

// same tells whether id is online with a document of hash, as before this
// import (a listing twice in one import is left to the database).
func (t *tally) same(id int64, hash string) bool {
	return t.before[id] && !t.seen[id] && t.hash[id] == hash
}

// see records an imported id; changed tells whether the upsert wrote a row
// (an unchanged listing's upsert writes none). An id listed twice in one
// import is counted as updated the second time, as the later copy
// overwrites the first.
func (t *tally) see(id int64, changed bool) {
	_, existed := t.before[id]
	switch {
	case !changed:
		t.unchanged++
	case existed || t.seen[id]:
		t.updated++
	default:
		t.added++
	}
	t.seen[id] = true
}

// gone returns, sorted, the ids that were online and are neither in the
// import nor kept.
func (t *tally) gone() []int64 {
	var ids []int64
	for id, online := range t.before {
		if online && !t.seen[id] && !t.keep[id] {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}
