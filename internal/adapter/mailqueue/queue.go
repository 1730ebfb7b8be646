// Package mailqueue is mail.Queue on River: each message is a job inserted
// in the caller's storage transaction (so it exists if and only if what it
// tells about was committed), worked in the background by a Sender, retried
// with River's backoff and kept as failed after its last attempt. The jobs
// live in the store's own database, SQLite or PostgreSQL.
package mailqueue

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivertype"

	"immo/internal/domain/mail"
)

// The databases a queue runs on: the storage's dialect names.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// queueName is River's queue for mails; kind is the mail job's kind.
const (
	queueName = "mail"
	kind      = "mail"
)

// Sender sends one message. messageID is stable for a job across its
// attempts. An error with a Permanent() method returning true (a server's
// 5xx refusal) fails the mail at once; any other error is retried.
type Sender interface {
	Send(ctx context.Context, m mail.Message, messageID string) error
}

// Config tunes a Queue; the zero value is an insert-only queue (no Sender):
// mails wait in the database until a queue with a Sender runs.
type Config struct {
	Sender Sender
	// Workers is how many mails are sent at once; 0 is 20 (a send mostly
	// waits for the SMTP server; a provider may refuse many connections).
	Workers int
	// MaxAttempts is how often a mail is tried before it is failed; 0 is
	// 12 (with River's backoff, attempt⁴ seconds, about 11 hours in all).
	MaxAttempts int
	// Retry overrides River's backoff (tests use a short one).
	Retry river.ClientRetryPolicy
	// PollInterval is how often the database is polled for jobs no insert
	// of this process announced (wake.go); 0 is five seconds; at least 20 ms
	// (the fetch cooldown).
	PollInterval time.Duration
	// RescueAfter is when a mail left "sending" by a killed process is
	// tried again; 0 is 5 minutes (a send times out after one).
	RescueAfter time.Duration
	Logger      *slog.Logger // nil: River's own log is discarded
	// Jobs are the site's other background jobs (demand alerts, the
	// owners' report), worked by the same River client on JobsQueue: River
	// elects one leader per database among the clients, which alone runs
	// the periodic jobs, so a second client could hold the leadership
	// without them. nil: mails only.
	Jobs Jobs
}

// Jobs registers workers and periodic jobs on the queue's River client.
// Their jobs go to JobsQueue (their args' InsertOpts), worked by
// JobWorkers workers, and run with or without a Sender.
type Jobs interface {
	Register(w *river.Workers)
	Periodic() []*river.PeriodicJob
}

// JobsQueue is River's queue of the other jobs; JobWorkers work it.
const (
	JobsQueue  = "jobs"
	JobWorkers = 2
)

// sendTimeout bounds one attempt: connection, commands and data.
const sendTimeout = time.Minute

// Queue is the mail queue on one database. Enqueue is safe for concurrent
// use; Start and Stop bracket the sending.
type Queue struct {
	client  *river.Client[*sql.Tx]
	exec    riverdriver.Executor
	agency  int64 // the agency its inserts carry and its lists show (For); 0: the implicit one
	sending bool
	working bool // the client works a queue: mails (sending) or other jobs
	jobs    bool // the client works JobsQueue (Config.Jobs)
	files   attachments
	log     *slog.Logger
	waker   *waker        // shared by the copies For makes
	stop    chan struct{} // closes the attachments' purge and the waker (Start)
	done    chan struct{}
	woken   chan struct{} // closed when the waker has stopped
}

var _ mail.Queue = (*Queue)(nil)

