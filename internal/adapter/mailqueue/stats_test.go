package mailqueue_test

import (
	"testing"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/smtptest"
)

// The operator's figures of the queue: the mails waiting and since when, and
// the mails given up.
func TestStats(t *testing.T) {
	eachBackend(t, func(t *testing.T, dir, url string) {
		store := openStore(t, dir, url)
		waiting := newQueue(t, store, nil, 0) // sends nothing: the mails wait
		if s, err := waiting.Stats(t.Context()); err != nil || s != (mailqueue.Stats{}) {
			t.Fatalf("empty queue: %+v, %v", s, err)
		}
		before := time.Now().Add(-time.Second)
		enqueue(t, store, waiting, true, message("first"), message("second"))
		s, err := waiting.Stats(t.Context())
		if err != nil || s.Waiting != 2 || s.Failed != 0 || s.Oldest.Before(before) || s.Oldest.After(time.Now().Add(time.Second)) {
			t.Fatalf("two waiting: %+v, %v", s, err)
		}

		srv := smtptest.Start(t)
		srv.Refuse(550) // refused for good: given up after one attempt
		newQueue(t, store, srv, 0)
		deadline := time.Now().Add(smtptest.Patience)
		for {
			if s, err = waiting.Stats(t.Context()); err != nil {
				t.Fatal(err)
			}
			if (s.Failed == 2 && s.Waiting == 0) || time.Now().After(deadline) {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		if s.Waiting != 0 || s.Failed != 2 || !s.Oldest.IsZero() {
			t.Errorf("after the refusals: %+v", s)
		}
	})
}
