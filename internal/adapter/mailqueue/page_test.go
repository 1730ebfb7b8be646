package mailqueue_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/smtptest"
	"immo/internal/domain/mail"
)

// Page lists the mails newest first by state, a page at a time; Retry
// sends a failed one again (recording it in its transaction), and
// refuses a sent one or a mail that does not exist.
func TestPageAndRetry(t *testing.T) {
	eachBackend(t, func(t *testing.T, dir, url string) {
		store := openStore(t, dir, url)
		srv := smtptest.Start(t)
		srv.Refuse(550)
		q := newQueue(t, store, srv, 0)
		enqueue(t, store, q, true, message("refused"))
		failed := waitState(t, q, mailqueue.Failed)
		srv.Accept()
		for _, s := range []string{"one", "two", "three"} {
			enqueue(t, store, q, true, message(s))
		}
		srv.Wait(t, 3, smtptest.Patience)
		var sent mailqueue.Page
		for deadline := time.Now().Add(smtptest.Patience); ; time.Sleep(50 * time.Millisecond) {
			var err error
			if sent, err = q.Page(t.Context(), mailqueue.Query{State: mailqueue.Sent, Limit: 2}); err != nil {
				t.Fatal(err)
			}
			if len(sent.Mails) == 2 && sent.Next != 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("not sent: %+v", sent)
			}
		}
		if sent.Mails[0].Subject != "three" || sent.Mails[1].Subject != "two" {
			t.Fatalf("the first page: %+v", sent.Mails)
		}
		rest, err := q.Page(t.Context(), mailqueue.Query{State: mailqueue.Sent, Before: sent.Next, Limit: 2})
		if err != nil || len(rest.Mails) != 1 || rest.Mails[0].Subject != "one" || rest.Next != 0 {
			t.Fatalf("the second page: %+v %v", rest, err)
		}
		if p, err := q.Page(t.Context(), mailqueue.Query{State: mailqueue.Failed}); err != nil || len(p.Mails) != 1 || p.Mails[0].ID != failed.ID {
			t.Fatalf("the failed: %+v %v", p, err)
		}
		for _, bad := range []mailqueue.Query{{State: "lost"}, {Limit: mailqueue.MaxPage + 1}, {Before: -1}} {
			if _, err := q.Page(t.Context(), bad); !errors.Is(err, mailqueue.ErrBadQuery) {
				t.Errorf("%+v: %v", bad, err)
			}
		}

		// Refused retries change nothing and record nothing.
		recorded := 0
		record := func(_ context.Context, tx mail.Tx, before mailqueue.Entry) error {
			if tx == nil || before.State != mailqueue.Failed {
				t.Errorf("recorded %+v", before)
			}
			recorded++
			return nil
		}
		if err := q.Retry(t.Context(), sent.Mails[0].ID, record); !errors.Is(err, mailqueue.ErrNotRetrying) {
			t.Errorf("a sent mail: %v", err)
		}
		if err := q.Retry(t.Context(), 987654, record); !errors.Is(err, mailqueue.ErrNoMail) {
			t.Errorf("no mail: %v", err)
		}
		// A failing record undoes the retry.
		boom := errors.New("boom")
		if err := q.Retry(t.Context(), failed.ID, func(context.Context, mail.Tx, mailqueue.Entry) error { return boom }); !errors.Is(err, boom) {
			t.Errorf("a failing record: %v", err)
		}
		if p, _ := q.Page(t.Context(), mailqueue.Query{State: mailqueue.Failed}); len(p.Mails) != 1 || recorded != 0 {
			t.Fatalf("a refused retry changed it: %+v, %d recorded", p, recorded)
		}
		if err := q.Retry(t.Context(), failed.ID, record); err != nil || recorded != 1 {
			t.Fatalf("retry: %v (%d recorded)", err, recorded)
		}
		srv.Wait(t, 4, smtptest.Patience)
	})
}
