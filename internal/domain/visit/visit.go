// Package visit counts the visits of each property page, per day in
// Belgian time, for the owners' portal (SPEC §3: visit counts per day,
// week, month and total; a chart of the last 30 days). A Counter gathers
// the visits in memory, each visitor once per property and day, and writes
// the sums in one batch: a page view costs no database write.
package visit

import (
	"context"
	"errors"
	"sync"
	"time"

	"immo/internal/domain/agenda"
)

// Day is a civil date in Brussels, YYYY-MM-DD.
type Day string

// Valid tells whether d is a date written YYYY-MM-DD, as stores compare
// days as text.
func (d Day) Valid() bool {
	t, err := time.Parse(time.DateOnly, string(d))
	return err == nil && t.Format(time.DateOnly) == string(d)
}

// DayOf is the Brussels date of t.
func DayOf(t time.Time) Day { return Day(t.In(agenda.Brussels).Format(time.DateOnly)) }

// Key is one property on one day.
type Key struct {
	Property int64
	Day      Day
}

// Store keeps the daily counts.
type Store interface {
	// Add adds each count to its property and day (an upsert per key, in
	// one transaction). A day that is not Valid or a negative count is an
	// error, and nothing is added.
	Add(ctx context.Context, counts map[Key]int) error
	// Daily returns property's counts from from to to (both included; days
	// without visits absent), and its total since the first visit, days
	// outside the range included.
	Daily(ctx context.Context, property int64, from, to Day) (days map[Day]int, total int, err error)
}

// Counter gathers visits until Flush. It keeps each visitor (a keyed hash,
// as lead.IPHasher makes) once per property and day, and forgets the
// visitors of a day when the day is over.
type Counter struct {
	mu      sync.Mutex
	counts  map[Key]int
	sources map[SourceKey]int
	seen    map[seenKey]struct{}
	day     Day
	// dayFrom and dayTo bound day in time: a visit within them names its
	// day without formatting a date (every cached property page counts).
	dayFrom, dayTo time.Time
	// MaxSeen bounds the visitors remembered in a day; past it a visit
	// counts without the check (a flood of fresh addresses must not grow
	// memory without bound). 0: 100 000.
	MaxSeen int
}

type seenKey struct {
	visitor  string
	property int64
}

// Count records a visit of property by visitor at t; false when the
// visitor was already counted for it that day.
func (c *Counter) Count(property int64, visitor string, t time.Time) bool {
	return c.CountFrom(property, visitor, t, nil)
}

// CountFrom is Count that also counts where the visit came from: source is
// asked only for a visit that counts (a visitor's first of the property
// that day), so the day's visits by source add up to its visits. A nil
// source counts no source.
func (c *Counter) CountFrom(property int64, visitor string, t time.Time, source func() Source) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.counts == nil {
		c.counts = map[Key]int{}
	}
	if t.Before(c.dayFrom) || !t.Before(c.dayTo) || c.seen == nil {
		day := DayOf(t)
		b := t.In(agenda.Brussels)
		c.dayFrom = time.Date(b.Year(), b.Month(), b.Day(), 0, 0, 0, 0, agenda.Brussels)
		c.dayTo = c.dayFrom.AddDate(0, 0, 1)
		if day != c.day || c.seen == nil {
			c.seen, c.day = map[seenKey]struct{}{}, day
		}
	}
	day := c.day
	k := seenKey{visitor, property}
	if _, ok := c.seen[k]; ok {
		return false
	}
	limit := c.MaxSeen
	if limit == 0 {
		limit = 100_000
	}
	if len(c.seen) < limit {
		c.seen[k] = struct{}{}
	}
	c.counts[Key{property, day}]++
	if source != nil {
		if c.sources == nil {
			c.sources = map[SourceKey]int{}
		}
		c.sources[SourceKey{property, day, source()}]++
	}
	return true
}

// Flush writes the gathered counts, and their sources when s is a
// SourceStore too; on failure they are kept for the next Flush (the
// counts and the sources each on their own: neither is written twice).
func (c *Counter) Flush(ctx context.Context, s Store) error {
	c.mu.Lock()
	counts, sources := c.counts, c.sources
	c.counts, c.sources = nil, nil
	c.mu.Unlock()
	var err error
	if len(counts) > 0 {
		if err = s.Add(ctx, counts); err != nil {
			c.mu.Lock()
			c.counts = keepFailed(c.counts, counts)
			c.mu.Unlock()
		}
	}
	if ss, ok := s.(SourceStore); ok && len(sources) > 0 {
		if serr := ss.AddSources(ctx, sources); serr != nil {
			c.mu.Lock()
			c.sources = keepFailed(c.sources, sources)
			c.mu.Unlock()
			err = errors.Join(err, serr)
		}
	}
	return err
}

// keepFailed adds the counts a Flush failed to write to those gathered
// since.
func keepFailed[K comparable](into, failed map[K]int) map[K]int {
	if into == nil {
		into = make(map[K]int, len(failed))
	}
	for k, n := range failed {
		into[k] += n
	}
	return into
}

// Stats are one property's numbers for its owner.
type Stats struct {
	Today, Week, Month, Total int
	// Last30 is the chart: the counts of the last 30 days, oldest first,
	// days without visits included as 0.
	Last30 []DayCount
}

// DayCount is one day of the chart.
type DayCount struct {
	Day   Day
	Count int
}

// Summarize makes the stats as of today from the daily counts of Range
// (Store.Daily) and the total, as SPEC §1 says them: today, this week
// (from Monday) and this month (from the 1st), in Brussels time, and the
// chart of the last 30 days.
func Summarize(days map[Day]int, total int, today time.Time) Stats {
	s := Stats{Total: total, Today: days[DayOf(today)]}
	monday, first := weekStart(today), monthStart(today)
	for d, n := range days {
		if d >= first && d <= DayOf(today) {
			s.Month += n
		}
		if d >= monday && d <= DayOf(today) {
			s.Week += n
		}
	}
	t := today.In(agenda.Brussels)
	for i := 29; i >= 0; i-- {
		d := Day(time.Date(t.Year(), t.Month(), t.Day()-i, 12, 0, 0, 0, agenda.Brussels).Format(time.DateOnly))
		s.Last30 = append(s.Last30, DayCount{d, days[d]})
	}
	return s
}

// weekStart is the Monday of today's week, monthStart the 1st of its
// month, in Brussels.
func weekStart(today time.Time) Day {
	t := today.In(agenda.Brussels)
	back := (int(t.Weekday()) + 6) % 7 // Monday 0 … Sunday 6
	return Day(time.Date(t.Year(), t.Month(), t.Day()-back, 12, 0, 0, 0, agenda.Brussels).Format(time.DateOnly))
}

func monthStart(today time.Time) Day {
	t := today.In(agenda.Brussels)
	return Day(time.Date(t.Year(), t.Month(), 1, 12, 0, 0, 0, agenda.Brussels).Format(time.DateOnly))
}

// Range is the days Summarize reads for today: the chart's 30 days and
// the month's, from whichever starts first, to today.
func Range(today time.Time) (from, to Day) {
	t := today.In(agenda.Brussels)
	from = Day(time.Date(t.Year(), t.Month(), t.Day()-29, 12, 0, 0, 0, agenda.Brussels).Format(time.DateOnly))
	return min(from, monthStart(today)), DayOf(today)
}
