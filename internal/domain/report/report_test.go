package report

import (
	"testing"
	"time"

	"immo/internal/domain/agenda"
	"immo/internal/domain/visit"
)

func TestLastWeek(t *testing.T) {
	for _, tc := range []struct {
		now  time.Time
		want visit.Day
	}{
		{time.Date(2026, 3, 9, 7, 0, 0, 0, agenda.Brussels), "2026-03-02"},   // Monday morning: the week that just ended
		{time.Date(2026, 3, 8, 23, 59, 0, 0, agenda.Brussels), "2026-02-23"}, // Sunday night: still the week before
		{time.Date(2026, 3, 8, 23, 30, 0, 0, time.UTC), "2026-03-02"},        // Monday 00:30 in Brussels
		{time.Date(2026, 3, 15, 12, 0, 0, 0, agenda.Brussels), "2026-03-02"}, // Sunday
		{time.Date(2026, 3, 30, 8, 0, 0, 0, agenda.Brussels), "2026-03-23"},  // after the change to summer time
		{time.Date(2026, 1, 1, 8, 0, 0, 0, agenda.Brussels), "2025-12-22"},   // across the year
	} {
		if got := LastWeek(tc.now); got.Monday != tc.want {
			t.Errorf("LastWeek(%v) = %s, want %s", tc.now, got.Monday, tc.want)
		}
	}
	w := Week{"2026-03-23"} // the clocks go forward on Sunday 29 March
	from, to := w.Days()
	if from != "2026-03-23" || to != "2026-03-29" {
		t.Errorf("Days = %s, %s", from, to)
	}
	start, end := w.Span()
	if end.Sub(start) != 7*24*time.Hour-time.Hour {
		t.Errorf("Span = %v to %v: %v long", start, end, end.Sub(start))
	}
	if b := w.Before(); b.Monday != "2026-03-16" {
		t.Errorf("Before = %s", b.Monday)
	}
}

func TestChange(t *testing.T) {
	for _, tc := range []struct {
		now, before, want int
		ok                bool
	}{{15, 10, 50, true}, {5, 10, -50, true}, {10, 0, 0, false}, {1, 3, -67, true}, {0, 0, 0, false}} {
		got, ok := Figures{Visits: tc.now, VisitsBefore: tc.before}.Change()
		if got != tc.want || ok != tc.ok {
			t.Errorf("Change(%d from %d) = %d, %v; want %d, %v", tc.now, tc.before, got, ok, tc.want, tc.ok)
		}
	}
}
