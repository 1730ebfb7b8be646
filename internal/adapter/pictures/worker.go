package pictures

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"
)

// ErrUnknownSource is returned by an Opener for a source it does not hold
// (a picture on a CDN, say): the worker skips it.
var ErrUnknownSource = errors.New("pictures: unknown source")

// Opener returns the original bytes of the picture at source.
type Opener func(source string) ([]byte, error)

// FSOpener opens the sources under prefix (like "/pictures/demo/") from
// fsys; any other source is ErrUnknownSource. It never reads outside fsys.
func FSOpener(prefix string, fsys fs.FS) Opener {
	return func(source string) ([]byte, error) {
		name, ok := strings.CutPrefix(source, prefix)
		if !ok || !fs.ValidPath(name) || name == "." {
			return nil, ErrUnknownSource
		}
		b, err := fs.ReadFile(fsys, name)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, ErrUnknownSource
		}
		return b, err
	}
}

// Result is what the worker did for one source.
type Result struct {
	Made     int           // variants made and stored
	Existing int           // variants already stored
	Skipped  string        // why nothing was made, when it was not even tried
	Took     time.Duration // time spent making variants
}

// Worker makes the missing variants of the pictures it is given, one
// picture at a time on one low-priority goroutine, so that the site stays
// responsive while it works. It is idempotent (what is stored is skipped)
// and safe when several servers run it on one database at once (a variant
// another server stored first is kept).
type Worker struct {
	store Store
	open  Opener
	log   *slog.Logger
	// Now is the clock stamping variants; time.Now unless a test sets it
	// before Run.
	Now func() time.Time

	mu      sync.Mutex
	queue   []string
	queued  map[string]bool
	pending int           // queued plus in progress
	drained chan struct{} // closed when pending drops to 0
	wake    chan struct{}
	stats   struct {
		sources, made int
		took          time.Duration
	}
}

// NewWorker returns a worker storing into store the variants of the
// pictures open gives.
func NewWorker(store Store, open Opener, log *slog.Logger) *Worker {
	drained := make(chan struct{})
	close(drained)
	return &Worker{
		store: store, open: open, log: log, Now: time.Now,
		queued: map[string]bool{}, drained: drained, wake: make(chan struct{}, 1),
	}
}

// Enqueue adds sources to the queue, in order, skipping those already
// waiting. It never blocks; Run does the work.
func (w *Worker) Enqueue(sources ...string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, s := range sources {
		if s == "" || w.queued[s] {
			continue
		}
		w.queued[s] = true
		w.queue = append(w.queue, s)
		n++
	}
	w.added(n)
}

// EnqueueFirst queues sources ahead of every other, in order, moving those
// already waiting: an editor's new picture is made next, not after the
// catalog's hundreds a first start queues. It never blocks.
func (w *Worker) EnqueueFirst(sources ...string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	first := make([]string, 0, len(sources))
	moved := map[string]bool{}
	n := 0
	for _, s := range sources {
		if s == "" || moved[s] {
			continue
		}
		moved[s] = true
		first = append(first, s)
		if !w.queued[s] {
			w.queued[s] = true
			n++
		}
	}
	rest := slices.DeleteFunc(w.queue, func(s string) bool { return moved[s] })
	w.queue = append(first, rest...)
	w.added(n)
}

// added counts n sources just queued and wakes Run; w.mu is held.
func (w *Worker) added(n int) {
	if n == 0 {
		return
	}
	if w.pending == 0 {
		w.drained = make(chan struct{})
	}
	w.pending += n
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Wait blocks until the queue is empty and nothing is in progress, or ctx
// ends.
func (w *Worker) Wait(ctx context.Context) error {
	w.mu.Lock()
	ch := w.drained
	w.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Run works through the queue until ctx ends. Call it once, on its own
// goroutine: it lowers the priority of the thread it runs on, which is
// discarded when Run returns.
func (w *Worker) Run(ctx context.Context) {
	lowerPriority(w.log)
	w.log.Info("picture worker started", "webp", WebPEncoder())
	for {
		source, ok := w.next(ctx)
		if !ok {
			return
		}
		res, err := w.Make(ctx, source)
		w.done(source, res, err)
	}
}

// next waits for a queued source.
func (w *Worker) next(ctx context.Context) (string, bool) {
	for {
		w.mu.Lock()
		if len(w.queue) > 0 {
			s := w.queue[0]
			w.queue = w.queue[1:]
			delete(w.queued, s)
			w.mu.Unlock()
			return s, true
		}
		w.mu.Unlock()
		select {
		case <-ctx.Done():
			return "", false
		case <-w.wake:
		}
	}
}

// done logs the outcome for source and settles the counts.
func (w *Worker) done(source string, res Result, err error) {
	switch {
	case errors.Is(err, context.Canceled):
	case err != nil:
		w.log.Warn("picture variants failed", "source", source, "err", err)
	case res.Made > 0:
		w.log.Info("picture variants made", "source", source, "made", res.Made, "took", res.Took.Round(time.Millisecond))
	}
	w.mu.Lock()
	if res.Made > 0 {
		w.stats.sources++
		w.stats.made += res.Made
		w.stats.took += res.Took
	}
	w.pending--
	drained := w.pending == 0
	stats, ch := w.stats, w.drained
	if drained {
		w.stats.sources, w.stats.made, w.stats.took = 0, 0, 0
	}
	w.mu.Unlock()
	if !drained {
		return
	}
	if stats.made > 0 {
		w.log.Info("picture variants up to date", "pictures", stats.sources, "variants", stats.made,
			"took", stats.took.Round(time.Millisecond))
	}
	// Logged first, so whoever Waits sees the summary.
	close(ch)
}

// Make makes and stores the missing variants of one source, now, on the
// calling goroutine.
func (w *Worker) Make(ctx context.Context, source string) (Result, error) {
	if !Variable(source) {
		return Result{Skipped: "not a JPEG"}, nil
	}
	data, err := w.open(source)
	if errors.Is(err, ErrUnknownSource) {
		return Result{Skipped: "not ours"}, nil
	}
	if err != nil {
		return Result{}, fmt.Errorf("open: %w", err)
	}
	width, height, format, err := Size(data)
	if err != nil {
		return Result{}, fmt.Errorf("read size: %w", err)
	}
	if format != "jpeg" {
		return Result{Skipped: "a " + format + ", not a JPEG"}, nil
	}
	if width*height > MaxPixels {
		return Result{Skipped: fmt.Sprintf("%d×%d is over %d pixels", width, height, MaxPixels)}, nil
	}

	original := Fingerprint(data)
	stored, err := w.store.ListVariants(ctx, source)
	if err != nil {
		return Result{}, err
	}
	have := map[Want]bool{}
	for _, v := range stored {
		if v.Original == original {
			have[Want{v.Width, v.Format}] = true
		}
	}
	var res Result
	var want []Want
	for _, tw := range Targets(width) {
		for _, f := range Formats {
			if have[Want{tw, f}] {
				res.Existing++
			} else {
				want = append(want, Want{tw, f})
			}
		}
	}
	if len(want) == 0 {
		return res, nil
	}

	start := w.Now()
	vs, err := Render(ctx, data, want)
	if err != nil {
		return res, err
	}
	created := w.Now()
	for i := range vs {
		vs[i].Source, vs[i].Created = source, created
	}
	if err := w.store.PutVariants(ctx, vs); err != nil {
		return res, err
	}
	res.Made, res.Took = len(vs), created.Sub(start)
	return res, nil
}
