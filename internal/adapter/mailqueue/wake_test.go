package mailqueue_test

import (
	"context"
	"testing"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/smtpsend"
	"immo/internal/adapter/smtptest"
	"immo/internal/domain/mail"
)

// A mail queued in a transaction of the SQL store is sent once that
// transaction commits, not at the workers' next poll (an hour here): the
// queue wakes them after the commit. The first mail may come by the
// workers' first look at start; the next ones only by a wake-up, the
// later ones with the wake job already kept (a duplicate, no row).
func TestCommitWakesTheWorkers(t *testing.T) {
	eachBackend(t, func(t *testing.T, dir, url string) {
		srv := smtptest.Start(t)
		store := openStore(t, dir, url)
		sender, err := smtpsend.New(smtpsend.Config{URL: srv.URL(), From: agency, Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		q := startQueue(t, store, mailqueue.Config{Sender: sender, PollInterval: time.Hour})
		for i, subject := range []string{"first", "woken", "woken again", "and again"} {
			err := store.For(1).WithTx(t.Context(), func(ctx context.Context, tx mail.Tx) error {
				return q.Enqueue(ctx, tx, message(subject))
			})
			if err != nil {
				t.Fatal(err)
			}
			got := srv.Wait(t, i+1, smtptest.Patience)
			if len(got) != i+1 {
				t.Fatalf("%q not sent: the commit did not wake the workers (their poll is an hour)", subject)
			}
		}
		// A mail refused for good, then sent again by the staff's retry:
		// the retry wakes the workers too.
		srv.Refuse(550)
		if err := store.For(1).WithTx(t.Context(), func(ctx context.Context, tx mail.Tx) error {
			return q.Enqueue(ctx, tx, message("refused"))
		}); err != nil {
			t.Fatal(err)
		}
		var refused mailqueue.Entry
		for deadline := time.Now().Add(smtptest.Patience); refused.State != mailqueue.Failed; time.Sleep(20 * time.Millisecond) {
			list, err := q.List(t.Context(), 1)
			if err != nil || time.Now().After(deadline) {
				t.Fatalf("the refused mail not failed: %+v, %v", list, err)
			}
			refused = list[0]
		}
		srv.Accept()
		if err := q.Retry(t.Context(), refused.ID, nil); err != nil {
			t.Fatal(err)
		}
		if got := srv.Wait(t, 5, smtptest.Patience); len(got) != 5 {
			t.Fatal("the retried mail not sent: the retry did not wake the workers")
		}
		// A transaction rolled back wakes nothing and sends nothing.
		_ = store.For(1).WithTx(t.Context(), func(ctx context.Context, tx mail.Tx) error {
			if err := q.Enqueue(ctx, tx, message("rolled back")); err != nil {
				t.Fatal(err)
			}
			return context.Canceled
		})
		list, err := q.List(t.Context(), 10)
		if err != nil || len(list) != 5 || list[0].Subject != "refused" {
			t.Fatalf("after a rollback the queue holds %+v (%v)", list, err)
		}
	})
}
