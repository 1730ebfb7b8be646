package ssr

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"modernc.org/quickjs"
)

// RenderFunc is the global function the server bundle defines.
const RenderFunc = "immoRender"

// logFunc is the Go function the bundle's console shim calls.
const logFunc = "__immoLog"

// loadTimeout bounds evaluating the bundle in a new engine.
const loadTimeout = 30 * time.Second

type options struct {
	timeout     time.Duration
	wait        time.Duration
	memoryLimit uintptr
	maxRenders  int
	keep        int
	idleAfter   time.Duration
	logger      *slog.Logger
}

// Option configures a Pool.
type Option func(*options)

// WithTimeout sets the deadline of one render (default 2 s). A render that
// runs longer is interrupted, its engine discarded and replaced.
func WithTimeout(d time.Duration) Option { return func(o *options) { o.timeout = d } }

// WithWait sets how long Render waits for a free engine before it returns
// ErrBusy (default 100 ms).
func WithWait(d time.Duration) Option { return func(o *options) { o.wait = d } }

// WithMemoryLimit caps the memory of each engine (default 256 MiB); a render
// that needs more fails.
func WithMemoryLimit(bytes uintptr) Option { return func(o *options) { o.memoryLimit = bytes } }

// WithMaxRenders replaces an engine after that many renders (default
// 10000), bounding whatever a long-lived JS heap might accumulate.
func WithMaxRenders(n int) Option { return func(o *options) { o.maxRenders = n } }

// WithIdleEngines keeps keep engines at least (default 1) and closes the
// others once idle for after (default a minute). The pool starts with keep
// engines and starts another, up to its size, when a render finds none
// free: an engine holds ~9 MiB of C memory, most of a small site's, while
// one engine renders a pre-render pass or a crawler's walk (issue #35).
func WithIdleEngines(keep int, after time.Duration) Option {
	return func(o *options) { o.keep, o.idleAfter = keep, after }
}

// WithLogger receives the bundle's console output and the pool's own
// messages (default slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(o *options) { o.logger = l } }

// Stats are counters of a Pool since it started.
type Stats struct {
	Size     int    // the most engines the pool runs at once
	Engines  int    // engines running or starting now
	Idle     int    // engines free right now
	Renders  uint64 // successful renders
	Errors   uint64 // renders that failed in the engine (JS error, timeout, cancel)
	Timeouts uint64 // of those, renders interrupted at their deadline
	Busy     uint64 // Render calls that found no free engine in time
	Replaced uint64 // engines discarded and replaced
	Closed   uint64 // engines closed when idle
}

// Pool is a Renderer over at most size QuickJS engines, each loaded with
// the server bundle once. An engine serves one render at a time.
type Pool struct {
	bytecode []byte
	opts     options
	idle     chan *engine
	size     int

	mu      sync.Mutex
	closed  bool
	engines int         // running or starting
	reaper  *time.Timer // closes the engines idle too long; nil while none is above keep
	done    chan struct{}
	wg      sync.WaitGroup // engines starting

	renders, errors, timeouts, busy, replaced, reaped atomic.Uint64
}

var _ Renderer = (*Pool)(nil)

type engine struct {
	vm      *quickjs.VM
	renders int
	freed   time.Time // when it last went back to the pool
}

// NewPool compiles bundle, the server bundle's source, and starts the
// engines it keeps (WithIdleEngines), loading the bundle into each; it
// runs up to size engines (runtime.GOMAXPROCS(0) when size <= 0) when
// renders come at once. It fails when the bundle does not load or does not
// define immoRender.
func NewPool(bundle []byte, size int, opts ...Option) (*Pool, error) {
	o := options{
		timeout:     2 * time.Second,
		wait:        100 * time.Millisecond,
		memoryLimit: 256 << 20,
		maxRenders:  10000,
		keep:        1,
		idleAfter:   time.Minute,
		logger:      slog.Default(),
	}
	for _, opt := range opts {
		opt(&o)
	}
	if size <= 0 {
		size = runtime.GOMAXPROCS(0)
	}
	o.keep = min(max(o.keep, 1), size)
	p := &Pool{opts: o, idle: make(chan *engine, size), size: size, done: make(chan struct{})}

	// Compile once; every engine then loads the bytecode.
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, fmt.Errorf("ssr: %w", err)
	}
	vm.SetEvalTimeout(loadTimeout)
	p.bytecode, err = vm.Compile(string(bundle), quickjs.EvalGlobal)
	vm.Close()
	if err != nil {
		return nil, fmt.Errorf("ssr: compile bundle: %w", err)
	}

	engines := make([]*engine, o.keep)
	errs := make([]error, o.keep)
	var wg sync.WaitGroup
	for i := range engines {
		wg.Go(func() { engines[i], errs[i] = p.newEngine() })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		for _, e := range engines {
			if e != nil {
				e.close()
			}
		}
		return nil, err
	}
	p.engines = len(engines)
	for _, e := range engines {
		e.freed = time.Now()
		p.idle <- e
	}
	return p, nil
}

