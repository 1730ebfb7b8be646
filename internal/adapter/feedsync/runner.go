// Package feedsync brings the catalog up to date from the agency's CRM
// (issue #33): a feed pulled on its schedule or at an admin's word, a
// file or one listing pushed by the CRM, a run the guard held applied or
// discarded. Every run goes through the importer's rules (partial: the
// valid records applied, the rejected ones reported and left as they
// were), under the feed's lease (one run at a time per feed, across
// servers), and is recorded with what it did and refused. The schedule
// and the retries are River's (internal/app/feeds.go).
package feedsync

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"immo/internal/adapter/importer"
	"immo/internal/domain/catalog"
	"immo/internal/domain/errs"
	"immo/internal/domain/feed"
)

// Runner runs the feeds.
type Runner struct {
	Feeds   feed.Feeds
	Runs    feed.Store
	Catalog catalog.Store
	Sealer  feed.Sealer
	// Client fetches the feeds (safehttp.Client).
	Client *http.Client
	Now    func() time.Time
	// Imported is told of every applied run (the owners it names are
	// invited, as after `immo import`).
	Imported func(ctx context.Context, rep importer.Report) error
	// Alert mails the admins that f failed feed.FailuresAlert runs in a
	// row, or (recovered) that it works again.
	Alert func(ctx context.Context, f feed.Feed, run feed.Run, recovered bool) error
	Log   *slog.Logger
	// Pictures keep the CRM's pictures fetched into the site; nil: the
	// pictures are linked as the CRM gives them.
	Pictures feed.Pictures
	// PicturesWanted asks for the fetch of feed's pictures (a job);
	// PictureStored is told of a picture stored anew (its variants).
	PicturesWanted func(ctx context.Context, feedID int64) error
	PictureStored  func(local string)
	fetching       singleflight.Group
	visitorsOnce   sync.Once
	visitors       chan struct{} // visitorFetches at once (FetchOne)
	// MaxBody bounds a file pulled or pushed; 0: feed.MaxBody.
	MaxBody int64
	// Ran hears every run recorded (the operator's metrics); nil: nobody.
	Ran func(run feed.Run)
}

func (r *Runner) maxBody() int64 {
	if r.MaxBody > 0 {
		return r.MaxBody
	}
	return feed.MaxBody
}

// ErrBusy says another run holds the feed: try again later.
var ErrBusy = &errs.Error{Code: errs.Conflict, Field: "form", Key: "admin.feeds.error.busy", Message: "a run of this feed is in progress"}

// Retryable is a pull's failure worth another attempt: the network, a
// 5xx or a 429; Run is the failed attempt as recorded.
type Retryable struct {
	Err error
	Run feed.Run
}

func (e *Retryable) Error() string { return e.Err.Error() }
func (e *Retryable) Unwrap() error { return e.Err }

// lease is how long a run holds its feed at most: a pull's bound and
// the import's.
const lease = feed.PullTimeout + 3*time.Minute

// Pull fetches feed id and applies what changed. A failure worth
// retrying is a *Retryable unless last (the final attempt): the caller
// (River) tries again with back-off. A paused feed is pulled only by
// staff. ErrBusy when another run holds the feed.
func (r *Runner) Pull(ctx context.Context, id int64, trigger feed.Trigger, by string, last bool) (feed.Run, error) {
	f, unlock, err := r.locked(ctx, id)
	if err != nil {
		return feed.Run{}, err
	}
	defer unlock()
	if f.Paused && trigger == feed.TriggerSchedule {
		return feed.Run{}, nil
	}
	run := feed.Run{Feed: id, Source: f.URL, Trigger: trigger, By: by, Started: r.Now()}
	body, ans, err := r.fetch(ctx, f)
	if body != nil {
		defer body.Close()
	}
	run.HTTPStatus = ans.status
	switch {
	case err != nil && ans.retry && !last:
		run = r.failed(run, fmt.Errorf("%w (tried again later)", err))
		run.ID, _ = r.record(ctx, run)
		return run, &Retryable{Err: err, Run: run}
	case err != nil:
		return r.finish(ctx, f, r.failed(run, err))
	case ans.status == http.StatusNotModified || ans.hash == f.ContentHash && f.ContentHash != "":
		run.Status, run.Ended = feed.StatusUnchanged, r.Now()
		return r.finish(ctx, f, run)
	}
	return r.apply(ctx, f, run, body, ans)
}

