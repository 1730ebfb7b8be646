package picturehttp_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	_ "image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/gen2brain/webp"

	"immo/internal/adapter/pictures"
	"immo/internal/adapter/pictures/picturestest"
	"immo/internal/adapter/storage/postgres"
	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/adapter/storage/sqlite"
	"immo/internal/http/picturehttp"
	"immo/internal/tool/logsum"
)

const prefix = "/pictures/demo/"

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func pngLogo() []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 36, 10))
	img.Set(3, 3, color.NRGBA{10, 20, 30, 128})
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

// fixture: house.jpg (800×533) with every variant made, late.jpg without
// any yet, stale.jpg with variants of a former original, a PNG logo.
func fixture(t testing.TB, store pictures.Store) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{
		"house.jpg":     {Data: picturestest.JPEG(800, 533)},
		"late.jpg":      {Data: picturestest.JPEG(300, 200)},
		"stale.jpg":     {Data: picturestest.JPEG(500, 300)},
		"logo.png":      {Data: pngLogo()},
		"sub/inner.jpg": {Data: picturestest.JPEG(120, 80)},
	}
	w := pictures.NewWorker(store, pictures.FSOpener(prefix, fsys), quiet)
	for _, src := range []string{"house.jpg", "stale.jpg"} {
		if _, err := w.Make(t.Context(), prefix+src); err != nil {
			t.Fatal(err)
		}
	}
	fsys["stale.jpg"] = &fstest.MapFile{Data: picturestest.JPEG(510, 300)}
	return fsys
}

