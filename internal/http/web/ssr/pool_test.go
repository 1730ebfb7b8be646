package ssr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// testBundle stands in for the React bundle: it behaves by page.component.
const testBundle = `
globalThis.immoRender = function (json) {
  var page = JSON.parse(json);
  switch (page.component) {
  case 'Loop':
    for (;;) {}
  case 'Throw':
    throw new Error('boom');
  case 'NotString':
    return 42;
  case 'Count':
    globalThis.n = (globalThis.n || 0) + 1;
    return String(globalThis.n);
  case 'Log':
    __immoLog('warn', 'hello from js');
    break;
  case 'Job':
    Promise.resolve().then(function () { globalThis.jobRan = true; });
    break;
  case 'JobRan':
    return String(!!globalThis.jobRan);
  }
  return '<p>' + page.props.title + '</p>';
};
`

// testLimit is the render timeout and engine wait of a test's pool unless
// the test sets its own: a machine running another test suite on the same
// cores may take many times the defaults (2 s, 100 ms) for a render, and
// only a render that hangs should fail a test.
const testLimit = 5 * time.Minute

func newTestPool(t testing.TB, size int, opts ...Option) *Pool {
	t.Helper()
	p, err := NewPool([]byte(testBundle), size, append([]Option{WithTimeout(testLimit), WithWait(testLimit)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func page(component, title string) []byte {
	return fmt.Appendf(nil, `{"component":%q,"props":{"title":%q},"url":"/","version":"v1"}`, component, title)
}

func TestRender(t *testing.T) {
	p := newTestPool(t, 1)
	res, err := p.Render(context.Background(), page("Home", "Hello é"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Body != "<p>Hello é</p>" {
		t.Fatalf("got %+v", res)
	}
	if s := p.Stats(); s.Renders != 1 || s.Errors != 0 || s.Size != 1 || s.Idle != 1 {
		t.Fatalf("stats %+v", s)
	}
}

func TestTimeoutReplacesEngine(t *testing.T) {
	// The loop never ends: returning at all is the interruption (how soon
	// after 200 ms depends on the machine's load).
	p := newTestPool(t, 1, WithTimeout(200*time.Millisecond))
	start := time.Now()
	_, err := p.Render(context.Background(), page("Loop", ""))
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	if d := time.Since(start); d < 200*time.Millisecond {
		t.Fatalf("interrupted after %v, before its 200ms deadline", d)
	}
	res, err := p.Render(context.Background(), page("Home", "after"))
	if err != nil || res.Body != "<p>after</p>" {
		t.Fatalf("after timeout: %+v, %v", res, err)
	}
	if s := p.Stats(); s.Timeouts != 1 || s.Errors != 1 || s.Replaced != 1 || s.Renders != 1 {
		t.Fatalf("stats %+v", s)
	}
}

func TestContextCancelInterrupts(t *testing.T) {
	// The pool's own timeout (testLimit) is far: the context's deadline
	// interrupts the loop, as DeadlineExceeded says.
	p := newTestPool(t, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := p.Render(ctx, page("Loop", ""))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want context.DeadlineExceeded", err)
	}
	if _, err := p.Render(context.Background(), page("Home", "x")); err != nil {
		t.Fatal(err)
	}
}

func TestContextCanceled(t *testing.T) {
	p := newTestPool(t, 1)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	_, err := p.Render(ctx, page("Loop", ""))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if _, err := p.Render(ctx, page("Home", "x")); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled for a canceled context", err)
	}
	if _, err := p.Render(context.Background(), page("Home", "x")); err != nil {
		t.Fatal(err)
	}
}

func TestErrorReplacesEngine(t *testing.T) {
	p := newTestPool(t, 1)
	ctx := context.Background()
	if res, _ := p.Render(ctx, page("Count", "")); res.Body != "1" {
		t.Fatalf("first count %q", res.Body)
	}
	if res, _ := p.Render(ctx, page("Count", "")); res.Body != "2" {
		t.Fatalf("second count %q", res.Body)
	}
	_, err := p.Render(ctx, page("Throw", ""))
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("err = %v, want the JS error", err)
	}
	// A fresh engine starts counting again.
	if res, err := p.Render(ctx, page("Count", "")); err != nil || res.Body != "1" {
		t.Fatalf("after error: %+v, %v", res, err)
	}
	if _, err := p.Render(ctx, page("NotString", "")); err == nil {
		t.Fatal("a non-string result must be an error")
	}
	if _, err := p.Render(ctx, []byte("{not json")); err == nil {
		t.Fatal("a bad page must be an error")
	}
}

func TestMaxRenders(t *testing.T) {
	p := newTestPool(t, 1, WithMaxRenders(2))
	var got []string
	for range 3 {
		res, err := p.Render(context.Background(), page("Count", ""))
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, res.Body)
	}
	if strings.Join(got, ",") != "1,2,1" {
		t.Fatalf("got %v, want the engine recycled after 2 renders", got)
	}
}

func TestBusy(t *testing.T) {
	// The one engine loops until the test ends it (its context), whatever
	// the machine's load; the pool's wait (50 ms) then ends in ErrBusy.
	p := newTestPool(t, 1, WithWait(50*time.Millisecond))
	loop, end := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { p.Render(loop, page("Loop", "")) })
	for p.Stats().Idle != 0 { // the loop holds the engine
		time.Sleep(time.Millisecond)
	}
	start := time.Now()
	_, err := p.Render(context.Background(), page("Home", "x"))
	if !errors.Is(err, ErrBusy) {
		t.Fatalf("err = %v, want ErrBusy", err)
	}
	if d := time.Since(start); d < 50*time.Millisecond {
		t.Fatalf("gave up after %v, before its 50ms wait", d)
	}
	end()
	wg.Wait()
	if s := p.Stats(); s.Busy != 1 {
		t.Fatalf("stats %+v", s)
	}
}

func TestConcurrent(t *testing.T) {
	p := newTestPool(t, 4)
	var wg sync.WaitGroup
	errs := make(chan error, 64*10)
	for g := range 64 {
		wg.Go(func() {
			for i := range 10 {
				title := fmt.Sprintf("g%d-%d", g, i)
				res, err := p.Render(context.Background(), page("Home", title))
				if err != nil {
					errs <- err
				} else if res.Body != "<p>"+title+"</p>" {
					errs <- fmt.Errorf("got %q for %q", res.Body, title)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	// Renders at once start engines, up to the pool's 4 (how many depends
	// on the machine's pace); every one is free once those starting loaded.
	s := waitStats(t, p, func(s Stats) bool { return s.Idle == s.Engines })
	if s.Renders != 640 || s.Engines < 1 || s.Engines > 4 {
		t.Fatalf("stats %+v", s)
	}
}

// waitStats polls p's counters until ok holds (engines start and close in
// the background), failing after testLimit.
func waitStats(t *testing.T, p *Pool, ok func(Stats) bool) Stats {
	t.Helper()
	deadline := time.Now().Add(testLimit)
	for {
		s := p.Stats()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("stats %+v", s)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// holdEngine takes one engine with an endless render until the returned
// function ends it.
func holdEngine(t *testing.T, p *Pool) (end func()) {
	t.Helper()
	idle := p.Stats().Idle
	loop, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { p.Render(loop, page("Loop", "")) })
	waitStats(t, p, func(s Stats) bool { return s.Idle < idle })
	return func() { cancel(); wg.Wait() }
}

func TestEnginesStartWhenRendersComeAtOnce(t *testing.T) {
	// The pool's wait for a free engine is short; the render that starts an
	// engine waits for it all the same (up to a render's time).
	p := newTestPool(t, 2, WithWait(time.Nanosecond))
	if s := p.Stats(); s.Size != 2 || s.Engines != 1 {
		t.Fatalf("a new pool runs one engine of its 2: %+v", s)
	}
	end := holdEngine(t, p)
	defer end()
	// The one engine is busy: the pool starts its second for this render.
	res, err := p.Render(context.Background(), page("Home", "second"))
	if err != nil || res.Body != "<p>second</p>" {
		t.Fatalf("%+v, %v", res, err)
	}
	if s := p.Stats(); s.Engines != 2 {
		t.Fatalf("stats %+v", s)
	}
}

func TestIdleEnginesClose(t *testing.T) {
	p := newTestPool(t, 3, WithIdleEngines(1, 20*time.Millisecond))
	end := holdEngine(t, p)
	if _, err := p.Render(context.Background(), page("Home", "x")); err != nil {
		t.Fatal(err)
	}
	// The second engine idles and closes; the busy one is not touched.
	s := waitStats(t, p, func(s Stats) bool { return s.Closed == 1 })
	if s.Engines != 1 || s.Idle != 0 {
		t.Fatalf("the idle engine closed, the busy one kept: %+v", s)
	}
	end()
	// Back to the one engine kept, which still renders.
	res, err := p.Render(context.Background(), page("Home", "kept"))
	if err != nil || res.Body != "<p>kept</p>" {
		t.Fatalf("%+v, %v", res, err)
	}
	// (The interrupted engine's replacement may still be loading when
	// that render comes: then the pool starts another, which idles out.)
	waitStats(t, p, func(s Stats) bool { return s.Engines == 1 && s.Idle == 1 })
	time.Sleep(50 * time.Millisecond) // idle longer than 20 ms: kept all the same
	if s := p.Stats(); s.Engines != 1 || s.Idle != 1 {
		t.Fatalf("the pool keeps one engine: %+v", s)
	}
}

func TestPendingJobsDrained(t *testing.T) {
	p := newTestPool(t, 1)
	if _, err := p.Render(context.Background(), page("Job", "")); err != nil {
		t.Fatal(err)
	}
	res, err := p.Render(context.Background(), page("JobRan", ""))
	if err != nil || res.Body != "true" {
		t.Fatalf("%+v, %v", res, err)
	}
}

func TestLog(t *testing.T) {
	var buf bytes.Buffer
	var mu sync.Mutex
	logger := slog.New(slog.NewTextHandler(&lockedWriter{w: &buf, mu: &mu}, nil))
	p := newTestPool(t, 1, WithLogger(logger))
	if _, err := p.Render(context.Background(), page("Log", "")); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(buf.String(), "level=WARN") || !strings.Contains(buf.String(), "hello from js") {
		t.Fatalf("log: %s", buf.String())
	}
}

type lockedWriter struct {
	w  *bytes.Buffer
	mu *sync.Mutex
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

func TestClose(t *testing.T) {
	p := newTestPool(t, 2)
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Render(context.Background(), page("Home", "x")); !errors.Is(err, ErrClosed) {
		t.Fatalf("err = %v, want ErrClosed", err)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestNewPoolBadBundle(t *testing.T) {
	if _, err := NewPool([]byte("this is not javascript ("), 1); err == nil {
		t.Fatal("a syntax error must fail NewPool")
	}
	if _, err := NewPool([]byte("globalThis.x = 1"), 1); err == nil || !strings.Contains(err.Error(), RenderFunc) {
		t.Fatalf("err = %v, want a missing %s", err, RenderFunc)
	}
	if _, err := NewPool([]byte("throw new Error('at load')"), 1); err == nil {
		t.Fatal("a throwing bundle must fail NewPool")
	}
}

func TestAppHTML(t *testing.T) {
	pg := []byte(`{"component":"Home","props":{"t":"</script><!-- & >"},"url":"/","version":"v"}`)
	got := string(AppHTML(Result{Body: "<p>x</p>"}, pg))
	want := `<div id="app"><p>x</p></div><script type="application/json" id="page">` +
		`{"component":"Home","props":{"t":"\u003c/script\u003e\u003c!-- \u0026 \u003e"},"url":"/","version":"v"}</script>`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	if shell := string(AppHTML(Result{}, []byte(`{}`))); !strings.HasPrefix(shell, `<div id="app"></div>`) {
		t.Fatalf("shell %s", shell)
	}
	if _, err := (Disabled{}).Render(context.Background(), pg); !errors.Is(err, ErrDisabled) {
		t.Fatal(err)
	}
}
