package app

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/demo/demotest"
	"immo/internal/adapter/storage"
	"immo/internal/domain/catalog"
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

// The wiring: at start the worker makes the banner's variants first, and
// stopping it returns promptly although pictures remain.
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
	variants, stop := startPictures(ctx, store, cat, cfg, log)
	if variants == nil {
		t.Fatal("SQLite must keep picture variants")
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		vs, err := variants.ListVariants(ctx, "/pictures/demo/banner.jpg")
		if err != nil {
			t.Fatal(err)
		}
		if len(vs) == 10 { // 100, 400, 600, 1360, 1920 × jpeg, webp
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("banner variants after 2 min: %d", len(vs))
		}
		time.Sleep(50 * time.Millisecond)
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
