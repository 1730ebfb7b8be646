package respond_test

import (
	"context"
	"html/template"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"immo/internal/http/web/respond"
	"immo/internal/http/web/ssr"
)

// heldRenderer renders once its gate is opened, and counts its renders.
type heldRenderer struct {
	gate    chan struct{}
	calls   atomic.Int32
	started chan struct{} // a value per render begun
}

func newHeldRenderer() *heldRenderer {
	return &heldRenderer{gate: make(chan struct{}), started: make(chan struct{}, 100)}
}

func (r *heldRenderer) Render(ctx context.Context, page []byte) (ssr.Result, error) {
	r.calls.Add(1)
	r.started <- struct{}{}
	select {
	case <-r.gate:
	case <-ctx.Done():
		return ssr.Result{}, ctx.Err()
	}
	return ssr.Result{Body: "<main>rendered</main>"}, nil
}

// site is a one-page entry whose page reads a version the test moves, and
// whose generation moves with it.
type site struct {
	rs      *respond.Responder
	h       http.Handler
	gen     atomic.Int64
	content atomic.Value // string: what the page shows
	live    atomic.Bool  // the page shows live availability (Page.Live)
}

// testLimit is a render's timeout and the wait for a render slot in these
// tests, unless one sets its own: their renderers answer when the test
// says, which a machine running another test suite may delay many times
// the defaults (2 s, 1.5 s).
const testLimit = 5 * time.Minute

func newSite(t *testing.T, r ssr.Renderer, o respond.Options) *site {
	t.Helper()
	if o.RenderTimeout == 0 {
		o.RenderTimeout = testLimit
	}
	if o.QueueWait == 0 {
		o.QueueWait = testLimit
	}
	s := &site{}
	s.content.Store("v1")
	o.Renderer, o.Version = r, "build-1"
	o.Generation = func() string { return string(rune('a' + s.gen.Load())) }
	page := func(uri string) respond.Page {
		return respond.Page{View: "List", Lang: "fr", Cacheable: true, CacheQuery: "", Live: s.live.Load(),
			Props: map[string]string{"content": s.content.Load().(string)},
			Head:  func() template.HTML { return "<title>List</title>" }}
	}
	o.Refresh = func(uri string) (respond.Page, bool) { return page(uri), true }
	s.rs = respond.New(o)
	s.h = s.rs.Protocol(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		s.rs.Render(w, req, page(req.URL.RequestURI()))
	}))
	return s
}

func isRendered(body string) bool { return strings.Contains(body, "<main>rendered</main>") }

// Visitors asking at once for a page no cache holds share one render.
func TestConcurrentColdRequestsShareOneRender(t *testing.T) {
	r := newHeldRenderer()
	s := newSite(t, r, respond.Options{})
	var wg sync.WaitGroup
	bodies := make([]string, 8)
	for i := range bodies {
		wg.Go(func() { bodies[i] = do(s.h, "GET", "/list/?utm_source=x&n="+string(rune('0'+i)), nil).Body.String() })
	}
	<-r.started
	time.Sleep(50 * time.Millisecond) // the others join the render in progress
	close(r.gate)
	wg.Wait()
	for i, b := range bodies {
		if !isRendered(b) {
			t.Fatalf("visitor %d got the shell", i)
		}
	}
	if n := r.calls.Load(); n != 1 {
		t.Fatalf("%d renders for 8 visitors of one page, want 1", n)
	}
}

// A new generation (an import) whose page object is unchanged costs no
// render; a changed one does.
func TestNewGenerationRendersOnlyChangedPages(t *testing.T) {
	var calls atomic.Int32
	s := newSite(t, countingRenderer{&calls}, respond.Options{})
	do(s.h, "GET", "/list/", nil)
	s.gen.Add(1)
	if rec := do(s.h, "GET", "/list/", nil); rec.Code != 200 || calls.Load() != 1 {
		t.Fatalf("an unchanged page after a new generation: %d renders, want 1", calls.Load())
	}
	if fresh, stale := s.rs.CacheCounts(); fresh != 1 || stale != 0 {
		t.Fatalf("the unchanged page is not current again: %d fresh, %d stale", fresh, stale)
	}
	s.content.Store("v2")
	s.gen.Add(1)
	if body := do(s.h, "GET", "/list/", nil).Body.String(); !strings.Contains(body, "v2") || calls.Load() != 2 {
		t.Fatalf("a changed page: %d renders, want 2", calls.Load())
	}
}

type countingRenderer struct{ calls *atomic.Int32 }

func (c countingRenderer) Render(context.Context, []byte) (ssr.Result, error) {
	c.calls.Add(1)
	return ssr.Result{Body: "<main>rendered</main>"}, nil
}

