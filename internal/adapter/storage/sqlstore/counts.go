package sqlstore

import (
	"context"
	"database/sql"
	"maps"
	"slices"
)

// dailyCounts is a table of counts added to by key (visits, visits by
// source): how its keys are ordered, checked, named and written.
type dailyCounts[K comparable] struct {
	what    string           // the write, in errors ("add visits")
	compare func(a, b K) int // the order the keys are upserted in
	valid   func(K) bool     // a key that may be stored
	name    func(K) string   // a key in errors
	upsert  string           // one key's statement: its args, then the count
	args    func(K) []any
}

// add adds each count to its key's row: one upsert per key, in one
// transaction, in order (compare), so that two servers flushing the same
// keys at once on PostgreSQL lock the rows in the same order and neither
// waits on the other in a deadlock. A key not valid or a negative count is
// an error, and nothing is added; zero counts write nothing.
func (c dailyCounts[K]) add(ctx context.Context, s *Store, counts map[K]int) error {
	keys := slices.SortedFunc(maps.Keys(counts), c.compare)
	for _, k := range keys {
		if !c.valid(k) || counts[k] < 0 {
			return s.errorf("%s: %s: %d visits", c.what, c.name(k), counts[k])
		}
	}
	keys = slices.DeleteFunc(keys, func(k K) bool { return counts[k] == 0 })
	if len(keys) == 0 {
		return nil
	}
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		stmt, err := tx.PrepareContext(ctx, s.d.query(s.d.keyed(c.upsert)))
		if err != nil {
			return err
		}
		defer stmt.Close()
		for _, k := range keys {
			if _, err := stmt.ExecContext(ctx, append(c.args(k), counts[k])...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return s.errorf("%s: %w", c.what, err)
	}
	return nil
}
