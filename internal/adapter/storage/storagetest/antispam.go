package storagetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/antispam"
)

// RunAntispam is the spent challenges' and attempt counters' suite, run on
// every database; the races run on two handles, as two servers would.
func RunAntispam(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("Spend", func(t *testing.T) { testSpend(t, open(t).Antispam(), open(t).Antispam()) })
	t.Run("Hit", func(t *testing.T) { testHit(t, open(t).Antispam(), open(t).Antispam()) })
	t.Run("Limiter", func(t *testing.T) { testLimiter(t, open(t).Antispam()) })
	t.Run("Abuse", func(t *testing.T) { testAbuse(t, open(t), open(t)) })
}

// race runs fn n times at once, alternating two stores.
func race[S any, R any](n int, a, b S, fn func(s S) R) []R {
	out := make([]R, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		s := a
		if i%2 == 1 {
			s = b
		}
		wg.Go(func() { <-start; out[i] = fn(s) })
	}
	close(start)
	wg.Wait()
	return out
}

func testSpend(t *testing.T, a, b antispam.Challenges) {
	ctx := t.Context()
	expires := day.Add(10 * time.Minute)
	if fresh, err := a.Spend(ctx, "sig-1", expires); err != nil || !fresh {
		t.Fatalf("first Spend = %v, %v", fresh, err)
	}
	for _, s := range []antispam.Challenges{a, b} {
		if fresh, err := s.Spend(ctx, "sig-1", expires); err != nil || fresh {
			t.Fatalf("second Spend = %v, %v", fresh, err)
		}
	}
	type result struct {
		fresh bool
		err   error
	}
	results := race(10, a, b, func(s antispam.Challenges) result {
		fresh, err := s.Spend(ctx, "sig-2", expires)
		return result{fresh, err}
	})
	fresh := 0
	for _, r := range results {
		if r.err != nil {
			t.Fatal(r.err)
		}
		if r.fresh {
			fresh++
		}
	}
	if fresh != 1 {
		t.Fatalf("one challenge replayed 10 times at once: %d accepted", fresh)
	}

	if _, err := a.Spend(ctx, "sig-old", day.Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	if n, err := b.PurgeSpent(ctx, day); err != nil || n != 1 {
		t.Fatalf("PurgeSpent = %d, %v; want the one expired", n, err)
	}
	// Only the expired key was forgotten.
	for key, want := range map[string]bool{"sig-old": true, "sig-1": false, "sig-2": false} {
		if fresh, err := a.Spend(ctx, key, expires); err != nil || fresh != want {
			t.Errorf("Spend(%s) after the purge = %v, %v; want %v", key, fresh, err, want)
		}
	}
}

func testHit(t *testing.T, a, b antispam.Counter) {
	ctx := t.Context()
	window := day.Truncate(time.Hour)
	if n, err := b.Count(ctx, "lead:x", window); err != nil || n != 0 {
		t.Fatalf("Count of a key never hit = %d, %v", n, err)
	}
	for want := 1; want <= 3; want++ {
		if n, err := a.Hit(ctx, "lead:x", window); err != nil || n != want {
			t.Fatalf("Hit = %d, %v; want %d", n, err, want)
		}
	}
	for range 2 { // counting none
		if n, err := b.Count(ctx, "lead:x", window); err != nil || n != 3 {
			t.Fatalf("Count = %d, %v; want 3", n, err)
		}
	}
	for _, tc := range []struct {
		key    string
		window time.Time
	}{{"lead:y", window}, {"lead:x", window.Add(time.Hour)}} {
		if n, err := b.Hit(ctx, tc.key, tc.window); err != nil || n != 1 {
			t.Fatalf("Hit(%s, %v) = %d, %v; want 1", tc.key, tc.window, n, err)
		}
	}
	type result struct {
		n   int
		err error
	}
	results := race(10, a, b, func(s antispam.Counter) result {
		n, err := s.Hit(ctx, "friend:z", window)
		return result{n, err}
	})
	var counts []int
	for _, r := range results {
		if r.err != nil {
			t.Fatal(r.err)
		}
		counts = append(counts, r.n)
	}
	slices.Sort(counts)
	if fmt.Sprint(counts) != "[1 2 3 4 5 6 7 8 9 10]" {
		t.Fatalf("10 hits at once counted %v", counts)
	}
	if n, err := a.PurgeHits(ctx, window.Add(time.Hour)); err != nil || n != 3 {
		t.Fatalf("PurgeHits = %d, %v; want the 3 keys of the first window", n, err)
	}
	if n, err := a.Hit(ctx, "lead:x", window.Add(time.Hour)); err != nil || n != 2 {
		t.Fatalf("the later window survives the purge: %d, %v", n, err)
	}
}

func testLimiter(t *testing.T, c antispam.Counter) {
	now := day
	l := &antispam.Limiter{Counter: c, Max: 2, Window: time.Hour, Now: func() time.Time { return now }}
	for i, want := range []bool{true, true, false, false} {
		if ok, err := l.Allow(t.Context(), antispam.Attempt{Key: "lead:x"}); err != nil || ok != want {
			t.Fatalf("attempt %d: %v, %v; want %v", i+1, ok, err, want)
		}
	}
	now = now.Add(time.Hour)
	if ok, err := l.Allow(t.Context(), antispam.Attempt{Key: "lead:x"}); err != nil || !ok {
		t.Fatalf("the next window: %v, %v", ok, err)
	}
	l.Counter = failing{}
	if ok, err := l.Allow(t.Context(), antispam.Attempt{Key: "lead:x"}); err == nil || ok {
		t.Fatalf("a failing counter allows: %v, %v", ok, err)
	}
}

type failing struct{}

func (failing) Hit(ctx context.Context, key string, window time.Time) (int, error) {
	return 0, errors.New("down")
}
func (failing) Count(ctx context.Context, key string, window time.Time) (int, error) {
	return 0, errors.New("down")
}
func (failing) PurgeHits(ctx context.Context, before time.Time) (int64, error) {
	return 0, errors.New("down")
}
