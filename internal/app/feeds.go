package app

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"immo/internal/adapter/feedsync"
	"immo/internal/adapter/importer"
	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/safehttp"
	"immo/internal/adapter/storage"
	"immo/internal/domain/account"
	"immo/internal/domain/agenda"
	"immo/internal/domain/errs"
	"immo/internal/domain/feed"
	"immo/internal/domain/i18n"
	"immo/internal/domain/mail"
	"immo/internal/domain/notify"
)

// The CRM's feeds (issue #33) run as River jobs on the queue's client,
// like the alerts:
//
//   - every minute every server looks for the due feeds (tick, a watcher
//     of Run's like the alerts' scan, which writes nothing when nothing is
//     due): it claims each (feed.Service.Due: a compare-and-set of the
//     feed's next run, so another server claims nothing) and inserts its
//     pull (feedPullArgs), unique per feed while it waits or runs, and the
//     fetch of the pictures due (feedPicturesArgs);
//   - the pull job fetches and applies (feedsync.Runner.Pull) under the
//     feed's lease, retried with River's back-off on a network error, a
//     5xx or a 429, feed.PullAttempts times;
//   - an admin's "run now" inserts the same pull job.
const feedTickEvery = time.Minute

// FeedOptions are the feeds' settings from the operator.
type FeedOptions struct {
	// Private are the hosts trusted on a private network, over plain
	// HTTP (IMMO_FEED_PRIVATE_HOSTS): a CRM in the office; the tests'.
	Private string
	// Client, when set, replaces the safe client's options (tests: their
	// TLS roots).
	Client *safehttp.Options
}

// feedJobs are the feeds' service, runner and River workers.
type feedJobs struct {
	service *feed.Service
	runner  *feedsync.Runner
	queue   *mailqueue.Queue
	log     *slog.Logger

	mu    sync.Mutex
	asked map[int64]time.Time // feed → when an admin last asked for a run here
}

// newFeeds builds the feeds on the store; invite is told of each applied
// run's owners.
func newFeeds(store storage.Store, key []byte, o FeedOptions, now func() time.Time, log *slog.Logger,
	invite func(ctx context.Context, owners []importer.FeedOwner) error) (*feedJobs, error) {
	box, err := account.NewSecretBox(key)
	if err != nil {
		return nil, err
	}
	private := safehttp.Hosts(o.Private)
	opts := safehttp.Options{Private: private, Timeout: feed.PullTimeout}
	if o.Client != nil {
		opts = *o.Client
		if opts.Private == nil {
			opts.Private = private
		}
	}
	log = log.With("component", "feeds")
	return &feedJobs{
		service: &feed.Service{Store: store, Sealer: box, Now: now, Loc: agenda.Brussels, Private: opts.Private},
		runner: &feedsync.Runner{Feeds: store, Runs: store, Catalog: store, Sealer: box, Client: safehttp.Client(opts), Now: now, Log: log,
			Imported: func(ctx context.Context, rep importer.Report) error { return invite(ctx, rep.Owners) },
			Pictures: store},
		log: log,
	}, nil
}

type (
	feedPullArgs struct {
		Feed    int64        `json:"feed" river:"unique"`
		Trigger feed.Trigger `json:"trigger"`
		By      string       `json:"by"`
	}
)

func (feedPullArgs) Kind() string { return "feed-pull" }

// feedPicturesArgs fetches a feed's pictures due (after a run named new
// ones): unique per feed while it waits; a batch at a time, snoozed
// between batches.
type feedPicturesArgs struct {
	Feed int64 `json:"feed" river:"unique"`
}

func (feedPicturesArgs) Kind() string { return "feed-pictures" }

func (feedPicturesArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: mailqueue.JobsQueue, MaxAttempts: feed.PullAttempts,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStatePending,
			rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled}}}
}

type feedPicturesWorker struct {
	river.WorkerDefaults[feedPicturesArgs]
	r *jobRouter
}

// Timeout is a batch's bound: feed.PictureBatch pictures of a minute each
// at most, in practice far less.
func (w *feedPicturesWorker) Timeout(*river.Job[feedPicturesArgs]) time.Duration {
	return 30 * time.Minute
}

func (w *feedPicturesWorker) Work(ctx context.Context, job *river.Job[feedPicturesArgs]) error {
	site, release, err := w.r.site(ctx, job.JobRow)
	if err != nil {
		return err
	}
	defer release()
	j := site.feeds
	fresh, more, err := j.runner.FetchPictures(ctx, job.Args.Feed)
	if e, ok := errs.As(err); ok && e.Code == errs.NotFound {
		return nil // the feed is gone
	}
	if err != nil {
		return err
	}
	if fresh > 0 {
		j.log.Info("feed pictures", "feed", job.Args.Feed, "fetched", fresh, "more", more)
	}
	if more {
		return river.JobSnooze(time.Second) // the next batch
	}
	return nil
}

