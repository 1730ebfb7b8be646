package storagetest

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"sync"
	"testing"
	"time"

	"immo/internal/domain/rendered"
)

// RunRendered runs the suite of rendered.Store; open follows the rules of
// Run (the same database when called again with the same t).
func RunRendered(t *testing.T, open func(t *testing.T) rendered.Store) {
	t.Run("RoundTrip", func(t *testing.T) { testRenderedRoundTrip(t, open(t)) })
	t.Run("Bound", func(t *testing.T) { testRenderedBound(t, open(t)) })
	t.Run("TwoServers", func(t *testing.T) { testRenderedTwoServers(t, open(t), open(t)) })
}

func pageKey(name string) rendered.Key { return sha256.Sum256([]byte(name)) }

func testRenderedRoundTrip(t *testing.T, s rendered.Store) {
	ctx := t.Context()
	if _, err := s.GetRendered(ctx, pageKey("a"), created); !errors.Is(err, rendered.ErrNotFound) {
		t.Fatalf("empty store: %v, want ErrNotFound", err)
	}
	if ok, err := s.HasRendered(ctx, pageKey("a")); ok || err != nil {
		t.Fatalf("empty store has a page: %v %v", ok, err)
	}
	body := append([]byte("page a \x00\xff"), bytes.Repeat([]byte{7}, 1000)...)
	if err := s.PutRendered(ctx, pageKey("a"), body, created, 1<<20); err != nil {
		t.Fatal(err)
	}
	// A second put of the same key keeps the first (a page is what its key says).
	if err := s.PutRendered(ctx, pageKey("a"), []byte("other"), created, 1<<20); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetRendered(ctx, pageKey("a"), created)
	if err != nil || !bytes.Equal(got, body) {
		t.Fatalf("get: %v, %d bytes, want the %d put", err, len(got), len(body))
	}
	if ok, err := s.HasRendered(ctx, pageKey("a")); !ok || err != nil {
		t.Fatalf("has: %v %v", ok, err)
	}
	if pages, size, err := s.RenderedSize(ctx); pages != 1 || size != int64(len(body)) || err != nil {
		t.Fatalf("size: %d pages, %d bytes, %v", pages, size, err)
	}
}

// Past the bound the pages used least recently go; a page read now is used.
func testRenderedBound(t *testing.T, s rendered.Store) {
	ctx := t.Context()
	page := bytes.Repeat([]byte("x"), 100)
	at := func(i int) time.Time { return created.Add(time.Duration(i) * 2 * rendered.TouchAfter) }
	for i, name := range []string{"p0", "p1", "p2"} {
		if err := s.PutRendered(ctx, pageKey(name), page, at(i), 300); err != nil {
			t.Fatal(err)
		}
	}
	// p0 is read later than p1 was stored: p1 is now the least recently used.
	if _, err := s.GetRendered(ctx, pageKey("p0"), at(3)); err != nil {
		t.Fatal(err)
	}
	if err := s.PutRendered(ctx, pageKey("p3"), page, at(4), 300); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{"p0": true, "p1": false, "p2": true, "p3": true} {
		if ok, _ := s.HasRendered(ctx, pageKey(name)); ok != want {
			t.Errorf("%s stored: %v, want %v", name, ok, want)
		}
	}
	if pages, size, _ := s.RenderedSize(ctx); pages != 3 || size != 300 {
		t.Errorf("%d pages, %d bytes, want 3 and 300", pages, size)
	}
	// A page alone over the bound is not stored, and evicts nothing.
	if err := s.PutRendered(ctx, pageKey("huge"), bytes.Repeat([]byte("y"), 301), at(5), 300); err != nil {
		t.Fatal(err)
	}
	if pages, _, _ := s.RenderedSize(ctx); pages != 3 {
		t.Errorf("%d pages after a page over the bound, want 3", pages)
	}
	// Many pages over a small bound: the total stays within it.
	for i := range 100 {
		if err := s.PutRendered(ctx, pageKey(string(rune(1000+i))), page, at(6+i), 1000); err != nil {
			t.Fatal(err)
		}
	}
	if pages, size, _ := s.RenderedSize(ctx); size > 1000 || pages != 10 {
		t.Errorf("%d pages, %d bytes, want at most 1000 bytes (10 pages)", pages, size)
	}
}

// Two servers storing the same page at once store it once; each reads the
// other's.
func testRenderedTwoServers(t *testing.T, a, b rendered.Store) {
	ctx := t.Context()
	var wg sync.WaitGroup
	for _, s := range []rendered.Store{a, b, a, b} {
		wg.Go(func() {
			if err := s.PutRendered(ctx, pageKey("shared"), []byte("the page"), created, 1<<20); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if err := a.PutRendered(ctx, pageKey("from a"), []byte("a's page"), created, 1<<20); err != nil {
		t.Fatal(err)
	}
	if got, err := b.GetRendered(ctx, pageKey("from a"), created); err != nil || string(got) != "a's page" {
		t.Fatalf("b reads a's page: %q %v", got, err)
	}
	if pages, size, _ := b.RenderedSize(ctx); pages != 2 || size != int64(len("the page")+len("a's page")) {
		t.Fatalf("%d pages, %d bytes: the shared page counted more than once", pages, size)
	}
}