// New builds the queue on db (the store's writing pool) for the database
// dialect names (SQLite or Postgres). River's tables must exist: Migrate.
func New(db *sql.DB, dialect string, cfg Config) (*Queue, error) {
	driver, err := driverFor(db, dialect)
	if err != nil {
		return nil, err
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	files := attachments{db: db, dialect: dialect}
	workers := river.NewWorkers()
	river.AddWorker(workers, &worker{send: cfg.Sender, files: files})
	river.AddWorker(workers, wakeWorker{})
	if cfg.Jobs != nil {
		cfg.Jobs.Register(workers)
	}
	rc := &river.Config{
		Logger:      logger,
		Workers:     workers,
		MaxAttempts: orDefault(cfg.MaxAttempts, 12),
		RetryPolicy: cfg.Retry,
		// A busy queue fetches again as soon as workers are free, at most
		// every 20 ms (River's default, 100 ms, caps 20 workers at 200/s);
		// an idle one polls every PollInterval, and is woken by its own
		// inserts (wake.go).
		FetchCooldown:               20 * time.Millisecond,
		FetchPollInterval:           orDefault(cfg.PollInterval, 5*time.Second),
		RescueStuckJobsAfter:        orDefault(cfg.RescueAfter, 5*time.Minute),
		JobTimeout:                  sendTimeout,
		CompletedJobRetentionPeriod: 30 * 24 * time.Hour, // `immo mail` shows what was sent
		CancelledJobRetentionPeriod: 90 * 24 * time.Hour,
		DiscardedJobRetentionPeriod: 90 * 24 * time.Hour,
	}
	if cfg.Sender != nil || cfg.Jobs != nil {
		rc.Queues = map[string]river.QueueConfig{}
	}
	if cfg.Sender != nil {
		rc.Queues[queueName] = river.QueueConfig{MaxWorkers: orDefault(cfg.Workers, 20)}
	}
	if cfg.Jobs != nil {
		rc.Queues[JobsQueue] = river.QueueConfig{MaxWorkers: JobWorkers}
		rc.PeriodicJobs = cfg.Jobs.Periodic()
	}
	client, err := river.NewClient(driver, rc)
	if err != nil {
		return nil, fmt.Errorf("mailqueue: %w", err)
	}
	q := &Queue{client: client, exec: driver.GetExecutor(), sending: cfg.Sender != nil, working: cfg.Sender != nil || cfg.Jobs != nil,
		jobs: cfg.Jobs != nil, files: files, log: logger}
	q.waker = newWaker(func(ctx context.Context, queue string) error {
		_, err := client.Insert(ctx, wakeArgs{}, &river.InsertOpts{Queue: queue, UniqueOpts: river.UniqueOpts{ByQueue: true}})
		return err
	})
	return q, nil
}

// InsertTx inserts a job of the other jobs (Config.Jobs) in tx, the
// storage transaction whose commit it follows.
func (q *Queue) InsertTx(ctx context.Context, tx mail.Tx, args river.JobArgs, opts *river.InsertOpts) error {
	st, ok := tx.(sqlTx)
	if !ok || st.SQLTx() == nil {
		return ErrForeignTx
	}
	res, err := q.client.InsertTx(ctx, st.SQLTx(), args, q.stamped(opts))
	if err != nil {
		return fmt.Errorf("mailqueue: insert %s job: %w", args.Kind(), err)
	}
	q.wakeAfterCommit(tx, res.Job.Queue)
	return nil
}

// Insert inserts a job of the other jobs now, outside any transaction
// (an admin's "run now"); skipped is true when a unique job like it waits
// or runs already.
func (q *Queue) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (skipped bool, err error) {
	res, err := q.client.Insert(ctx, args, q.stamped(opts))
	if err != nil {
		return false, fmt.Errorf("mailqueue: insert %s job: %w", args.Kind(), err)
	}
	return res.UniqueSkippedAsDuplicate, nil
}

func driverFor(db *sql.DB, dialect string) (riverdriver.Driver[*sql.Tx], error) {
	switch dialect {
	case SQLite:
		return pollingSQLite{riversqlite.New(db)}, nil
	case Postgres:
		// database/sql over pgx's stdlib, the store's own pool: River inserts
		// into the store's *sql.Tx and works jobs on the same pool by
		// polling (docs/ARCHITECTURE.md, "The mail queue").
		return riverdatabasesql.New(db), nil
	}
	return nil, fmt.Errorf("mailqueue: unknown database %q", dialect)
}

// pollingSQLite is River's SQLite driver without its emulation of
// PostgreSQL's LISTEN/NOTIFY, which reads a notifications table every 50 ms
// whether anything happens or not: on an idle server, ~90 % of the
// process's CPU (a profile of 30 s; issue #35, "an idle server costs
// nothing"). Without it River polls for jobs every FetchPollInterval, as it
// does on PostgreSQL through database/sql, and a job inserted outside a
// transaction wakes this process's queue at once (River's own path for
// drivers without a listener). SQLite serves one process, so no other
// process's notification is missed.
type pollingSQLite struct{ *riversqlite.Driver }

func (pollingSQLite) SupportsListener() bool     { return false }
func (pollingSQLite) SupportsListenNotify() bool { return false }

func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// sqlTx is what the storage layer's transaction gives the queue.
type sqlTx interface {
	SQLTx() *sql.Tx
}

// ErrForeignTx says the transaction given to Enqueue is not a database/sql
// one: a wiring bug.
var ErrForeignTx = errors.New("mailqueue: the transaction has no *sql.Tx")

// Enqueue validates msgs and inserts one job per message in tx. Nothing is
// sent before tx commits; nothing is kept if it rolls back.
func (q *Queue) Enqueue(ctx context.Context, tx mail.Tx, msgs ...mail.Message) error {
	st, ok := tx.(sqlTx)
	if !ok || st.SQLTx() == nil {
		return ErrForeignTx
	}
	if len(msgs) == 0 {
		return nil
	}
	params := make([]river.InsertManyParams, len(msgs))
	for i, m := range msgs {
		if err := m.Validate(); err != nil {
			return err
		}
		args, err := q.files.put(ctx, st.SQLTx(), m)
		if err != nil {
			return err
		}
		params[i] = river.InsertManyParams{Args: args, InsertOpts: q.stamped(&river.InsertOpts{ScheduledAt: m.NotBefore})}
	}
	jobs, err := q.client.InsertManyTx(ctx, st.SQLTx(), params)
	if err != nil {
		return fmt.Errorf("mailqueue: enqueue: %w", err)
	}
	for i, j := range jobs {
		if err := q.files.own(ctx, st.SQLTx(), j.Job.ID, params[i].Args.(sendArgs).Attachments); err != nil {
			return err
		}
		if err := q.files.regarding(ctx, st.SQLTx(), j.Job.ID, msgs[i].Request); err != nil {
			return err
		}
	}
	q.wakeAfterCommit(tx, queueName)
	return nil
}

// Hold keeps every mail of the queue from being sent, by every process on
// this database, until Release: the hold is River's pause of the mail
// queue, stored in the database (a server started later starts held; a
// running one sees it within seconds). The other jobs go on.
func (q *Queue) Hold(ctx context.Context) error {
	// River pauses a queue it knows (its row in river_queue, written when
	// a sending queue first starts): written here if this database never
	// sent, held from the start.
	now := time.Now().UTC()
	if _, err := q.exec.QueueCreateOrSetUpdatedAt(ctx, &riverdriver.QueueCreateOrSetUpdatedAtParams{
		Metadata: []byte("{}"), Name: queueName, Now: &now, PausedAt: &now}); err != nil {
		return fmt.Errorf("mailqueue: hold: %w", err)
	}
	if err := q.client.QueuePause(ctx, queueName, nil); err != nil {
		return fmt.Errorf("mailqueue: hold: %w", err)
	}
	return nil
}

// Release ends Hold: the queued mails are sent (by a running server within
// seconds, River's poll of its queues' settings).
func (q *Queue) Release(ctx context.Context) error {
	err := q.client.QueueResume(ctx, queueName, nil)
	if err != nil && !errors.Is(err, rivertype.ErrNotFound) { // never held nor started: nothing to release
		return fmt.Errorf("mailqueue: release: %w", err)
	}
	return nil
}

// Held says whether the queue is held (Hold) and since when.
func (q *Queue) Held(ctx context.Context) (bool, time.Time, error) {
	rq, err := q.client.QueueGet(ctx, queueName)
	if errors.Is(err, rivertype.ErrNotFound) {
		return false, time.Time{}, nil
	}
	if err != nil {
		return false, time.Time{}, fmt.Errorf("mailqueue: %w", err)
	}
	if rq.PausedAt == nil {
		return false, time.Time{}, nil
	}
	return true, *rq.PausedAt, nil
}

// Waiting counts the mails not yet sent nor failed: queued, retrying or
// being sent.
func (q *Queue) Waiting(ctx context.Context) (int, error) {
	var n int
	err := q.files.db.QueryRowContext(ctx, `SELECT count(*) FROM river_job WHERE kind = '`+kind+`'
		AND state IN ('available', 'scheduled', 'retryable', 'pending', 'running')`).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("mailqueue: count the waiting mails: %w", err)
	}
	return n, nil
}