// Push applies a file the CRM pushed, as a pull would.
func (r *Runner) Push(ctx context.Context, id int64, body io.Reader) (feed.Run, error) {
	f, unlock, err := r.locked(ctx, id)
	if err != nil {
		return feed.Run{}, err
	}
	defer unlock()
	run := feed.Run{Feed: id, Source: fmt.Sprintf("POST /api/feed/%d", id), Trigger: feed.TriggerPush, Started: r.Now()}
	file, ans, err := spool(body, r.maxBody())
	if file != nil {
		defer file.Close()
	}
	if k, ok := errors.AsType[*keyed](err); ok && k.key == "read" {
		// The CRM's connection failed (too slow, cut): no run of the
		// feed's, and no failure counted against it.
		return feed.Run{}, &errs.Error{Code: errs.Invalid, Key: "admin.feeds.error.body", Message: "the pushed body could not be read: " + err.Error()}
	}
	if err != nil {
		return r.finish(ctx, f, r.failed(run, err))
	}
	if ans.hash == f.ContentHash && f.ContentHash != "" {
		run.Status, run.Ended = feed.StatusUnchanged, r.Now() // the file applied last, again: nothing to do
		return r.finish(ctx, f, run)
	}
	// The pushed file is the feed's last: the pull's validators are for
	// another, so the next pull asks for the whole file (and finds it the
	// same, by its hash, when the CRM exports what it pushed).
	return r.apply(ctx, f, run, file, ans)
}

// errReplaced refuses an answer to a held run that is not the feed's
// held run any more: answered, replaced by a newer one, or superseded by
// a run applied since.
var errReplaced = &errs.Error{Code: errs.Conflict, Field: "form", Key: "admin.feeds.error.replaced",
	Message: "this run is not the one held any more (answered, replaced, or a later run was applied): reload"}

// ApplyHeld applies the file of feed id's held run, numbered run (the one
// the admin saw), without the guard (an admin said so); DiscardHeld
// forgets it. The file applied is the feed's last: the same file pulled
// again is unchanged, another is applied.
func (r *Runner) ApplyHeld(ctx context.Context, id, heldRun int64, by string) (feed.Run, error) {
	f, unlock, err := r.locked(ctx, id)
	if err != nil {
		return feed.Run{}, err
	}
	defer unlock()
	held, body, err := r.Feeds.Held(ctx, id)
	if err != nil {
		return feed.Run{}, err
	}
	if held == 0 {
		return feed.Run{}, &errs.Error{Code: errs.NotFound, Field: "form", Key: "admin.feeds.error.noHeld", Message: "no held run"}
	}
	if held != heldRun {
		return feed.Run{}, errReplaced
	}
	run := feed.Run{Feed: id, Source: fmt.Sprintf("%s #%d", f.URL, held), Trigger: feed.TriggerStaff, By: by, Started: r.Now()}
	f.MaxOffline = 100 // what the guard asked, answered
	sum := sha256.Sum256(body)
	run, err = r.importBody(ctx, f, run, bytes.NewReader(body), answer{keep: true, hash: hex.EncodeToString(sum[:])})
	if err == nil || run.Status == feed.StatusApplied {
		err = errors.Join(err, r.Feeds.DropHeld(ctx, id))
	}
	return run, err
}

// DiscardHeld forgets feed id's held run, numbered run: the catalog
// stays as it is.
func (r *Runner) DiscardHeld(ctx context.Context, id, heldRun int64) error {
	unlock, err := r.lock(ctx, id)
	if err != nil {
		return err
	}
	defer unlock()
	held, _, err := r.Feeds.Held(ctx, id)
	if err != nil {
		return err
	}
	if held == 0 {
		return &errs.Error{Code: errs.NotFound, Field: "form", Key: "admin.feeds.error.noHeld", Message: "no held run"}
	}
	if held != heldRun {
		return errReplaced
	}
	return r.Feeds.DropHeld(ctx, id)
}

