package app

import (
	"context"
	"errors"
	"sync"
	"time"

	"immo/internal/domain/platform"
)

// serverErrors tallies the server errors (5xx) each agency's site answers
// in this process, and writes them once a minute, one row per agency and
// hour summed over every server: the operator's console shows them
// (platform.Health.ServerErrors). A burst of errors costs a map's
// increment each, not a write each.
type serverErrors struct {
	mu     sync.Mutex
	counts map[int64]int // per agency, since the last write
}

func newServerErrors() *serverErrors { return &serverErrors{counts: map[int64]int{}} }

// add counts one error of agency's site.
func (e *serverErrors) add(agency int64) {
	e.mu.Lock()
	e.counts[agency]++
	e.mu.Unlock()
}

// flush writes the counts into the hour of now through each agency's
// store; a count that fails to be written is kept for the next flush.
func (e *serverErrors) flush(ctx context.Context, store func(agency int64) platform.ErrorCounter, now time.Time) error {
	e.mu.Lock()
	counts := e.counts
	e.counts = map[int64]int{}
	e.mu.Unlock()
	var errs []error
	for agency, n := range counts {
		if err := store(agency).CountServerErrors(ctx, now, n); err != nil {
			errs = append(errs, err)
			e.mu.Lock()
			e.counts[agency] += n
			e.mu.Unlock()
		}
	}
	return errors.Join(errs...)
}
