package mailqueue_test

import (
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/smtptest"
)

// A held queue (immo restore holds the restored one) sends nothing, in a
// process started after the hold as in one that starts before it is
// released, until Release; the mails then go out once.
func TestHoldUntilRelease(t *testing.T) {
	eachBackend(t, func(t *testing.T, dir, url string) {
		store := openStore(t, dir, url)
		inserting := newQueue(t, store, nil, 0) // a database whose queue never sent: River knows no mail queue yet
		enqueue(t, store, inserting, true, message("queued when the backup was taken"))
		if held, _, err := inserting.Held(t.Context()); err != nil || held {
			t.Fatalf("held before Hold: %v, %v", held, err)
		}
		if n, err := inserting.Waiting(t.Context()); err != nil || n != 1 {
			t.Fatalf("waiting: %d, %v; want 1", n, err)
		}
		if err := inserting.Hold(t.Context()); err != nil {
			t.Fatal(err)
		}
		if err := inserting.Hold(t.Context()); err != nil { // twice: still held, no error
			t.Fatal(err)
		}
		if held, since, err := inserting.Held(t.Context()); err != nil || !held || since.IsZero() {
			t.Fatalf("after Hold: held %v since %v, %v", held, since, err)
		}
		srv := smtptest.Start(t)
		newQueue(t, store, srv, 0)         // a server started on the restored database
		time.Sleep(500 * time.Millisecond) // five polls: time for a held mail to go out wrongly
		if got := srv.Messages(); len(got) != 0 {
			t.Fatalf("a held queue sent %d mails", len(got))
		}
		if err := inserting.Release(t.Context()); err != nil {
			t.Fatal(err)
		}
		got := srv.Wait(t, 1, smtptest.Patience) // within River's poll of the queue's settings (2 s)
		if !strings.Contains(string(got[0].Data), "Subject: queued when the backup was taken") {
			t.Errorf("sent %s", got[0].Data)
		}
		if held, _, err := inserting.Held(t.Context()); err != nil || held {
			t.Errorf("after Release: held %v, %v", held, err)
		}
	})
}