// locked is feed id under its lease, read once the lease is taken (what
// the run before it left): errs.NotFound without the feed, ErrBusy when
// another run holds it.
func (r *Runner) locked(ctx context.Context, id int64) (feed.Feed, func(), error) {
	if _, err := r.Feeds.Feed(ctx, id); err != nil {
		return feed.Feed{}, nil, err
	}
	unlock, err := r.lock(ctx, id)
	if err != nil {
		return feed.Feed{}, nil, err
	}
	f, err := r.Feeds.Feed(ctx, id)
	if err != nil {
		unlock()
		return feed.Feed{}, nil, err
	}
	return f, unlock, nil
}

func (r *Runner) lock(ctx context.Context, id int64) (func(), error) {
	now := r.Now()
	ok, err := r.Feeds.Lock(ctx, id, now, now.Add(lease))
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrBusy
	}
	return func() {
		// The run's own context may be over: give the lease back anyway.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		if err := r.Feeds.Unlock(ctx, id); err != nil {
			r.Log.Warn("unlocking a feed", "feed", id, "err", err)
		}
	}, nil
}

// apply imports the file body of a run (pulled or pushed), keeping it
// when the guard holds the run.
func (r *Runner) apply(ctx context.Context, f feed.Feed, run feed.Run, body *os.File, ans answer) (feed.Run, error) {
	run, err := r.importBody(ctx, f, run, body, ans)
	if run.Status != feed.StatusHeld {
		return run, err
	}
	if _, serr := body.Seek(0, io.SeekStart); serr != nil {
		return run, serr
	}
	data, rerr := io.ReadAll(io.LimitReader(body, r.maxBody()))
	if rerr != nil {
		return run, rerr
	}
	return run, errors.Join(err, r.Feeds.Hold(ctx, f.ID, run.ID, data))
}

// importBody runs the importer on body with f's guard, records the run
// and keeps what it leaves on the feed.
func (r *Runner) importBody(ctx context.Context, f feed.Feed, run feed.Run, body io.Reader, ans answer) (feed.Run, error) {
	// Another feed's listings are its own: this run leaves them be.
	others, err := r.Feeds.OthersListings(ctx, f.ID)
	if err != nil {
		return run, err
	}
	keep := catalog.Keep{Properties: others.Properties, Projects: others.Projects}
	pics := newLocalizer(f)
	opts := importer.Options{Partial: true, MaxOffline: f.MaxOffline, Keep: keep, Now: r.Now, FeedHost: pics.host}
	if r.Pictures != nil {
		opts.Picture = pics.local
	}
	rep, err := importer.Run(ctx, r.Catalog, body, opts)
	if err == nil {
		r.wanted(ctx, f, pics)
		if lerr := r.Feeds.SetListings(ctx, f.ID, rep.Delivered); lerr != nil {
			r.Log.Warn("keeping a feed's listings", "feed", f.ID, "err", lerr)
		}
	}
	status := run.HTTPStatus
	run = importer.RunOf(run.Source, run.Trigger, run.By, run.Started, r.Now(), rep, err)
	run.Feed, run.HTTPStatus = f.ID, status
	if _, held := errors.AsType[*importer.ErrGuard](err); held {
		run.Status = feed.StatusHeld
		return r.finish(ctx, f, run)
	}
	if err == nil && ans.keep {
		f.ETag, f.LastModified, f.ContentHash = ans.etag, ans.lastModified, ans.hash
	}
	run, ferr := r.finish(ctx, f, run)
	if err == nil && r.Imported != nil {
		if ierr := r.Imported(ctx, rep); ierr != nil {
			r.Log.Warn("after a feed's run", "feed", f.ID, "run", run.ID, "err", ierr)
		}
	}
	return run, ferr
}

