package pictures_test

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/gen2brain/webp"

	"immo/internal/adapter/pictures"
	"immo/internal/adapter/pictures/picturestest"
)

var clock = time.Date(2025, 6, 1, 8, 0, 0, 0, time.UTC)

func newWorker(t *testing.T, store pictures.Store, fsys fstest.MapFS, log io.Writer) *pictures.Worker {
	t.Helper()
	if log == nil {
		log = io.Discard
	}
	w := pictures.NewWorker(store, pictures.FSOpener("/pictures/demo/", fsys), slog.New(slog.NewTextHandler(log, nil)))
	w.Now = func() time.Time { return clock }
	return w
}

func decode(t *testing.T, v pictures.Variant) image.Image {
	t.Helper()
	var img image.Image
	var err error
	switch v.Format {
	case pictures.JPEG:
		img, err = jpeg.Decode(bytes.NewReader(v.Data))
	case pictures.WebP:
		img, err = webp.Decode(bytes.NewReader(v.Data))
	}
	if err != nil {
		t.Fatalf("%d %s: %v", v.Width, v.Format, err)
	}
	return img
}

func TestWorkerMakesEveryVariant(t *testing.T) {
	orig := picturestest.JPEG(800, 533)
	store := picturestest.NewMemory()
	w := newWorker(t, store, fstest.MapFS{"house.jpg": {Data: orig}}, nil)
	const src = "/pictures/demo/house.jpg"

	res, err := w.Make(t.Context(), src)
	if err != nil {
		t.Fatal(err)
	}
	// 1360 and 1920 are capped at the original's 800: no upscaling.
	want := map[int]int{100: 67, 400: 267, 600: 400, 800: 533}
	if res.Made != 2*len(want) || res.Existing != 0 {
		t.Fatalf("first run: %+v, want %d made", res, 2*len(want))
	}
	for _, asked := range []int{100, 400, 600, 800, 1360, 1920} {
		for _, format := range pictures.Formats {
			v, err := store.GetVariant(t.Context(), src, asked, format)
			if err != nil {
				t.Fatalf("%d %s: %v", asked, format, err)
			}
			wantW := min(asked, 800)
			if v.Width != wantW || v.Height != want[wantW] || v.Format != format {
				t.Errorf("asked %d %s: got %d×%d %s", asked, format, v.Width, v.Height, v.Format)
			}
			if b := decode(t, v).Bounds(); b.Dx() != v.Width || b.Dy() != v.Height {
				t.Errorf("asked %d %s: the picture is %v, the row says %d×%d", asked, format, b, v.Width, v.Height)
			}
			if v.Original != pictures.Fingerprint(orig) || v.ETag != pictures.Fingerprint(v.Data) || !v.Created.Equal(clock) {
				t.Errorf("asked %d %s: original %s etag %s created %v", asked, format, v.Original, v.ETag, v.Created)
			}
		}
	}
	// WebP is the smaller at every width of a photograph-like picture.
	for w := range want {
		j, _ := store.GetVariant(t.Context(), src, w, pictures.JPEG)
		p, _ := store.GetVariant(t.Context(), src, w, pictures.WebP)
		if w >= 400 && p.Size >= j.Size {
			t.Errorf("%d px: webp %d bytes, jpeg %d", w, p.Size, j.Size)
		}
	}

	// Idempotent: nothing to make, nothing written.
	puts := store.Puts
	res, err = w.Make(t.Context(), src)
	if err != nil || res.Made != 0 || res.Existing != 8 || store.Puts != puts {
		t.Errorf("second run: %+v, %v, %d puts", res, err, store.Puts-puts)
	}
}

func TestWorkerMakesOnlyWhatIsMissing(t *testing.T) {
	orig := picturestest.JPEG(500, 300)
	store := picturestest.NewMemory()
	w := newWorker(t, store, fstest.MapFS{"a.jpg": {Data: orig}}, nil)
	const src = "/pictures/demo/a.jpg"
	if _, err := w.Make(t.Context(), src); err != nil {
		t.Fatal(err)
	}
	// Another server stored a part only (say, an older release): the rest is made.
	all, _ := store.ListVariants(t.Context(), src)
	partial := picturestest.NewMemory()
	for _, v := range all[:3] {
		full, _ := store.GetVariant(t.Context(), src, v.Width, v.Format)
		partial.PutVariants(t.Context(), []pictures.Variant{full})
	}
	w = newWorker(t, partial, fstest.MapFS{"a.jpg": {Data: orig}}, nil)
	res, err := w.Make(t.Context(), src)
	if err != nil || res.Made != len(all)-3 || res.Existing != 3 || partial.Len() != len(all) {
		t.Errorf("partial: %+v, %v, %d stored; want %d made", res, err, partial.Len(), len(all)-3)
	}
}

