package antispam

import (
	"context"
	"testing"
	"time"
)

// memCounter counts hits in memory, as the SQL store does in a table.
type memCounter map[string]int

func (m memCounter) Hit(_ context.Context, key string, window time.Time) (int, error) {
	k := key + "@" + window.Format(time.RFC3339Nano)
	m[k]++
	return m[k], nil
}

func (m memCounter) Count(_ context.Context, key string, window time.Time) (int, error) {
	return m[key+"@"+window.Format(time.RFC3339Nano)], nil
}

func (m memCounter) PurgeHits(context.Context, time.Time) (int64, error) { return 0, nil }

// Over counts nothing: a key asked about stays where it was, and is over
// once its Max attempts of the window are counted.
func TestLimiterOver(t *testing.T) {
	now := time.Date(2026, 11, 23, 9, 30, 0, 0, time.UTC)
	l := &Limiter{Counter: memCounter{}, Max: 2, Window: time.Hour, Now: func() time.Time { return now }}
	for i, want := range []bool{false, false, true} {
		for range 3 {
			if over, err := l.Over(t.Context(), Attempt{Key: "k"}); err != nil || over != want {
				t.Fatalf("after %d hits: Over = %v, %v; want %v", i, over, err, want)
			}
		}
		if i < 2 {
			l.Hit(t.Context(), Attempt{Key: "k"})
		}
	}
	now = now.Add(time.Hour) // the next window
	if over, _ := l.Over(t.Context(), Attempt{Key: "k"}); over {
		t.Fatal("over in the next window")
	}
}

func TestLimiter(t *testing.T) {
	start := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name  string
		max   int
		steps []time.Duration // the attempts' times after start, all of one key
		want  []bool
	}{
		{"within the limit", 3, []time.Duration{0, time.Minute, 59 * time.Minute}, []bool{true, true, true}},
		{"refused attempts count too", 1, []time.Duration{0, time.Minute, 2 * time.Minute}, []bool{true, false, false}},
		{"a new window starts afresh", 1, []time.Duration{59 * time.Minute, 60 * time.Minute, 61 * time.Minute}, []bool{true, true, false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var now time.Time
			l := &Limiter{Counter: memCounter{}, Max: tc.max, Window: time.Hour, Now: func() time.Time { return now }}
			for i, d := range tc.steps {
				// A Brussels clock reads the same windows as a UTC one.
				now = start.Add(d).In(time.FixedZone("CET", 3600))
				if ok, err := l.Allow(t.Context(), Attempt{Key: "lead:x"}); err != nil || ok != tc.want[i] {
					t.Fatalf("attempt %d at +%v: %v, %v; want %v", i+1, d, ok, err, tc.want[i])
				}
			}
			if ok, _ := l.Allow(t.Context(), Attempt{Key: "lead:other"}); !ok {
				t.Fatal("another key is braked")
			}
		})
	}
}

// memWatch keeps what a Limiter reports for the abuse page.
type memWatch struct {
	refused []Tally
	held    []Hold
}

func (m *memWatch) Refused(_ context.Context, hour time.Time, reason, area string) error {
	m.refused = append(m.refused, Tally{Hour: hour, Reason: reason, Area: area, Count: 1})
	return nil
}

func (m *memWatch) Held(_ context.Context, h Hold) error {
	m.held = append(m.held, h)
	return nil
}

// A key is held from the attempt that reaches Max (the next is refused),
// each refusal is counted in its hour under the limit's name, and Over
// counts its refusals too.
func TestLimiterWatch(t *testing.T) {
	now := time.Date(2026, 11, 23, 9, 30, 0, 0, time.UTC)
	w := &memWatch{}
	l := &Limiter{Counter: memCounter{}, Max: 2, Window: time.Hour, Now: func() time.Time { return now }, Name: "noproof-hour", Watch: w}
	a := Attempt{Key: "lead:noproof-hour:abc", Who: "203.0.113.7", Area: "contact"}
	l.Allow(t.Context(), a)
	if len(w.held)+len(w.refused) != 0 {
		t.Fatalf("the first of two attempts reported %+v %+v", w.held, w.refused)
	}
	if ok, _ := l.Allow(t.Context(), a); !ok || len(w.held) != 1 || len(w.refused) != 0 {
		t.Fatalf("the second: ok %v, held %+v, refused %+v", ok, w.held, w.refused)
	}
	want := Hold{Key: a.Key, Limit: "noproof-hour", Who: a.Who, Area: "contact", Window: now.Truncate(time.Hour),
		Until: now.Truncate(time.Hour).Add(time.Hour), Max: 2}
	if w.held[0] != want {
		t.Fatalf("held %+v, want %+v", w.held[0], want)
	}
	if ok, _ := l.Allow(t.Context(), a); ok || len(w.refused) != 1 {
		t.Fatalf("the third: ok %v, refused %+v", ok, w.refused)
	}
	if r := w.refused[0]; r.Reason != "noproof-hour" || r.Area != "contact" || !r.Hour.Equal(now.Truncate(time.Hour)) {
		t.Fatalf("refusal counted as %+v", r)
	}
	if over, _ := l.Over(t.Context(), a); !over || len(w.refused) != 2 {
		t.Fatalf("Over: %v, refused %d", over, len(w.refused))
	}
	if over, _ := l.Over(t.Context(), Attempt{Key: "other"}); over || len(w.refused) != 2 {
		t.Fatalf("Over of a fresh key: %v, refused %d", over, len(w.refused))
	}
}