func TestHandler(t *testing.T) {
	store := picturestest.NewMemory()
	fsys := fixture(t, store)
	h := picturehttp.New(prefix, fsys, store, quiet, picturehttp.Options{CacheBytes: picturehttp.DefaultCacheBytes})
	house := fsys["house.jpg"].Data
	houseTag := `"` + pictures.Fingerprint(house) + `"`

	const (
		year   = "public, max-age=31536000, immutable"
		day    = "public, max-age=86400"
		minute = "public, max-age=60"
	)
	houseV := "v=" + pictures.Fingerprint(house)[:12]
	lateV := "v=" + pictures.Fingerprint(fsys["late.jpg"].Data)[:12]
	logoV := "v=" + pictures.Fingerprint(fsys["logo.png"].Data)[:12]
	for _, c := range []struct {
		url    string
		status int
		ctype  string
		cache  string
		width  int    // of the picture served; 0: not checked
		body   []byte // exact body; nil: not checked
		errHas string // for 400s
	}{
		// The original, as it is.
		{url: "house.jpg", status: 200, ctype: "image/jpeg", cache: day, width: 800, body: house},
		{url: "house.jpg?width=", status: 200, ctype: "image/jpeg", cache: day, body: house},
		{url: "house.jpg?format=jpeg", status: 200, ctype: "image/jpeg", cache: day, body: house},
		// WebP without a width: the largest variant, the original's own size
		// when it is narrower than 1920 (a URL that says webp gets WebP).
		{url: "house.jpg?height=auto&format=webp", status: 200, ctype: "image/webp", cache: day, width: 800},
		{url: "house.jpg?format=webp", status: 200, ctype: "image/webp", cache: day, width: 800},
		{url: "house.jpg?width=&format=webp", status: 200, ctype: "image/webp", cache: day, width: 800},
		{url: "late.jpg?format=webp", status: 200, ctype: "image/jpeg", cache: minute, width: 300, body: fsys["late.jpg"].Data},
		// Sizes: the nearest stored width at or above, capped at the original.
		{url: "house.jpg?width=100&height=auto", status: 200, ctype: "image/jpeg", cache: day, width: 100},
		{url: "house.jpg?width=1", status: 200, ctype: "image/jpeg", cache: day, width: 100},
		{url: "house.jpg?width=101&height=auto", status: 200, ctype: "image/jpeg", cache: day, width: 400},
		{url: "house.jpg?width=400&height=auto", status: 200, ctype: "image/jpeg", cache: day, width: 400},
		{url: "house.jpg?width=600&height=auto", status: 200, ctype: "image/jpeg", cache: day, width: 600},
		{url: "house.jpg?width=601&height=auto", status: 200, ctype: "image/jpeg", cache: day, width: 800},
		{url: "house.jpg?width=1360&height=auto", status: 200, ctype: "image/jpeg", cache: day, width: 800},
		{url: "house.jpg?width=1920&height=auto", status: 200, ctype: "image/jpeg", cache: day, width: 800},
		{url: "house.jpg?width=99999", status: 200, ctype: "image/jpeg", cache: day, width: 800},
		// Formats.
		{url: "house.jpg?width=400&height=auto&format=webp", status: 200, ctype: "image/webp", cache: day, width: 400},
		{url: "house.jpg?width=1920&height=auto&format=webp", status: 200, ctype: "image/webp", cache: day, width: 800},
		{url: "house.jpg?width=100&format=WEBP", status: 200, ctype: "image/webp", cache: day, width: 100},
		{url: "house.jpg?width=400&format=jpg", status: 200, ctype: "image/jpeg", cache: day, width: 400},
		{url: "house.jpg?width=400&format=jpeg&v=3", status: 200, ctype: "image/jpeg", cache: day, width: 400},
		// Its version in the address: a year, immutable; another version
		// (a page made before the picture changed), the usual day.
		{url: "house.jpg?" + houseV, status: 200, ctype: "image/jpeg", cache: year, body: house},
		{url: "house.jpg?width=400&height=auto&format=webp&" + houseV, status: 200, ctype: "image/webp", cache: year, width: 400},
		{url: "house.jpg?width=400&height=auto&format=webp&" + lateV, status: 200, ctype: "image/webp", cache: day, width: 400},
		{url: "logo.png?width=100&" + logoV, status: 200, ctype: "image/png", cache: year, body: fsys["logo.png"].Data},
		// A version never lends a year to a stand-in: a variant not made yet.
		{url: "late.jpg?width=100&height=auto&format=webp&" + lateV, status: 200, ctype: "image/jpeg", cache: minute, width: 300, body: fsys["late.jpg"].Data},
		// Not made yet, or made of a former original: the original, for a minute.
		{url: "late.jpg?width=100&height=auto&format=webp", status: 200, ctype: "image/jpeg", cache: minute, width: 300, body: fsys["late.jpg"].Data},
		{url: "stale.jpg?width=400&height=auto", status: 200, ctype: "image/jpeg", cache: minute, width: 510, body: fsys["stale.jpg"].Data},
		// No variants of a PNG: the logo as it is, whatever is asked.
		{url: "logo.png", status: 200, ctype: "image/png", cache: day, body: fsys["logo.png"].Data},
		{url: "logo.png?width=100&height=auto&format=webp", status: 200, ctype: "image/png", cache: day, body: fsys["logo.png"].Data},
		// Subfolders of the pictures are pictures too.
		{url: "sub/inner.jpg?width=100", status: 200, ctype: "image/jpeg", cache: minute, width: 120},
		// Bad parameters.
		{url: "house.jpg?width=abc", status: 400, errHas: "width"},
		{url: "house.jpg?width=0", status: 400, errHas: "width"},
		{url: "house.jpg?width=-400", status: 400, errHas: "width"},
		{url: "house.jpg?width=400.5", status: 400, errHas: "width"},
		{url: "house.jpg?width=400px", status: 400, errHas: "width"},
		{url: "house.jpg?width=99999999999999999999999", status: 400, errHas: "width"},
		{url: "house.jpg?width=400&height=300", status: 400, errHas: "height"},
		{url: "house.jpg?width=400&height=AUTO", status: 400, errHas: "height"},
		{url: "house.jpg?width=400&format=gif", status: 400, errHas: "format"},
		{url: "house.jpg?width=400&format=avif", status: 400, errHas: "format"},
		{url: "missing.jpg?width=abc", status: 400, errHas: "width"},
		// Nothing but files of the pictures folder.
		{url: "missing.jpg", status: 404},
		{url: "missing.jpg?width=400", status: 404},
		{url: "", status: 404},
		{url: "sub", status: 404},
		{url: "sub/", status: 404},
		{url: "../secret.jpg", status: 404},
		{url: "..%2fsecret.jpg", status: 404},
		{url: "sub/../house.jpg", status: 404},
		{url: "./house.jpg", status: 404},
		{url: "%2e%2e/%2e%2e/etc/passwd", status: 404},
		{url: "/etc/passwd", status: 404},
		{url: "house.jpg/", status: 404},
		{url: "..\\house.jpg", status: 404},
	} {
		req := httptest.NewRequest("GET", "http://x"+prefix+"house.jpg", nil)
		req.URL.RawQuery = ""
		// Set the path raw, past the client's cleaning, as an attacker would.
		path, query, _ := strings.Cut(c.url, "?")
		req.URL.Path, req.URL.RawQuery = prefix+unescape(path), query
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		res := rec.Result()
		body := rec.Body.Bytes()
		if res.StatusCode != c.status {
			t.Errorf("%s: status %d, want %d (%s)", c.url, res.StatusCode, c.status, body)
			continue
		}
		if c.status == 400 {
			if !strings.HasPrefix(string(body), c.errHas+": ") {
				t.Errorf("%s: message %q should name %s", c.url, body, c.errHas)
			}
			continue
		}
		if c.status != 200 {
			continue
		}
		if got := res.Header.Get("Content-Type"); got != c.ctype {
			t.Errorf("%s: Content-Type %q, want %q", c.url, got, c.ctype)
		}
		if got := res.Header.Get("Cache-Control"); got != c.cache {
			t.Errorf("%s: Cache-Control %q, want %q", c.url, got, c.cache)
		}
		if res.Header.Get("ETag") == "" || res.Header.Get("Vary") != "" {
			t.Errorf("%s: ETag %q, Vary %q", c.url, res.Header.Get("ETag"), res.Header.Get("Vary"))
		}
		if c.body != nil && !bytes.Equal(body, c.body) {
			t.Errorf("%s: not the original's bytes", c.url)
		}
		if c.width != 0 {
			if got := width(t, c.ctype, body); got != c.width {
				t.Errorf("%s: %d px wide, want %d", c.url, got, c.width)
			}
		}
		if strings.Contains(c.url, "width=4") && c.ctype == "image/jpeg" && c.cache == day && res.Header.Get("ETag") == houseTag {
			t.Errorf("%s: a variant with the original's ETag", c.url)
		}
	}
}