// A feed's pull: tried feed.PullAttempts times. The schedule's is unique
// per feed while it waits, runs or waits to retry (scheduleOpts); an
// admin's is not (a job still marked running a moment after its run
// would swallow it), and waits for the feed's lease instead (Work).
func (feedPullArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: mailqueue.JobsQueue, MaxAttempts: feed.PullAttempts}
}

var scheduleOpts = &river.InsertOpts{Queue: mailqueue.JobsQueue, MaxAttempts: feed.PullAttempts,
	UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStatePending,
		rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled}}}

// busyWait is how long an admin's pull waits for the run holding its feed.
const busyWait = 10 * time.Second

// tick claims the due feeds and inserts their pulls, and the fetch of
// the pictures due (a run's new ones, those to check again: a command's
// run names them too).
func (j *feedJobs) tick(ctx context.Context) error {
	now := j.service.Now()
	due, err := j.service.Due(ctx, now)
	if err != nil {
		return err
	}
	for _, id := range due {
		if _, ierr := j.queue.Insert(ctx, feedPullArgs{Feed: id, Trigger: feed.TriggerSchedule}, scheduleOpts); ierr != nil {
			err = errors.Join(err, ierr)
		}
	}
	feeds, ferr := j.service.Store.Feeds(ctx)
	for _, f := range feeds {
		pics, perr := j.runner.Pictures.PicturesDue(ctx, f.ID, now.Add(-feed.PictureRetry), now.Add(-feed.PictureRecheck), 1)
		if perr == nil && len(pics) > 0 {
			_, perr = j.queue.Insert(ctx, feedPicturesArgs{Feed: f.ID}, nil)
		}
		err = errors.Join(err, perr)
	}
	return errors.Join(err, ferr)
}

// watch ticks every feedTickEvery until ctx ends.
func (j *feedJobs) watch(ctx context.Context) {
	watch(ctx, feedTickEvery, "feeds", func(ctx context.Context) (bool, error) { return false, j.tick(ctx) }, j.log)
}

type feedPullWorker struct {
	river.WorkerDefaults[feedPullArgs]
	r *jobRouter
}

// Timeout is a pull's bound and its import's: longer than the queue's
// default (a mail's minute).
func (w *feedPullWorker) Timeout(*river.Job[feedPullArgs]) time.Duration {
	return feed.PullTimeout + 2*time.Minute
}

func (w *feedPullWorker) Work(ctx context.Context, job *river.Job[feedPullArgs]) error {
	site, release, err := w.r.site(ctx, job.JobRow)
	if err != nil {
		return err
	}
	defer release()
	j, a := site.feeds, job.Args
	j.started(a.Feed)
	run, err := j.runner.Pull(ctx, a.Feed, a.Trigger, a.By, job.Attempt >= job.MaxAttempts)
	if _, retry := errors.AsType[*feedsync.Retryable](err); retry {
		return err // River tries again with its back-off
	}
	if errors.Is(err, feedsync.ErrBusy) && a.Trigger == feed.TriggerStaff {
		return river.JobSnooze(busyWait) // after the run holding the feed
	}
	if e, ok := errs.As(err); ok && (e.Code == errs.NotFound || e.Code == errs.Conflict) {
		j.log.Info("feed pull skipped", "feed", a.Feed, "why", e.Message)
		return nil // deleted meanwhile, or another run holds it
	}
	if err != nil {
		return err
	}
	if run.ID != 0 {
		j.log.Info("feed run", "feed", a.Feed, "run", run.ID, "status", run.Status, "trigger", a.Trigger)
	}
	return nil
}

// RunFeed asks for feed id's pull now (an admin's "run now"); it runs
// after a run holding the feed, if any.
func (j *feedJobs) RunFeed(ctx context.Context, id int64, by string) error {
	if _, err := j.service.Store.Feed(ctx, id); err != nil {
		return err
	}
	if !j.firstAsk(id) {
		return nil // a double click: the pull asked a moment ago answers it
	}
	_, err := j.queue.Insert(ctx, feedPullArgs{Feed: id, Trigger: feed.TriggerStaff, By: by}, nil)
	return err
}

// askedFor bounds how long an admin's "run now" waits for its pull to
// start here before another is queued: a pull worked by another server
// never tells this one.
const askedFor = time.Minute

// firstAsk tells whether an admin's run of feed id is the only one asked
// on this server and not started yet (a second is a double click or a
// form sent twice: the first answers it), and notes it.
func (j *feedJobs) firstAsk(id int64) bool {
	now := j.service.Now()
	j.mu.Lock()
	defer j.mu.Unlock()
	if at, ok := j.asked[id]; ok && now.Sub(at) >= 0 && now.Sub(at) < askedFor {
		return false
	}
	if j.asked == nil {
		j.asked = map[int64]time.Time{}
	}
	j.asked[id] = now
	return true
}

// started notes that a pull of feed id started: the next "run now" queues
// another.
func (j *feedJobs) started(id int64) {
	j.mu.Lock()
	defer j.mu.Unlock()
	delete(j.asked, id)
}

