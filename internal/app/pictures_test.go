package app

import (
	"context"
	"io"
	"io/fs"
	"log/slog"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/demo/demotest"
	"immo/internal/adapter/storage"
	"immo/internal/domain/agency"
	"immo/internal/domain/catalog"
	"immo/internal/domain/media"
)

// The feeder's lists: the banner first, every demo picture the site and the
// catalog show, and nothing else.
func TestPictureSources(t *testing.T) {
	cfg := demotest.Site(t)
	c, err := demo.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	got := append(sitePictures(cfg), catalog.NewIndex(c, 1).Embedded().Pictures...)
	if len(got) == 0 || got[0] != "/pictures/demo/banner.jpg" {
		t.Fatalf("the banner must come first: %v", got)
	}
	seen := map[string]bool{}
	for _, s := range got {
		seen[s] = true
	}
	want := []string{"/pictures/demo/logo.png"}
	for _, p := range c.Properties {
		want = append(want, p.SmallPictureItem.Url, p.XLargePictureItem.Url)
		for _, pic := range p.Pictures {
			want = append(want, pic.Url)
		}
	}
	for _, p := range c.Projects {
		for _, pic := range p.Pictures {
			want = append(want, pic.Url)
		}
	}
	for _, s := range want {
		if !seen[s] {
			t.Errorf("%s is missing", s)
		}
	}
	for s := range seen {
		if !strings.HasPrefix(s, demo.PictureURLPrefix) {
			t.Errorf("%s is not a demo picture", s)
		}
	}
}

// The wiring: at start the worker makes the banner's variants first, then
// those of the library's pictures (one added before the start, one after:
// ahead of the catalog's hundreds, which a busy machine took minutes
// over), and stopping it returns promptly although pictures remain.
func TestStartPictures(t *testing.T) {
	ctx := context.Background()
	store, err := storage.Open(ctx, t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := seedDemo(ctx, store, log); err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.NewService(ctx, store)
	if err != nil {
		t.Fatal(err)
	}
	cfg := demotest.Site(t)
	library := media.NewLibrary(store, nil, nil)
	added := &pictureQueue{}
	library.Added = added.add
	editor := agency.Editor{ID: 1, Email: "anne@immo-arlon.be"}
	before, err := library.Add(ctx, editor, "before.jpg", demoPicture(t, "house-01.jpg"), nil)
	if err != nil {
		t.Fatal(err)
	}
	variants, stop := startPictures(ctx, store, store, cat, cfg, library, added, nil, log)
	if variants == nil {
		t.Fatal("SQLite must keep picture variants")
	}
	after, err := library.Add(ctx, editor, "after.jpg", demoPicture(t, "house-02.jpg"), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{"/pictures/demo/banner.jpg", before.URL(), after.URL()} {
		deadline := time.Now().Add(2 * time.Minute)
		for {
			vs, err := variants.ListVariants(ctx, src)
			if err != nil {
				t.Fatal(err)
			}
			if len(vs) == 12 { // 100, 400, 600, 800, 1360, 1920 × jpeg, webp
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: variants after 2 min: %d", src, len(vs))
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	start := time.Now()
	stop()
	// Stop ends the work in progress rather than waiting for the rest of
	// the variants (minutes): a bound far above one encode on a loaded
	// machine.
	if d := time.Since(start); d > time.Minute {
		t.Errorf("stop took %v", d)
	}
}

// demoPicture is one of the demo agency's photos.
func demoPicture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := fs.ReadFile(demo.Pictures(), name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
