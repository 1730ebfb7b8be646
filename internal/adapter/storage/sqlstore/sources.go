package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"

	"immo/internal/domain/visit"
)

var _ visit.SourceStore = (*Visits)(nil)

// AddSources implements visit.SourceStore, as Add: one upsert per key, in
// key order (property, day, source), in one transaction.
func (v *Visits) AddSources(ctx context.Context, counts map[visit.SourceKey]int) error {
	return sourceCounts(v.s.agency).add(ctx, v.s, counts)
}

// sourceCounts are agency's visits by property, day and source.
func sourceCounts(agency int64) dailyCounts[visit.SourceKey] {
	return dailyCounts[visit.SourceKey]{
		what: "add visit sources",
		compare: func(a, b visit.SourceKey) int {
			return cmp.Or(cmp.Compare(a.Property, b.Property), cmp.Compare(a.Day, b.Day), cmp.Compare(a.Source, b.Source))
		},
		valid: func(k visit.SourceKey) bool { return k.Day.Valid() && k.Source.Valid() },
		name: func(k visit.SourceKey) string {
			return fmt.Sprintf("property %d on %q from %q", k.Property, k.Day, k.Source)
		},
		upsert: `INSERT INTO property_sources (agency_id, property_id, day, source, count) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT ({agency key}property_id, day, source) DO UPDATE SET count = property_sources.count + excluded.count`,
		args: func(k visit.SourceKey) []any { return []any{agency, k.Property, string(k.Day), string(k.Source)} },
	}
}

// Sources implements visit.SourceStore.
func (v *Visits) Sources(ctx context.Context, property int64, from, to visit.Day) (map[visit.Source]int, error) {
	return sources(ctx, v.s, v.s.read, `SELECT source, CAST(SUM(count) AS BIGINT) FROM property_sources
		WHERE agency_id = ? AND property_id = ? AND day >= ? AND day <= ? GROUP BY source`, from, to, v.s.agency, property)
}

// sources reads query's (source, count) rows; its arguments are args then
// the range.
func sources(ctx context.Context, s *Store, db *sql.DB, query string, from, to visit.Day, args ...any) (map[visit.Source]int, error) {
	if !from.Valid() || !to.Valid() {
		return nil, s.errorf("visit sources: range %q to %q", from, to)
	}
	out, err := countRows(ctx, db, func(row scanner) (visit.Source, int, error) {
		var src string
		var n int
		err := row.Scan(&src, &n)
		return visit.Source(src), n, err
	}, s.d.query(query), append(args, string(from), string(to))...)
	if err != nil {
		return nil, s.errorf("visit sources: %w", err)
	}
	return out, nil
}
