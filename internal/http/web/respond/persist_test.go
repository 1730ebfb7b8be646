package respond_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"immo/internal/domain/rendered"
	"immo/internal/http/web/respond"
)

// memoryStore is a rendered.Store in memory (the SQL one has its suite in
// storagetest, on both databases).
type memoryStore struct {
	mu    sync.Mutex
	pages map[rendered.Key][]byte
}

func (m *memoryStore) GetRendered(_ context.Context, k rendered.Key, _ time.Time) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.pages[k]
	if !ok {
		return nil, rendered.ErrNotFound
	}
	return b, nil
}

func (m *memoryStore) HasRendered(_ context.Context, k rendered.Key) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.pages[k]
	return ok, nil
}

func (m *memoryStore) PutRendered(_ context.Context, k rendered.Key, b []byte, _ time.Time, _ int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.pages == nil {
		m.pages = map[rendered.Key][]byte{}
	}
	m.pages[k] = b
	return nil
}

func (m *memoryStore) RenderedSize(context.Context) (int, int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var n int64
	for _, b := range m.pages {
		n += int64(len(b))
	}
	return len(m.pages), n, nil
}

// A page one server rendered is served by another (or by itself after a
// restart) from the shared store, the same bytes, without a render.
func TestRenderedPageSharedThroughTheStore(t *testing.T) {
	store := &memoryStore{}
	var calls atomic.Int32
	first := newSite(t, countingRenderer{&calls}, respond.Options{Store: store})
	a := do(first.h, "GET", "/list/", map[string]string{"Accept-Encoding": "gzip"})
	first.rs.WaitStored()
	if n, _, _ := store.RenderedSize(t.Context()); n != 1 || calls.Load() != 1 {
		t.Fatalf("%d pages stored after %d renders, want 1 and 1", n, calls.Load())
	}

	second := newSite(t, countingRenderer{&calls}, respond.Options{Store: store})
	b := do(second.h, "GET", "/list/", map[string]string{"Accept-Encoding": "gzip"})
	if calls.Load() != 1 {
		t.Fatal("the second server rendered a page the store holds")
	}
	firstHTML, _ := first.rs.Cached("/list/", "NONCE")
	secondHTML, ok := second.rs.Cached("/list/", "NONCE")
	if !ok || string(firstHTML) != string(secondHTML) {
		t.Fatal("the page read from the store differs from the one rendered")
	}
	if b.Code != a.Code || b.Header().Get("Content-Length") != a.Header().Get("Content-Length") || !isRendered(body(t, b.Header().Get("Content-Encoding"), b.Body.Bytes())) {
		t.Fatalf("served from the store: %d %s, want %d %s", b.Code, b.Header().Get("Content-Length"), a.Code, a.Header().Get("Content-Length"))
	}

	// A stored page that does not decode is rendered instead, never served.
	for k := range store.pages {
		store.pages[k] = append([]byte(nil), store.pages[k][:len(store.pages[k])-3]...)
	}
	third := newSite(t, countingRenderer{&calls}, respond.Options{Store: store})
	if body := do(third.h, "GET", "/list/", nil).Body.String(); !isRendered(body) || calls.Load() != 2 {
		t.Fatalf("a damaged stored page: %d renders, want 2", calls.Load())
	}
}

func body(t *testing.T, encoding string, b []byte) string {
	t.Helper()
	if encoding != "gzip" {
		return string(b)
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