func unescape(p string) string {
	r := strings.NewReplacer("%2f", "/", "%2e", ".")
	return r.Replace(p)
}

func width(t *testing.T, ctype string, b []byte) int {
	t.Helper()
	if ctype == "image/webp" {
		cfg, err := webp.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return cfg.Width
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return cfg.Width
}

func TestRevalidationAndHead(t *testing.T) {
	store := picturestest.NewMemory()
	fsys := fixture(t, store)
	h := picturehttp.New(prefix, fsys, store, quiet, picturehttp.Options{})
	get := func(method, url, etag string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, url, nil)
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	for _, url := range []string{prefix + "house.jpg?width=400&height=auto&format=webp", prefix + "house.jpg", prefix + "late.jpg?width=400"} {
		first := get("GET", url, "")
		tag := first.Header().Get("ETag")
		if rec := get("GET", url, tag); rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
			t.Errorf("%s with If-None-Match: %d, %d bytes", url, rec.Code, rec.Body.Len())
		}
		if rec := get("GET", url, `"other"`); rec.Code != 200 {
			t.Errorf("%s with another ETag: %d", url, rec.Code)
		}
		if rec := get("HEAD", url, ""); rec.Code != 200 || rec.Body.Len() != 0 || rec.Header().Get("Content-Length") != first.Header().Get("Content-Length") {
			t.Errorf("%s HEAD: %d, %d bytes, length %s", url, rec.Code, rec.Body.Len(), rec.Header().Get("Content-Length"))
		}
	}
	// Variants differ by width and format, so do their ETags.
	a := get("GET", prefix+"house.jpg?width=400", "").Header().Get("ETag")
	b := get("GET", prefix+"house.jpg?width=600", "").Header().Get("ETag")
	c := get("GET", prefix+"house.jpg?width=400&format=webp", "").Header().Get("ETag")
	if a == b || a == c || b == c {
		t.Errorf("ETags %s %s %s", a, b, c)
	}
}

// A popular variant is served from memory, not from the database.
func TestCache(t *testing.T) {
	store := picturestest.NewMemory()
	fsys := fixture(t, store)
	h := picturehttp.New(prefix, fsys, store, quiet, picturehttp.Options{CacheBytes: 1 << 20})
	gets := store.Gets
	for range 5 {
		for _, q := range []string{"width=400", "width=380", "width=400&format=webp"} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", prefix+"house.jpg?"+q, nil))
			if rec.Code != 200 {
				t.Fatal(rec.Code)
			}
		}
	}
	if n := store.Gets - gets; n != 2 { // 380 and 400 are one variant
		t.Errorf("%d store reads, want 2", n)
	}
	// Not-ready answers are not cached: the variant shows once made.
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", prefix+"late.jpg?width=100", nil))
	if rec.Header().Get("Cache-Control") != "public, max-age=60" {
		t.Fatal("late.jpg should not be ready")
	}
	w := pictures.NewWorker(store, pictures.FSOpener(prefix, fsys), quiet)
	if _, err := w.Make(t.Context(), prefix+"late.jpg"); err != nil {
		t.Fatal(err)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", prefix+"late.jpg?width=100", nil))
	if rec.Header().Get("Cache-Control") != "public, max-age=86400" || width(t, "image/jpeg", rec.Body.Bytes()) != 100 {
		t.Errorf("late.jpg once made: %s", rec.Header().Get("Cache-Control"))
	}
}

