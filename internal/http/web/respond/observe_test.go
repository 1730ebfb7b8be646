package respond_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"immo/internal/http/reqkind"
	"immo/internal/http/web/respond"
	"immo/internal/http/web/ssr"
)

type heard struct {
	mu      sync.Mutex
	sources []respond.Source
	renders []bool
}

func (h *heard) Served(s respond.Source) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.sources = append(h.sources, s)
}
func (h *heard) Rendered(wait, took time.Duration, ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if wait < 0 || took < 0 {
		panic("negative durations")
	}
	h.renders = append(h.renders, ok)
}

// failingRenderer fails every render.
type failingRenderer struct{}

func (failingRenderer) Render(context.Context, []byte) (ssr.Result, error) {
	return ssr.Result{}, context.DeadlineExceeded
}

// The responder tells the operator's metrics how each visitor's document
// came and how long each render took, and names the request's kind (its
// view) for the edge — a cache hit too, which never resolves the page.
func TestObserverHearsSourcesAndRenders(t *testing.T) {
	h := &heard{}
	var calls atomic.Int32
	s := newSite(t, countingRenderer{&calls}, respond.Options{Observer: h})
	kinds := []string{}
	get := func() {
		ctx, note := reqkind.With(context.Background())
		r := httptest.NewRequest("GET", "/list/", nil).WithContext(ctx)
		rec := httptest.NewRecorder()
		s.h.ServeHTTP(rec, r)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET: %d", rec.Code)
		}
		kinds = append(kinds, note.Kind())
	}
	get() // rendered
	get() // from the cache
	if len(h.sources) != 2 || h.sources[0] != respond.SourceRendered || h.sources[1] != respond.SourceCache {
		t.Errorf("sources %v, want rendered then cache", h.sources)
	}
	if len(h.renders) != 1 || !h.renders[0] {
		t.Errorf("renders %v, want one that gave the page", h.renders)
	}
	if kinds[0] != "List" || kinds[1] != "List" {
		t.Errorf("kinds %q, want the view on both", kinds)
	}

	f := &heard{}
	failing := newSite(t, failingRenderer{}, respond.Options{Observer: f})
	do(failing.h, "GET", "/list/", nil)
	if len(f.sources) != 1 || f.sources[0] != respond.SourceShell || len(f.renders) != 1 || f.renders[0] {
		t.Errorf("a failed render: sources %v, renders %v; want the shell and one failed render", f.sources, f.renders)
	}
}
