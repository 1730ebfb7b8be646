package mailqueue_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/smtptest"
	"immo/internal/domain/mail"
)

// One client serves every agency (issue #35): a queue bound to an agency
// stamps its mails and jobs with it, and lists, retries and forgets only
// its own — the same address in two agencies' mails stays each one's.
func TestAgenciesApart(t *testing.T) {
	eachBackend(t, func(t *testing.T, dir, url string) {
		store := openStore(t, dir, url)
		srv := smtptest.Start(t)
		srv.Refuse(550) // every mail fails at once: each stays listed, retryable
		shared := newQueue(t, store, srv, 1)
		a, b := shared.For(1), shared.For(2)
		if a.Agency() != 1 || b.Agency() != 2 || shared.Agency() != 1 {
			t.Fatalf("agencies: %d %d %d", a.Agency(), b.Agency(), shared.Agency())
		}
		enqueue(t, store, a, true, message("for A"))
		enqueue(t, store, b, true, message("for B"))
		failedA := waitState(t, a, mailqueue.Failed)
		failedB := waitState(t, b, mailqueue.Failed)
		for _, c := range []struct {
			q    *mailqueue.Queue
			want string
		}{{a, "for A"}, {b, "for B"}} {
			page, err := c.q.Page(t.Context(), mailqueue.Query{})
			if err != nil || len(page.Mails) != 1 || page.Mails[0].Subject != c.want {
				t.Errorf("agency %d lists %+v (%v), want only %q", c.q.Agency(), page.Mails, err, c.want)
			}
		}
		// Each agency's figures count its own mails; the queue's, both.
		for _, q := range []*mailqueue.Queue{a, b} {
			if st, err := q.AgencyStats(t.Context()); err != nil || st.Failed != 1 || st.Waiting != 0 {
				t.Errorf("agency %d's figures: %+v, %v", q.Agency(), st, err)
			}
		}
		if st, err := shared.Stats(t.Context()); err != nil || st.Failed != 2 {
			t.Errorf("the queue's figures: %+v, %v", st, err)
		}
		none := func(context.Context, mail.Tx, mailqueue.Entry) error { return nil }
		if err := b.Retry(t.Context(), failedA.ID, none); !errors.Is(err, mailqueue.ErrNoMail) {
			t.Errorf("B retried A's mail: %v", err)
		}
		if err := a.Retry(t.Context(), failedB.ID, none); !errors.Is(err, mailqueue.ErrNoMail) {
			t.Errorf("A retried B's mail: %v", err)
		}

		// Forgetting the address in B leaves A's mail to it.
		db, _ := store.QueueDB()
		tx, err := db.BeginTx(t.Context(), nil)
		if err != nil {
			t.Fatal(err)
		}
		n, err := b.ForgetRecipient(t.Context(), testTx{tx}, "agency@example.be")
		if err != nil || n != 1 {
			tx.Rollback()
			t.Fatalf("B forgot %d mails: %v", n, err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		if page, _ := a.Page(t.Context(), mailqueue.Query{}); len(page.Mails) != 1 || page.Mails[0].ID != failedA.ID {
			t.Errorf("A's mail after B forgot the address: %+v", page.Mails)
		}
		if page, _ := b.Page(t.Context(), mailqueue.Query{}); len(page.Mails) != 0 {
			t.Errorf("B's mails after it forgot the address: %+v", page.Mails)
		}
	})
}

// A job inserted by a bound queue reaches its worker with its agency.
func TestJobsCarryAgency(t *testing.T) {
	eachBackend(t, func(t *testing.T, dir, url string) {
		seen := make(chan int64, 2)
		q := startQueue(t, openStore(t, dir, url), mailqueue.Config{PollInterval: 100 * time.Millisecond, Jobs: probeJobs{seen}})
		for _, agency := range []int64{2, 1} {
			if _, err := q.For(agency).Insert(t.Context(), probeArgs{}, nil); err != nil {
				t.Fatal(err)
			}
			select {
			case got := <-seen:
				if got != agency {
					t.Errorf("the worker saw agency %d, want %d", got, agency)
				}
			case <-time.After(smtptest.Patience):
				t.Fatal("the probe job was not worked")
			}
		}
	})
}

// probeJobs works probe jobs, telling each one's agency.
type probeJobs struct{ seen chan int64 }

func (j probeJobs) Register(w *river.Workers) { river.AddWorker(w, &probeWorker{seen: j.seen}) }

func (probeJobs) Periodic() []*river.PeriodicJob { return nil }

type probeWorker struct {
	river.WorkerDefaults[probeArgs]
	seen chan int64
}

func (w *probeWorker) Work(_ context.Context, job *river.Job[probeArgs]) error {
	w.seen <- mailqueue.AgencyOf(job.JobRow)
	return nil
}

type probeArgs struct{}

func (probeArgs) Kind() string { return "probe" }

func (probeArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: mailqueue.JobsQueue} }
