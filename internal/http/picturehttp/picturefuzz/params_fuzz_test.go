package picturefuzz

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/pictures"
	"immo/internal/adapter/pictures/picturestest"
	"immo/internal/http/picturehttp"
)

const prefix = "/pictures/demo/"

// FuzzParams: any picture path and query is answered without panicking
// with 200, 400 naming the parameter at fault, or 404; only files of the
// folder are served, and a URL that asks WebP of a picture with variants
// gets WebP.
func FuzzParams(f *testing.F) {
	cat, err := demo.Catalog()
	if err != nil {
		f.Fatal(err)
	}
	// The picture addresses of the demo catalog, with the queries the web app
	// writes (src/lib/images.ts) and the ones the handler refuses.
	queries := []string{"", "width=400&height=auto", "width=100&height=auto&format=webp",
		"width=1920&height=auto&format=webp", "format=webp", "width=&format=webp", "width=99999",
		"width=0", "width=-1", "width=1e3", "height=300", "format=gif", "format=WEBP&width=1",
		"width=9223372036854775808", "width=400&width=600"}
	for i, p := range cat.Properties[:6] {
		f.Add(strings.TrimPrefix(p.SmallPictureItem.Url, prefix), queries[i%len(queries)])
	}
	for _, q := range queries {
		f.Add("house-01.jpg", q)
	}
	for _, name := range []string{"logo.png", "../site.json", "sub/", "%2e%2e/x.jpg", "missing.jpg", ""} {
		f.Add(name, "width=400")
	}

	files := fstest.MapFS{
		"house-01.jpg":  {Data: picturestest.JPEG(450, 300)},
		"living-01.jpg": {Data: picturestest.JPEG(200, 150)}, // no variants made
		"logo.png":      {Data: []byte("\x89PNG\r\n\x1a\n")},
	}
	store := picturestest.NewMemory()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	if _, err := pictures.NewWorker(store, pictures.FSOpener(prefix, files), quiet).Make(f.Context(), prefix+"house-01.jpg"); err != nil {
		f.Fatal(err)
	}
	h := picturehttp.New(prefix, files, store, quiet, picturehttp.Options{CacheBytes: 1 << 20})

	f.Fuzz(func(t *testing.T, name, rawQuery string) {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.URL = &url.URL{Path: prefix + name, RawQuery: rawQuery}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		body := w.Body.String()
		switch w.Code {
		case http.StatusOK:
			if _, ok := files[name]; !ok {
				t.Fatalf("%q?%s: served a file not in the folder", name, rawQuery)
			}
			ctype := w.Header().Get("Content-Type")
			if !strings.HasPrefix(ctype, "image/") || body == "" {
				t.Fatalf("%q?%s: 200 %q with %d bytes", name, rawQuery, ctype, len(body))
			}
			q, _ := url.ParseQuery(rawQuery)
			if name == "house-01.jpg" && strings.EqualFold(q.Get("format"), "webp") && ctype != "image/webp" {
				t.Fatalf("%q?%s: asked WebP, got %q", name, rawQuery, ctype)
			}
		case http.StatusBadRequest:
			if !strings.HasPrefix(body, "width: ") && !strings.HasPrefix(body, "height: ") && !strings.HasPrefix(body, "format: ") {
				t.Fatalf("%q?%s: 400 naming no parameter: %q", name, rawQuery, body)
			}
		case http.StatusNotFound:
		default:
			t.Fatalf("%q?%s: status %d", name, rawQuery, w.Code)
		}
	})
}