// Sending says whether the queue sends (it has a Sender).
func (q *Queue) Sending() bool { return q.sending }

// Working says whether Start starts anything: a Sender, or Jobs.
func (q *Queue) Working() bool { return q.working }

// Start starts sending, and working the other jobs, in the background until
// Stop; without a Sender nor Jobs it does nothing.
func (q *Queue) Start(ctx context.Context) error {
	if !q.working {
		return nil
	}
	if q.files.dialect == SQLite && q.sending {
		if err := q.files.releaseOrphans(ctx); err != nil {
			return fmt.Errorf("mailqueue: start: %w", err)
		}
	}
	if err := q.client.Start(ctx); err != nil {
		return fmt.Errorf("mailqueue: start: %w", err)
	}
	q.stop, q.done = make(chan struct{}), make(chan struct{})
	go q.purgeAttachments(ctx)
	q.woken = make(chan struct{})
	go func() {
		defer close(q.woken)
		q.waker.run(ctx, q.stop, func(queue string, err error) {
			q.log.Warn("mailqueue: waking the workers", "queue", queue, "err", err)
		})
	}()
	return nil
}

// purgeInterval is how often the attachments of mails sent or deleted
// with their job are deleted: a sent mail's go at once (worker.Work);
// this catches those River completed itself or deleted (a failed mail's
// after its 90 days).
const purgeInterval = 10 * time.Minute

