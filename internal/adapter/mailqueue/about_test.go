package mailqueue_test

import (
	"testing"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/smtptest"
)

// The mails queued about a request are found by its id, with their state,
// and the inbox reads them; mails about another request or none are not.
func TestAbout(t *testing.T) {
	eachBackend(t, func(t *testing.T, dir, url string) {
		store := openStore(t, dir, url)
		srv := smtptest.Start(t)
		q := newQueue(t, store, srv, 3)
		notice, copy, other, none := message("notice"), message("copy"), message("other"), message("none")
		notice.Request, copy.Request, other.Request = 41, 41, 42
		enqueue(t, store, q, true, notice, copy, other, none)
		for deadline := time.Now().Add(smtptest.Patience); ; time.Sleep(50 * time.Millisecond) {
			list, err := q.List(t.Context(), 10)
			if err != nil {
				t.Fatal(err)
			}
			sent := 0
			for _, e := range list {
				if e.State == mailqueue.Sent {
					sent++
				}
			}
			if sent == 4 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("not sent: %+v", list)
			}
		}
		mails, err := q.About(t.Context(), 41)
		if err != nil {
			t.Fatal(err)
		}
		if len(mails) != 2 || mails[0].Subject != "copy" || mails[1].Subject != "notice" || mails[0].State != string(mailqueue.Sent) ||
			len(mails[0].To) != 1 || mails[0].Finalized.IsZero() {
			t.Fatalf("mails about 41: %+v", mails)
		}
		if mails, err := q.About(t.Context(), 43); err != nil || len(mails) != 0 {
			t.Fatalf("mails about 43: %+v, %v", mails, err)
		}
	})
}