func (p *Pool) newEngine() (_ *engine, err error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, fmt.Errorf("ssr: new engine: %w", err)
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("ssr: load bundle: panic: %v", r)
		}
		if err != nil {
			vm.Close()
		}
	}()
	vm.SetMemoryLimit(p.opts.memoryLimit)
	vm.SetEvalTimeout(loadTimeout)
	logger := p.opts.logger
	if err := vm.RegisterFunc(logFunc, func(level, msg string) {
		lvl := slog.LevelInfo
		switch level {
		case "error":
			lvl = slog.LevelError
		case "warn":
			lvl = slog.LevelWarn
		case "debug":
			lvl = slog.LevelDebug
		}
		logger.Log(context.Background(), lvl, msg, "source", "ssr-bundle")
	}, false); err != nil {
		return nil, fmt.Errorf("ssr: register %s: %w", logFunc, err)
	}
	if _, err := vm.EvalBytecode(p.bytecode); err != nil {
		return nil, fmt.Errorf("ssr: load bundle: %w", err)
	}
	if _, err := vm.ExecutePendingJobs(); err != nil {
		return nil, fmt.Errorf("ssr: load bundle: %w", err)
	}
	kind, err := vm.Eval("typeof globalThis."+RenderFunc, quickjs.EvalGlobal)
	if err != nil {
		return nil, fmt.Errorf("ssr: load bundle: %w", err)
	}
	if kind != "function" {
		return nil, fmt.Errorf("ssr: the bundle does not define globalThis.%s", RenderFunc)
	}
	return &engine{vm: vm}, nil
}

func (e *engine) close() {
	defer func() { _ = recover() }() // an abandoned VM may panic; it is gone anyway
	e.vm.Close()
}

// Render renders page, the JSON text of an Inertia page object. It waits at
// most the pool's wait for a free engine (ErrBusy), and interrupts the render
// at the pool's timeout (ErrTimeout) or when ctx ends. Any failure discards
// the engine, which is replaced in the background.
func (p *Pool) Render(ctx context.Context, page []byte) (Result, error) {
	e, err := p.acquire(ctx)
	if err != nil {
		return Result{}, err
	}
	res, err := p.render(ctx, e, page)
	p.release(e, err == nil)
	if err != nil {
		p.errors.Add(1)
		if errors.Is(err, ErrTimeout) {
			p.timeouts.Add(1)
		}
		return Result{}, err
	}
	p.renders.Add(1)
	return res, nil
}

func (p *Pool) acquire(ctx context.Context) (*engine, error) {
	select {
	case <-p.done:
		return nil, ErrClosed
	case e := <-p.idle:
		return e, nil
	default:
	}
	wait := p.opts.wait
	if p.grow() {
		// The engine this render starts takes a moment to load (~0.1 s):
		// wait for it, or another to come free, up to a render's time.
		wait = max(wait, p.opts.timeout)
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case e := <-p.idle:
		return e, nil
	case <-t.C:
		p.busy.Add(1)
		return nil, ErrBusy
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-p.done:
		return nil, ErrClosed
	}
}

func (p *Pool) render(ctx context.Context, e *engine, page []byte) (res Result, err error) {
	timeout := p.opts.timeout
	ctxBound := false // the deadline is ctx's
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < timeout {
		timeout, ctxBound = time.Until(dl), true
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	if timeout <= 0 {
		return res, ErrTimeout
	}
	deadline := time.Now().Add(timeout)

	// Cancellation interrupts the engine. Interrupt must be over before the
	// engine goes back to the pool: the next call into the engine clears it.
	fired := make(chan struct{})
	stop := context.AfterFunc(ctx, func() { e.vm.Interrupt(); close(fired) })
	defer func() {
		if !stop() {
			<-fired
		}
	}()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("ssr: engine panic: %v", r)
		}
		if err != nil {
			switch {
			case ctx.Err() == context.Canceled:
				err = fmt.Errorf("%w: %w", context.Canceled, err)
			case !time.Now().Before(deadline) && ctxBound:
				err = fmt.Errorf("%w after %v (%w): %w", ErrTimeout, timeout.Round(time.Millisecond), context.DeadlineExceeded, err)
			case !time.Now().Before(deadline):
				err = fmt.Errorf("%w after %v: %w", ErrTimeout, timeout.Round(time.Millisecond), err)
			}
		}
	}()

	e.renders++
	e.vm.SetEvalTimeout(timeout)
	out, err := e.vm.Call(RenderFunc, string(page))
	if err != nil {
		return res, fmt.Errorf("ssr: render: %w", err)
	}
	// Drain promise jobs the render queued (none for React's synchronous
	// renderToString, but a queued job must not run during the next render).
	if left := time.Until(deadline); left > 0 {
		e.vm.SetEvalTimeout(left)
		if _, err := e.vm.ExecutePendingJobs(); err != nil {
			return res, fmt.Errorf("ssr: pending jobs: %w", err)
		}
	} else {
		return res, errors.New("no time left for pending jobs")
	}
	body, ok := out.(string)
	if !ok {
		return res, fmt.Errorf("ssr: %s returned %T, want a string", RenderFunc, out)
	}
	return Result{Body: body}, nil
}