// A failing database never fails a picture: the original stands in.
func TestStoreDown(t *testing.T) {
	store := picturestest.NewMemory()
	fsys := fixture(t, store)
	store.Fail = errors.New("connection refused")
	var log bytes.Buffer
	h := picturehttp.New(prefix, fsys, store, slog.New(slog.NewTextHandler(&log, nil)), picturehttp.Options{})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", prefix+"house.jpg?width=400&format=webp", nil))
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/jpeg" || rec.Header().Get("Cache-Control") != "public, max-age=60" ||
		!bytes.Equal(rec.Body.Bytes(), fsys["house.jpg"].Data) {
		t.Errorf("store down: %d %v", rec.Code, rec.Header())
	}
	if !strings.Contains(log.String(), "connection refused") {
		t.Errorf("the failure is not logged: %s", log.String())
	}
	// Without a store at all: originals only.
	h = picturehttp.New(prefix, fsys, nil, quiet, picturehttp.Options{})
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", prefix+"house.jpg?width=400", nil))
	if rec.Code != 200 || !bytes.Equal(rec.Body.Bytes(), fsys["house.jpg"].Data) {
		t.Errorf("no store: %d", rec.Code)
	}
}

// BenchmarkServeVariant serves a stored 400-pixel WebP variant from the
// memory cache, and straight from SQLite and from PostgreSQL (skipped when
// unreachable):
//
//	go test -run '^$' -bench ServeVariant ./internal/http/picturehttp/
func BenchmarkServeVariant(b *testing.B) {
	db, err := sqlite.Open(b.Context(), filepath.Join(b.TempDir(), "immo.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	fsys := fixture(b, db)
	run := func(b *testing.B, store pictures.Store, cache int) {
		h := picturehttp.New(prefix, fsys, store, quiet, picturehttp.Options{CacheBytes: cache})
		req := httptest.NewRequest("GET", prefix+"house.jpg?width=400&height=auto&format=webp", nil)
		b.ReportAllocs()
		for b.Loop() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/webp" {
				b.Fatal(rec.Code)
			}
		}
	}
	b.Run("cached", func(b *testing.B) { run(b, db, picturehttp.DefaultCacheBytes) })
	b.Run("sqlite", func(b *testing.B) { run(b, db, 0) })
	b.Run("postgres", func(b *testing.B) {
		pg, err := postgres.Open(b.Context(), pgtest.URL(b))
		if err != nil {
			b.Fatal(err)
		}
		defer pg.Close()
		w := pictures.NewWorker(pg, pictures.FSOpener(prefix, fsys), quiet)
		if _, err := w.Make(b.Context(), prefix+"house.jpg"); err != nil {
			b.Fatal(err)
		}
		run(b, pg, 0)
	})
}

// TestStoreDownDoesNotFlood: while the database is down every picture
// request fails over to the original; through the server's summarising
// log that is one line, then one count per interval, not one per request.
func TestStoreDownDoesNotFlood(t *testing.T) {
	store := picturestest.NewMemory()
	fsys := fixture(t, store)
	store.Fail = errors.New("connection refused")
	var log bytes.Buffer
	now := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	sum := logsum.New(slog.NewTextHandler(&log, nil), time.Minute, func() time.Time { return now })
	h := picturehttp.New(prefix, fsys, store, slog.New(sum), picturehttp.Options{})
	for range 500 {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", prefix+"house.jpg?width=400&format=webp", nil))
		if rec.Code != 200 {
			t.Fatalf("store down: %d", rec.Code)
		}
	}
	now = now.Add(time.Minute)
	sum.Flush(t.Context())
	got := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(got) != 2 || !strings.Contains(got[0], "connection refused") || !strings.Contains(got[1], "repeated=499") {
		t.Errorf("500 failed reads logged as %d lines, want the first and a count:\n%s", len(got), log.String())
	}
}

// A folder whose files may be deleted (the picture library): with Recheck,
// a file deleted is no longer served, its variants neither, once the
// handler asks again; without, a file learnt is served as learnt.
func TestRecheck(t *testing.T) {
	fsys := fstest.MapFS{"gone.jpg": &fstest.MapFile{Data: picturestest.JPEG(40, 20)}}
	h := picturehttp.New("/pictures/media/", fsys, nil, quiet, picturehttp.Options{Recheck: time.Nanosecond})
	get := func() int {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/pictures/media/gone.jpg", nil))
		return rec.Code
	}
	if code := get(); code != 200 {
		t.Fatalf("a file there: %d", code)
	}
	delete(fsys, "gone.jpg")
	if code := get(); code != 404 {
		t.Errorf("a file deleted, asked again: %d, want 404", code)
	}
}
