package app

import (
	"context"

	"github.com/riverqueue/river"

	"immo/internal/adapter/mailqueue"
)

// A forgotten password is asked for on one form for every account of an
// address (a registrant's, an owner's). The post only inserts a job with
// the address, whether it has an account or not — the same work either
// way, so the answer's time tells nobody who is registered; the job looks
// the accounts up and mails their links (forgotWorker).

// forgotArgs is the job of one forgotten password's request.
type forgotArgs struct {
	Email string `json:"email"`
}

func (forgotArgs) Kind() string                 { return "password-links" }
func (forgotArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: mailqueue.JobsQueue} }

// forgotWorker mails the links of forgotArgs' address by forgot (the
// registrants' then the owners'), set by New before the queue works.
type forgotWorker struct {
	river.WorkerDefaults[forgotArgs]
	r *jobRouter
}

func (w *forgotWorker) Work(ctx context.Context, job *river.Job[forgotArgs]) error {
	j, release, err := w.r.site(ctx, job.JobRow)
	if err != nil {
		return err
	}
	defer release()
	return j.forgot(ctx, job.Args.Email)
}

// askForgotten is the form's side: the job inserted on its own, outside
// any transaction — one row either way, and River wakes this process's
// queue at once for a job inserted so (a job inserted in a transaction waits
// for the queue's next poll, up to a second).
func askForgotten(queue *mailqueue.Queue) func(ctx context.Context, email string) error {
	return func(ctx context.Context, email string) error {
		_, err := queue.Insert(ctx, forgotArgs{Email: email}, nil)
		return err
	}
}