// release returns e to the pool, or discards it and starts a replacement.
func (p *Pool) release(e *engine, ok bool) {
	if !ok || e.renders >= p.opts.maxRenders {
		e.close()
		p.replace()
		return
	}
	e.freed = time.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		e.close()
		return
	}
	p.idle <- e // never blocks: at most size engines exist
}

// grow starts one more engine, unless size run or start already: a render
// found none free. The engine goes to whichever render waits first. It
// reports whether it started one.
func (p *Pool) grow() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || p.engines >= p.size {
		return false
	}
	p.engines++
	p.start()
	if p.reaper == nil {
		p.reaper = time.AfterFunc(p.opts.idleAfter, p.reap)
	}
	return true
}

// reap closes the engines above keep that have been idle for the pool's
// idleAfter, and looks again later while engines above keep remain.
func (p *Pool) reap() {
	var gone []*engine
	defer func() { // outside the lock: freeing an engine takes a while
		for _, e := range gone {
			e.close()
		}
	}()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	var kept []*engine
	for p.engines > p.opts.keep {
		var e *engine
		select {
		case e = <-p.idle:
		default:
		}
		if e == nil {
			break
		}
		if time.Since(e.freed) < p.opts.idleAfter {
			kept = append(kept, e)
			continue
		}
		gone = append(gone, e)
		p.engines--
		p.reaped.Add(1)
	}
	for _, e := range kept {
		p.idle <- e
	}
	if p.engines > p.opts.keep {
		// Next when the longest idle of those kept is due (busy ones: a
		// whole idleAfter from now at the earliest).
		next := p.opts.idleAfter
		for _, e := range kept {
			next = min(next, p.opts.idleAfter-time.Since(e.freed))
		}
		p.reaper.Reset(max(next, time.Millisecond))
	} else {
		p.reaper = nil
	}
}

func (p *Pool) replace() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	p.replaced.Add(1)
	p.start()
}

// start loads an engine in the background, trying again until it loads or
// the pool closes, and hands it to the pool. p.mu is held.
func (p *Pool) start() {
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		backoff := 100 * time.Millisecond
		for {
			e, err := p.newEngine()
			if err == nil {
				e.freed = time.Now()
				p.mu.Lock()
				if p.closed {
					e.close()
				} else {
					p.idle <- e
				}
				p.mu.Unlock()
				return
			}
			p.opts.logger.Error("ssr: starting an engine failed", "err", err, "retry", backoff)
			select {
			case <-p.done:
				return
			case <-time.After(backoff):
			}
			backoff = min(2*backoff, 10*time.Second)
		}
	}()
}

// Size is the most engines the pool runs: how many renders run at once.
func (p *Pool) Size() int { return p.size }

// Stats returns the pool's counters.
func (p *Pool) Stats() Stats {
	p.mu.Lock()
	engines := p.engines
	p.mu.Unlock()
	return Stats{
		Size:     p.size,
		Engines:  engines,
		Idle:     len(p.idle),
		Renders:  p.renders.Load(),
		Errors:   p.errors.Load(),
		Timeouts: p.timeouts.Load(),
		Busy:     p.busy.Load(),
		Replaced: p.replaced.Load(),
		Closed:   p.reaped.Load(),
	}
}

// Close stops the pool: later renders return ErrClosed, idle engines are
// freed now, busy ones when their render ends.
func (p *Pool) Close() error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.closed = true
	close(p.done)
	if p.reaper != nil {
		p.reaper.Stop()
	}
	p.mu.Unlock()
	p.wg.Wait()
	for {
		select {
		case e := <-p.idle:
			e.close()
		default:
			return nil
		}
	}
}