// A changed picture gets new variants, and the old ones go.
func TestWorkerReplacesStaleVariants(t *testing.T) {
	store := picturestest.NewMemory()
	fsys := fstest.MapFS{"a.jpg": {Data: picturestest.JPEG(700, 400)}}
	w := newWorker(t, store, fsys, nil)
	const src = "/pictures/demo/a.jpg"
	if _, err := w.Make(t.Context(), src); err != nil {
		t.Fatal(err)
	}
	fsys["a.jpg"] = &fstest.MapFile{Data: picturestest.JPEG(300, 200)}
	res, err := w.Make(t.Context(), src)
	if err != nil || res.Made != 4 || res.Existing != 0 {
		t.Fatalf("after the change: %+v, %v", res, err)
	}
	list, _ := store.ListVariants(t.Context(), src)
	if len(list) != 4 || list[3].Width != 300 || list[0].Original != pictures.Fingerprint(fsys["a.jpg"].Data) {
		t.Errorf("after the change: %+v", list)
	}
}

func TestWorkerSkips(t *testing.T) {
	store := picturestest.NewMemory()
	w := newWorker(t, store, fstest.MapFS{
		"logo.png": {Data: []byte("\x89PNG\r\n\x1a\n")},
		"fake.jpg": {Data: []byte("not a picture")},
	}, nil)
	for src, skipped := range map[string]bool{
		"/pictures/demo/logo.png":    true, // PNGs keep their alpha: served as they are
		"/pictures/demo/missing.jpg": true,
		"https://cdn.example/a.jpg":  true,
		"/pictures/demo/../x.jpg":    true,
		"/pictures/demo/fake.jpg":    false, // an error, logged
	} {
		res, err := w.Make(t.Context(), src)
		if skipped && (err != nil || res.Skipped == "") || !skipped && err == nil {
			t.Errorf("%s: %+v, %v", src, res, err)
		}
	}
	if store.Len() != 0 {
		t.Errorf("%d variants stored", store.Len())
	}
}

func TestWorkerQueue(t *testing.T) {
	store := picturestest.NewMemory()
	var log syncBuffer
	w := newWorker(t, store, fstest.MapFS{
		"a.jpg": {Data: picturestest.JPEG(640, 427)},
		"b.jpg": {Data: picturestest.JPEG(300, 200)},
		"c.png": {Data: []byte("png")},
	}, &log)
	ctx, cancel := context.WithCancel(t.Context())
	stopped := make(chan struct{})
	go func() { w.Run(ctx); close(stopped) }()

	w.Enqueue("/pictures/demo/a.jpg", "/pictures/demo/b.jpg", "/pictures/demo/a.jpg", "/pictures/demo/c.png", "https://cdn/x.jpg", "")
	wait, done := context.WithTimeout(t.Context(), 30*time.Second)
	defer done()
	if err := w.Wait(wait); err != nil {
		t.Fatal(err)
	}
	// a: 100, 400, 600, 640; b: 100, 300; both formats.
	if store.Len() != 12 {
		t.Errorf("%d variants, want 12", store.Len())
	}
	if s := log.String(); strings.Count(s, "picture variants made") != 2 || !strings.Contains(s, "picture variants up to date") {
		t.Errorf("log:\n%s", s)
	}
	// Again: nothing to do, nothing logged.
	n := len(log.String())
	w.Enqueue("/pictures/demo/a.jpg", "/pictures/demo/b.jpg")
	if err := w.Wait(wait); err != nil {
		t.Fatal(err)
	}
	if s := log.String()[n:]; s != "" {
		t.Errorf("second round logged:\n%s", s)
	}
	cancel()
	select {
	case <-stopped:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return when its context ended")
	}
}

// EnqueueFirst puts its sources ahead of the queue, in order, moving one
// already waiting rather than queuing it twice.
func TestEnqueueFirst(t *testing.T) {
	var mu sync.Mutex
	var opened []string
	open := func(source string) ([]byte, error) {
		mu.Lock()
		defer mu.Unlock()
		opened = append(opened, source)
		return nil, pictures.ErrUnknownSource // nothing to make: only the order counts
	}
	w := pictures.NewWorker(picturestest.NewMemory(), open, slog.New(slog.NewTextHandler(io.Discard, nil)))
	w.Enqueue("/p/a.jpg", "/p/b.jpg", "/p/c.jpg")
	w.EnqueueFirst("/p/d.jpg", "/p/c.jpg", "", "/p/d.jpg")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go w.Run(ctx)
	wait, done := context.WithTimeout(t.Context(), 30*time.Second)
	defer done()
	if err := w.Wait(wait); err != nil {
		t.Fatal(err) // c counted twice would never drain
	}
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"/p/d.jpg", "/p/c.jpg", "/p/a.jpg", "/p/b.jpg"}; !slices.Equal(opened, want) {
		t.Errorf("order %v, want %v", opened, want)
	}
}

// Two servers making the same picture at once: both succeed, one set is kept.
func TestTwoWorkers(t *testing.T) {
	store := picturestest.NewMemory()
	fsys := fstest.MapFS{"a.jpg": {Data: picturestest.JPEG(420, 280)}}
	var wg sync.WaitGroup
	for range 2 {
		w := newWorker(t, store, fsys, nil)
		wg.Go(func() {
			if _, err := w.Make(t.Context(), "/pictures/demo/a.jpg"); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if store.Len() != 6 {
		t.Errorf("%d variants, want 6", store.Len())
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
