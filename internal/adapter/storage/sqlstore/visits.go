package sqlstore

import (
	"cmp"
	"context"
	"fmt"

	"immo/internal/domain/visit"
)

// Visits keeps the daily visit counts of the property pages (visit.Store).
type Visits struct{ s *Store }

// Visits is the store's visit.Store.
func (s *Store) Visits() *Visits { return &Visits{s} }

var _ visit.Store = (*Visits)(nil)

// Add implements visit.Store. The keys are upserted in order (property,
// day): two servers flushing the same keys at once on PostgreSQL lock the
// rows in the same order, so neither waits on the other in a deadlock.
func (v *Visits) Add(ctx context.Context, counts map[visit.Key]int) error {
	return visitCounts(v.s.agency).add(ctx, v.s, counts)
}

// visitCounts are agency's visits by property and day.
func visitCounts(agency int64) dailyCounts[visit.Key] {
	return dailyCounts[visit.Key]{
		what: "add visits",
		compare: func(a, b visit.Key) int {
			return cmp.Or(cmp.Compare(a.Property, b.Property), cmp.Compare(a.Day, b.Day))
		},
		valid: func(k visit.Key) bool { return k.Day.Valid() },
		name:  func(k visit.Key) string { return fmt.Sprintf("property %d on %q", k.Property, k.Day) },
		upsert: `INSERT INTO property_visits (agency_id, property_id, day, count) VALUES (?, ?, ?, ?)
			ON CONFLICT ({agency key}property_id, day) DO UPDATE SET count = property_visits.count + excluded.count`,
		args: func(k visit.Key) []any { return []any{agency, k.Property, string(k.Day)} },
	}
}

// Daily implements visit.Store, in one statement so that the days and the
// total are one snapshot: the first row is the total (its day empty, which
// no stored day is), the others the days of the range.
func (v *Visits) Daily(ctx context.Context, property int64, from, to visit.Day) (map[visit.Day]int, int, error) {
	return daily(ctx, v.s, "daily visits", `
		SELECT '' AS day, CAST(COALESCE(SUM(count), 0) AS BIGINT) FROM property_visits WHERE agency_id = ? AND property_id = ?
		UNION ALL
		SELECT day, count FROM property_visits WHERE agency_id = ? AND property_id = ? AND day >= ? AND day <= ?`,
		from, to, v.s.agency, property, v.s.agency, property)
}

// daily reads query's rows: one total (its day empty) then the days; its
// arguments are args then the range. what names the read in errors.
func daily(ctx context.Context, s *Store, what, query string, from, to visit.Day, args ...any) (map[visit.Day]int, int, error) {
	if !from.Valid() || !to.Valid() {
		return nil, 0, s.errorf("%s: range %q to %q", what, from, to)
	}
	rows, err := s.read.QueryContext(ctx, s.d.query(query), append(args, string(from), string(to))...)
	if err != nil {
		return nil, 0, s.errorf("%s: %w", what, err)
	}
	defer rows.Close()
	days := map[visit.Day]int{}
	total, totals := 0, 0
	for rows.Next() {
		var day string
		var n int
		if err := rows.Scan(&day, &n); err != nil {
			return nil, 0, s.errorf("%s: %w", what, err)
		}
		if day == "" {
			total = n
			totals++
			continue
		}
		days[visit.Day(day)] = n
	}
	if err := rows.Err(); err != nil {
		return nil, 0, s.errorf("%s: %w", what, err)
	}
	if totals != 1 {
		return nil, 0, s.errorf("%s: %d total rows", what, totals)
	}
	return days, total, nil
}
