package web

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"immo/internal/domain/catalog"
	"immo/internal/http/web/ssr"
)

// saturatedRenderer answers ErrBusy to its next refuse calls, as the pool
// does when every engine stays busy, and renders the others.
type saturatedRenderer struct {
	fakeRenderer
	refuse atomic.Int32
}

func (s *saturatedRenderer) Render(ctx context.Context, page []byte) (ssr.Result, error) {
	if s.refuse.Add(-1) >= 0 {
		s.calls.Add(1)
		return ssr.Result{}, ssr.ErrBusy
	}
	return s.fakeRenderer.Render(ctx, page)
}

const shellApp = `<div id="app"></div>`

// A page served as the shell because the renderer is saturated is not
// stored: the next visit renders it.
func TestShellIsNeverCached(t *testing.T) {
	r := &saturatedRenderer{}
	h, _, _ := newTestHandler(t, r)
	r.refuse.Store(1)
	if body := do(h, "GET", "/fr/a-vendre/", nil).Body.String(); !strings.Contains(body, shellApp) {
		t.Fatal("a saturated renderer serves the shell")
	}
	h.rs.WaitRefresh()
	if fresh, stale := h.rs.CacheCounts(); fresh+stale != 0 {
		t.Fatalf("the shell was stored: %d fresh, %d stale pages", fresh, stale)
	}
	if body := do(h, "GET", "/fr/a-vendre/", nil).Body.String(); !strings.Contains(body, "rendered PropertyList") {
		t.Fatal("the page after the shell must be rendered")
	}
	if r.calls.Load() != 2 {
		t.Fatalf("%d render calls, want 2", r.calls.Load())
	}
}

// After an import, while the renderer is saturated, a page of the earlier
// catalog is answered from the cache and rendered anew in the background;
// the fresh page then replaces it.
func TestStalePageWhileSaturated(t *testing.T) {
	r := &saturatedRenderer{}
	h, idx, cat := newTestHandler(t, r)
	before := do(h, "GET", "/fr/a-vendre/", nil).Body.String()
	if !strings.Contains(before, "rendered PropertyList") {
		t.Fatal("first render")
	}

	cat.Properties = cat.Properties[:10]
	idx.p.Store(catalog.NewIndex(cat, 2))
	r.refuse.Store(1) // the visitor's render; the background one succeeds
	during := do(h, "GET", "/fr/a-vendre/", nil)
	if during.Code != 200 || during.Body.String() != before {
		t.Fatalf("saturated: want the earlier page, got %d\n%.300s", during.Code, during.Body.String())
	}
	h.rs.WaitRefresh()
	calls := r.calls.Load()
	after := do(h, "GET", "/fr/a-vendre/", nil).Body.String()
	if after == before || !strings.Contains(after, "rendered PropertyList") {
		t.Fatal("the background render must replace the stale page")
	}
	if r.calls.Load() != calls {
		t.Fatal("the re-rendered page must be a cache hit")
	}
	if calls != 3 {
		t.Fatalf("%d render calls, want 3 (first, refused, background)", calls)
	}
}

// A stale page whose status changed (a listing gone since) is not served:
// the shell of the current answer is.
func TestStalePageKeepsStatus(t *testing.T) {
	r := &saturatedRenderer{}
	h, idx, cat := newTestHandler(t, r)
	const path = "/fr/a-vendre/arlon/villa-maison-ferme/4100001/"
	if rec := do(h, "GET", path, nil); rec.Code != 200 {
		t.Fatalf("property: %d", rec.Code)
	}
	for i, p := range cat.Properties {
		if p.ID == 4100001 {
			cat.Properties = append(cat.Properties[:i:i], cat.Properties[i+1:]...)
			break
		}
	}
	idx.p.Store(catalog.NewIndex(cat, 2))
	r.refuse.Store(2)
	rec := do(h, "GET", path, nil)
	if rec.Code == 200 || !strings.Contains(rec.Body.String(), shellApp) {
		t.Fatalf("a listing gone: %d, want its current status as the shell", rec.Code)
	}
}

// The background worker waits while a visitor's render is in progress.
func TestRefreshYieldsToVisitors(t *testing.T) {
	r := &saturatedRenderer{}
	h, _, _ := newTestHandler(t, r)
	done := h.rs.Busy()
	h.rs.Refresh("/fr/")
	if !h.rs.Refresh("/fr/a-louer/") || h.rs.Refresh("/fr/") {
		t.Fatal("a queued page is queued once")
	}
	if n := r.calls.Load(); n != 0 {
		t.Fatalf("%d background renders while a visitor's render runs", n)
	}
	done()
	h.rs.WaitRefresh()
	if n := r.calls.Load(); n != 2 {
		t.Fatalf("%d background renders after the visitor's, want 2", n)
	}
	if fresh, _ := h.rs.CacheCounts(); fresh != 2 {
		t.Fatalf("%d pages stored by the background renders, want 2", fresh)
	}
}
