package app

import (
	"testing"
	"time"

	"immo/internal/domain/feed"
)

// A second "run now" before the first pull started joins it (a double
// click queues one pull); once the pull started, or after askedFor when
// another server worked it, the next click queues another.
func TestRunNowTwiceQueuesOnce(t *testing.T) {
	now := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	j := &feedJobs{service: &feed.Service{Now: func() time.Time { return now }}}
	if !j.firstAsk(1) {
		t.Fatal("the first click queues nothing")
	}
	if j.firstAsk(1) {
		t.Error("a double click queues a second pull")
	}
	if !j.firstAsk(2) {
		t.Error("another feed's click joined feed 1's")
	}
	j.started(1)
	if !j.firstAsk(1) {
		t.Error("a click after the pull started queues nothing")
	}
	now = now.Add(askedFor)
	if !j.firstAsk(2) {
		t.Error("a click a minute later, its pull worked elsewhere, queues nothing")
	}
}
