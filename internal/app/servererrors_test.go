package app

import (
	"context"
	"errors"
	"testing"
	"time"

	"immo/internal/domain/platform"
)

// counterFunc is a platform.ErrorCounter of a function.
type counterFunc func(hour time.Time, n int) error

func (f counterFunc) CountServerErrors(_ context.Context, hour time.Time, n int) error {
	return f(hour, n)
}

// The server errors a site answers reach the tally (its 5xx only), and
// are written per agency once; a count the database refused waits for
// the next write.
func TestServerErrors(t *testing.T) {
	e := newServerErrors()
	for _, agency := range []int64{1, 2} {
		obs := newObservers(nil, agency, func() { e.add(agency) })
		for _, status := range []int{200, 301, 404, 422, 500, 503} {
			obs.requests("Home", status, time.Millisecond)
		}
	}
	e.add(2)
	now := time.Date(2026, 12, 1, 20, 41, 0, 0, time.UTC)
	written := map[int64]int{}
	down := true
	store := func(agency int64) platform.ErrorCounter {
		return counterFunc(func(hour time.Time, n int) error {
			if !hour.Equal(now) {
				t.Errorf("agency %d's errors written at %v, want %v", agency, hour, now)
			}
			if agency == 2 && down {
				return errors.New("the database is away")
			}
			written[agency] += n
			return nil
		})
	}
	if err := e.flush(t.Context(), store, now); err == nil {
		t.Error("a refused write reported no error")
	}
	if written[1] != 2 || written[2] != 0 {
		t.Fatalf("written %v, want agency 1's two", written)
	}
	down = false
	if err := e.flush(t.Context(), store, now); err != nil {
		t.Fatal(err)
	}
	if written[1] != 2 || written[2] != 3 {
		t.Fatalf("written %v, want agency 2's three kept for the second write, agency 1's not twice", written)
	}
	if err := e.flush(t.Context(), store, now); err != nil || written[2] != 3 {
		t.Fatalf("a third write with nothing new: %v, %v", written, err)
	}
}