// While every render slot is busy, a visitor waits for one rather than
// getting the shell; past the bounded queue a visitor gets the shell,
// which is not stored; while the slots are busy, a page rendered before
// answers at once with its last render, and is rendered anew after.
func TestSaturatedRendersQueueThenShell(t *testing.T) {
	r := newHeldRenderer()
	s := newSite(t, r, respond.Options{RenderSlots: 1, QueueMax: 1})
	results := make(chan string, 3)
	go func() { results <- do(s.h, "GET", "/a/", nil).Body.String() }()
	<-r.started // /a/ holds the one slot
	go func() { results <- do(s.h, "GET", "/b/", nil).Body.String() }()
	waitFor(t, func() bool { return queued(s) })
	// The queue (1) is full: the third visitor gets the shell at once.
	if body := do(s.h, "GET", "/c/", nil).Body.String(); isRendered(body) || !strings.Contains(body, `<div id="app"></div>`) {
		t.Fatal("past the queue: want the shell")
	}
	close(r.gate)
	for range 2 {
		if body := <-results; !isRendered(body) {
			t.Fatal("a queued visitor got the shell instead of waiting for a slot")
		}
	}
	if _, ok := s.rs.Cached("/c/", ""); ok {
		t.Fatal("the shell was stored")
	}
	if body := do(s.h, "GET", "/c/", nil).Body.String(); !isRendered(body) {
		t.Fatal("after the shell, the next visit renders")
	}
}

// queued reports whether a render waits for a slot (the test's second
// visitor), seen as a request in the queue: the responder's stats.
func queued(s *site) bool { return s.rs.RenderStats().Waiting > 0 }

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(testLimit); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if ok() {
			return
		}
	}
	t.Fatal("timed out")
}

// While the slots are busy, an address rendered before answers at once with
// its last render, and a background render replaces it once a slot is free.
func TestLastRenderWhileSaturated(t *testing.T) {
	r := newHeldRenderer()
	s := newSite(t, r, respond.Options{RenderSlots: 1})
	go func() { do(s.h, "GET", "/list/", nil) }()
	<-r.started
	r.gate <- struct{}{} // let exactly this render through
	waitFor(t, func() bool { _, ok := s.rs.Cached("/list/", ""); return ok })

	s.content.Store("v2")
	s.gen.Add(1)
	busy := make(chan string, 1)
	go func() { busy <- do(s.h, "GET", "/other/", nil).Body.String() }()
	<-r.started // /other/ holds the slot, until the gate opens
	// "At once": before the slot is free, and without queueing for it.
	answer := make(chan string, 1)
	go func() { answer <- do(s.h, "GET", "/list/", nil).Body.String() }()
	var body string
	for body == "" {
		select {
		case body = <-answer:
		default:
			if queued(s) {
				t.Fatal("while saturated: a page rendered before waits for a slot instead of answering its last render")
			}
			time.Sleep(time.Millisecond)
		}
	}
	if !isRendered(body) || !strings.Contains(body, "v1") {
		t.Fatalf("while saturated: want the last render (v1) at once, got:\n%.300s", body)
	}
	close(r.gate)
	<-busy
	s.rs.WaitRefresh()
	if body := do(s.h, "GET", "/list/", nil).Body.String(); !strings.Contains(body, "v2") {
		t.Fatal("the background render did not replace the last render")
	}
}

// A page showing live availability (a property's free visit slots) is
// never answered from a render of an earlier version while the renders are
// saturated: it waits for a slot and shows today's data.
func TestLivePageNotFromLastRender(t *testing.T) {
	r := newHeldRenderer()
	s := newSite(t, r, respond.Options{RenderSlots: 1})
	s.live.Store(true)
	go func() { do(s.h, "GET", "/list/", nil) }()
	<-r.started
	r.gate <- struct{}{}
	waitFor(t, func() bool { _, ok := s.rs.Cached("/list/", ""); return ok })

	s.content.Store("v2") // a slot booked: a new version
	s.gen.Add(1)
	busy := make(chan string, 1)
	go func() { busy <- do(s.h, "GET", "/other/", nil).Body.String() }()
	<-r.started
	answer := make(chan string, 1)
	go func() { answer <- do(s.h, "GET", "/list/", nil).Body.String() }()
	for !queued(s) {
		select {
		case body := <-answer:
			t.Fatalf("while saturated, a live page answered before a render:\n%.300s", body)
		default:
			time.Sleep(time.Millisecond)
		}
	}
	close(r.gate)
	<-busy
	if body := <-answer; strings.Contains(body, "v1") || !strings.Contains(body, "v2") {
		t.Fatalf("a live page from an earlier render:\n%.300s", body)
	}
}