func (r *Runner) failed(run feed.Run, err error) feed.Run {
	run.Status, run.Error, run.Ended = feed.StatusFailed, err.Error(), r.Now()
	if e, ok := errors.AsType[*keyed](err); ok {
		run.ErrorKey, run.ErrorParams = e.key, e.params
	}
	return run
}

func (r *Runner) record(ctx context.Context, run feed.Run) (int64, error) {
	id, err := r.Runs.RecordRun(ctx, run)
	if err != nil {
		r.Log.Error("recording a feed's run", "feed", run.Feed, "err", err)
	} else if r.Ran != nil {
		r.Ran(run)
	}
	return id, err
}

// finish records run and keeps on f what it leaves: its validators (set
// by the caller), the failures in a row, the admins' alert.
func (r *Runner) finish(ctx context.Context, f feed.Feed, run feed.Run) (feed.Run, error) {
	id, err := r.record(ctx, run)
	if err != nil {
		return run, err
	}
	run.ID = id
	st := f.State
	st.LastRun = id
	switch run.Status {
	case feed.StatusFailed:
		st.Failures++
		f.State = st
		if st.Failures >= feed.FailuresAlert && !st.Alerted && r.Alert != nil {
			if aerr := r.Alert(ctx, f, run, false); aerr != nil {
				r.Log.Warn("mailing a feed's failures", "feed", f.ID, "err", aerr)
			} else {
				st.Alerted = true
			}
		}
	case feed.StatusApplied, feed.StatusUnchanged:
		if run.Status == feed.StatusApplied {
			// A run applied since supersedes a held one: its file is older.
			if err := r.Feeds.DropHeld(ctx, f.ID); err != nil {
				r.Log.Warn("dropping a superseded held run", "feed", f.ID, "err", err)
			}
		}
		if st.Alerted && r.Alert != nil {
			if aerr := r.Alert(ctx, f, run, true); aerr != nil {
				r.Log.Warn("mailing a feed's recovery", "feed", f.ID, "err", aerr)
			}
		}
		st.Failures, st.Alerted = 0, false
	}
	return run, r.Feeds.SaveState(ctx, f.ID, st)
}

// answer is what a fetch learnt: the status, the validators and the
// hash of the body, whether to retry a failure, and whether the
// validators are the pulled file's (keep).
type answer struct {
	status             int
	etag, lastModified string
	hash               string
	retry              bool
	keep               bool
}

// ErrorKeys are the keys of a pull's or a push's own failures
// (admin.runs.error.<key>), beside the importer's.
var ErrorKeys = []string{"read", "url", "secret", "network", "status"}

// keyed is a failure with its translation key (admin.runs.error.<key>).
type keyed struct {
	err    error
	key    string
	params map[string]string
}

func (e *keyed) Error() string { return e.err.Error() }
func (e *keyed) Unwrap() error { return e.err }

func fail(key string, params map[string]string, format string, args ...any) error {
	return &keyed{err: fmt.Errorf(format, args...), key: key, params: params}
}

// tooLarge is the refusal of a file over limit bytes.
func tooLarge(limit int64) error {
	return fail(importer.ErrKeyTooLarge, nil, "the feed is larger than %d bytes: %w", limit, importer.ErrTooLarge)
}

// spool copies body, at most feed.MaxBody bytes, into a temporary file
// (removed once closed: it is unlinked at once), hashing it.
func spool(body io.Reader, limit int64) (*os.File, answer, error) {
	tmp, err := os.CreateTemp("", "immo-feed-*")
	if err != nil {
		return nil, answer{}, err
	}
	os.Remove(tmp.Name()) // gone once closed
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(tmp, h), io.LimitReader(body, limit+1))
	if err != nil {
		return tmp, answer{retry: true}, fail("read", nil, "reading the feed: %v", err)
	}
	if n > limit {
		return tmp, answer{}, tooLarge(limit)
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return tmp, answer{}, err
	}
	return tmp, answer{hash: hex.EncodeToString(h.Sum(nil)), keep: true}, nil
}