// FeedCommands are the feeds as `immo feeds` works them: the service and
// a runner that pulls in the command's process (trigger command).
type FeedCommands struct {
	Service *feed.Service
	Runner  *feedsync.Runner
}

// CommandFeeds builds the feeds on c.Store with the server's key
// (c.Keys.TOTP seals their secrets, as serve's does).
func CommandFeeds(c Config) (*FeedCommands, error) {
	j, err := newFeeds(c.Store, c.Keys.TOTP, c.Feeds, c.clock(), c.logger(), func(ctx context.Context, owners []importer.FeedOwner) error {
		_, err := InviteFeedOwners(ctx, c, owners)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &FeedCommands{Service: j.service, Runner: j.runner}, nil
}

// Feeds are the CRM's feeds: add, pause, list (the inbox's, the tests').
func (a *App) Feeds() *feed.Service { return a.jobs.feeds.service }

// pushDoor is the feeds as the CRM's pushes see them
// (httpapi.FeedPush): each feed and its token, the runner's runs.
type pushDoor struct {
	*feedsync.Runner
	service *feed.Service
}

func (j *feedJobs) push() pushDoor { return pushDoor{Runner: j.runner, service: j.service} }

func (d pushDoor) Feed(ctx context.Context, id int64) (feed.Feed, error) {
	return d.service.Store.Feed(ctx, id)
}

func (d pushDoor) PushKey(f feed.Feed) (string, error) { return d.service.PushKey(f) }

func (d pushDoor) Clock() time.Time { return d.Runner.Now() }

// inboxFeeds are the feeds as the inbox works them (admin.CatalogFeeds).
type inboxFeeds struct{ j *feedJobs }

func (f inboxFeeds) Feeds(ctx context.Context) ([]feed.Feed, error) {
	return f.j.service.Store.Feeds(ctx)
}

func (f inboxFeeds) Add(ctx context.Context, in feed.Input, by string) (feed.Feed, string, error) {
	return f.j.service.Add(ctx, in, by)
}

func (f inboxFeeds) SetPaused(ctx context.Context, id int64, paused bool) error {
	return f.j.service.SetPaused(ctx, id, paused)
}

func (f inboxFeeds) Delete(ctx context.Context, id int64) error {
	return f.j.service.Store.DeleteFeed(ctx, id)
}

func (f inboxFeeds) RunNow(ctx context.Context, id int64, by string) error {
	return f.j.RunFeed(ctx, id, by)
}

func (f inboxFeeds) Held(ctx context.Context, id int64) (int64, error) {
	run, _, err := f.j.service.Store.Held(ctx, id)
	return run, err
}

func (f inboxFeeds) PictureProblems(ctx context.Context, id int64, limit int) ([]feed.Picture, int, error) {
	return f.j.runner.Pictures.PictureProblems(ctx, id, limit)
}

func (f inboxFeeds) ApplyHeld(ctx context.Context, id, run int64, by string) (feed.Run, error) {
	return f.j.runner.ApplyHeld(ctx, id, run, by)
}

func (f inboxFeeds) DiscardHeld(ctx context.Context, id, run int64) error {
	return f.j.runner.DiscardHeld(ctx, id, run)
}

// wirePictures has the CRM's pictures a run names fetched by a job at
// once, and their variants made by this server's worker (stored).
func (j *feedJobs) wirePictures(stored func(local string)) {
	j.runner.PicturesWanted = func(ctx context.Context, id int64) error {
		_, err := j.queue.Insert(ctx, feedPicturesArgs{Feed: id}, nil)
		return err
	}
	j.runner.PictureStored = stored
}

// feedAlert mails every admin (enabled) that a feed failed
// feed.FailuresAlert runs in a row, or that it works again, in their
// language, through the queue in one transaction.
func feedAlert(store storage.Store, composer *notify.Composer, queue mail.Queue) func(ctx context.Context, f feed.Feed, run feed.Run, recovered bool) error {
	return func(ctx context.Context, f feed.Feed, run feed.Run, recovered bool) error {
		staff, err := store.Staff().ListStaff(ctx)
		if err != nil {
			return err
		}
		var msgs []mail.Message
		for _, m := range staff {
			if m.StaffRole != account.Admin || m.Disabled {
				continue
			}
			reason := run.Error
			if key := "admin.runs.error." + run.ErrorKey; run.ErrorKey != "" && i18n.T(m.Lang, key) != key {
				var pairs []string
				for k, v := range run.ErrorParams {
					pairs = append(pairs, k, v)
				}
				reason = i18n.Tf(m.Lang, key, pairs...)
			}
			msg, err := composer.FeedAlert(m.Account, f.Name, reason, f.Failures, recovered)
			if err != nil {
				return err
			}
			msgs = append(msgs, msg)
		}
		if len(msgs) == 0 {
			return nil
		}
		return store.WithTx(ctx, func(ctx context.Context, tx mail.Tx) error { return queue.Enqueue(ctx, tx, msgs...) })
	}
}
