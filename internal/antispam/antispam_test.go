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
			if over, err := l.Over(t.Context(), "k"); err != nil || over != want {
				t.Fatalf("after %d hits: Over = %v, %v; want %v", i, over, err, want)
			}
		}
		if i < 2 {
			l.Hit(t.Context(), "k")
		}
	}
	now = now.Add(time.Hour) // the next window
	if over, _ := l.Over(t.Context(), "k"); over {
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
				if ok, err := l.Allow(t.Context(), "lead:x"); err != nil || ok != tc.want[i] {
					t.Fatalf("attempt %d at +%v: %v, %v; want %v", i+1, d, ok, err, tc.want[i])
				}
			}
			if ok, _ := l.Allow(t.Context(), "lead:other"); !ok {
				t.Fatal("another key is braked")
			}
		})
	}
}