func (q *Queue) purgeAttachments(ctx context.Context) {
	defer close(q.done)
	for {
		if err := q.files.purge(ctx); err != nil && ctx.Err() == nil {
			q.log.Warn("mailqueue: purging attachments", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-q.stop:
			return
		case <-time.After(purgeInterval):
		}
	}
}

// Stop lets the mails being sent finish (until ctx ends) and stops.
func (q *Queue) Stop(ctx context.Context) error {
	if !q.working {
		return nil
	}
	if q.stop != nil {
		close(q.stop)
		<-q.done
		<-q.woken
		q.stop = nil
	}
	return q.client.Stop(ctx)
}

// sendArgs is a mail job: the message, its attachments' bytes not in it
// but in the attachments table, by ID (Attachments). A job queued before
// that table existed carries them in Message.
type sendArgs struct {
	Message     mail.Message    `json:"message"`
	Attachments []attachmentRef `json:"attachmentRefs,omitempty"`
}

func (sendArgs) Kind() string { return kind }

func (sendArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: queueName} }

// worker sends a mail job.
type worker struct {
	river.WorkerDefaults[sendArgs]
	send  Sender
	files attachments
}

func (w *worker) Timeout(*river.Job[sendArgs]) time.Duration { return sendTimeout }

func (w *worker) Work(ctx context.Context, job *river.Job[sendArgs]) error {
	if w.send == nil {
		return errors.New("mailqueue: no sender") // unreachable: no queue works without one
	}
	id := fmt.Sprintf("immo.mail.%d.%d", job.ID, job.CreatedAt.Unix())
	m := job.Args.Message
	if len(job.Args.Attachments) > 0 {
		var err error
		if m.Attachments, err = w.files.get(ctx, job.Args.Attachments); err != nil {
			return err
		}
	}
	err := w.send.Send(ctx, m, id)
	var p interface{ Permanent() bool }
	if errors.As(err, &p) && p.Permanent() {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	w.complete(ctx, job)
	return nil
}

// complete marks a sent mail's job completed at once, in its own
// transaction that deletes its attachments, rather than leaving it to
// River's completer, which batches completions for up to a quarter of a
// second: a process killed in that time would send the mails of the batch
// again after its restart. Its failure (the database gone) is no error of
// the send: River's completer still completes the job.
func (w *worker) complete(ctx context.Context, job *river.Job[sendArgs]) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	tx, err := w.files.db.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	if err := w.files.drop(ctx, tx, job.ID); err != nil {
		return
	}
	if _, err := river.JobCompleteTx[riverdriver.Driver[*sql.Tx]](ctx, tx, job); err != nil {
		return
	}
	tx.Commit() //nolint:errcheck // River's completer completes it otherwise
}
