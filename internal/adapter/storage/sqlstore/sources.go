package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"maps"
	"slices"

	"immo/internal/domain/visit"
)

var _ visit.SourceStore = (*Visits)(nil)

// AddSources implements visit.SourceStore, as Add: one upsert per key, in
// key order (property, day, source), in one transaction.
func (v *Visits) AddSources(ctx context.Context, counts map[visit.SourceKey]int) error {
	keys := slices.SortedFunc(maps.Keys(counts), func(a, b visit.SourceKey) int {
		return cmp.Or(cmp.Compare(a.Property, b.Property), cmp.Compare(a.Day, b.Day), cmp.Compare(a.Source, b.Source))
	})
	for _, k := range keys {
		if !k.Day.Valid() || !k.Source.Valid() || counts[k] < 0 {
			return v.s.errorf("add visit sources: property %d on %q from %q: %d visits", k.Property, k.Day, k.Source, counts[k])
		}
	}
	keys = slices.DeleteFunc(keys, func(k visit.SourceKey) bool { return counts[k] == 0 })
	if len(keys) == 0 {
		return nil
	}
	err := v.s.writeTx(ctx, func(tx *sql.Tx) error {
		stmt, err := tx.PrepareContext(ctx, v.s.d.query(`INSERT INTO property_sources (property_id, day, source, count) VALUES (?, ?, ?, ?)
			ON CONFLICT (property_id, day, source) DO UPDATE SET count = property_sources.count + excluded.count`))
		if err != nil {
			return err
		}
		defer stmt.Close()
		for _, k := range keys {
			if _, err := stmt.ExecContext(ctx, k.Property, string(k.Day), string(k.Source), counts[k]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return v.s.errorf("add visit sources: %w", err)
	}
	return nil
}

// Sources implements visit.SourceStore.
func (v *Visits) Sources(ctx context.Context, property int64, from, to visit.Day) (map[visit.Source]int, error) {
	return sources(ctx, v.s, v.s.read, `SELECT source, CAST(SUM(count) AS BIGINT) FROM property_sources
		WHERE property_id = ? AND day >= ? AND day <= ? GROUP BY source`, from, to, property)
}

// sources reads query's (source, count) rows; its arguments are args then
// the range.
func sources(ctx context.Context, s *Store, db *sql.DB, query string, from, to visit.Day, args ...any) (map[visit.Source]int, error) {
	if !from.Valid() || !to.Valid() {
		return nil, s.errorf("visit sources: range %q to %q", from, to)
	}
	rows, err := db.QueryContext(ctx, s.d.query(query), append(args, string(from), string(to))...)
	if err != nil {
		return nil, s.errorf("visit sources: %w", err)
	}
	defer rows.Close()
	out := map[visit.Source]int{}
	for rows.Next() {
		var src string
		var n int
		if err := rows.Scan(&src, &n); err != nil {
			return nil, s.errorf("visit sources: %w", err)
		}
		out[visit.Source(src)] = n
	}
	if err := rows.Err(); err != nil {
		return nil, s.errorf("visit sources: %w", err)
	}
	return out, nil
}
