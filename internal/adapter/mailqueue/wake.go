package mailqueue

import (
	"context"
	"sync"

	"github.com/riverqueue/river"

	"immo/internal/domain/mail"
)

// Waking the workers (issue #35, "an idle server costs nothing"). Without
// LISTEN/NOTIFY (riverdatabasesql; riversqlite without its emulation,
// pollingSQLite) River finds a job inserted in a transaction only at its
// next poll, and a short poll is most of an idle server's CPU. River wakes
// its own producer after an insert outside a transaction — but only then:
// after the commit of a transaction that queued a job, the queue inserts a
// wake job outside it. The wake job does nothing, and is unique per queue
// in every state River keeps (completed included), so a wake-up writes a
// row only once per retention period: the others are refused as
// duplicates, which still wakes the producer. The poll (PollInterval, 5 s)
// remains for what no insert of this process announces: the periodic jobs,
// retries coming due, another process's inserts (a command, another
// server).

// wakeArgs is the wake job: its queue is what it wakes.
type wakeArgs struct{}

func (wakeArgs) Kind() string { return "wake" }

type wakeWorker struct{ river.WorkerDefaults[wakeArgs] }

func (wakeWorker) Work(context.Context, *river.Job[wakeArgs]) error { return nil }

// waker inserts the wake jobs, one goroutine for the process: the
// committing request does not wait for it, and a burst of commits makes
// one insert per queue.
type waker struct {
	insert func(ctx context.Context, queue string) error
	mu     sync.Mutex
	due    map[string]bool // the queues to wake
	signal chan struct{}   // holds one token while due is not empty
}

func newWaker(insert func(ctx context.Context, queue string) error) *waker {
	return &waker{insert: insert, due: map[string]bool{}, signal: make(chan struct{}, 1)}
}

// wake asks for queue's workers to look for jobs; it never blocks.
func (w *waker) wake(queue string) {
	w.mu.Lock()
	w.due[queue] = true
	w.mu.Unlock()
	select {
	case w.signal <- struct{}{}:
	default: // a wake-up is pending: it will take this queue too
	}
}

// run inserts the wake jobs asked for until stop closes.
func (w *waker) run(ctx context.Context, stop <-chan struct{}, warn func(queue string, err error)) {
	for {
		select {
		case <-stop:
			return
		case <-ctx.Done():
			return
		case <-w.signal:
		}
		w.mu.Lock()
		queues := make([]string, 0, len(w.due))
		for q := range w.due {
			queues = append(queues, q)
		}
		clear(w.due)
		w.mu.Unlock()
		for _, q := range queues {
			if err := w.insert(ctx, q); err != nil && ctx.Err() == nil {
				warn(q, err) // the poll finds the job instead
			}
		}
	}
}

// wakeAfterCommit wakes queue's workers once tx commits, when tx tells
// its commit (the SQL store's transactions do).
func (q *Queue) wakeAfterCommit(tx mail.Tx, queue string) {
	if c, ok := tx.(interface{ AfterCommit(func()) }); ok && q.works(queue) {
		c.AfterCommit(func() { q.waker.wake(queue) })
	}
}

// works says whether this process works queue: a wake job in a queue
// nobody here works (the mails of a server without SMTP) would only wait
// there.
func (q *Queue) works(queue string) bool {
	switch queue {
	case queueName:
		return q.sending
	case JobsQueue:
		return q.jobs
	}
	return false
}
