package server_test

import (
	"bufio"
	"bytes"
	"context"
	"image"
	_ "image/jpeg"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gen2brain/webp"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/pictures"
	"immo/internal/adapter/storage/sqlite"
	"immo/internal/domain/catalog"
	"immo/internal/http/picturehttp"
	"immo/internal/http/server"
)

// The pictures route end to end: variants from the database, originals
// while they are not made, and nothing outside the pictures folder.
func TestPictureRoute(t *testing.T) {
	ctx := context.Background()
	store, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "immo.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc, err := catalog.NewService(ctx, store)
	if err != nil {
		t.Fatal(err)
	}
	w := pictures.NewWorker(store, pictures.FSOpener(demo.PictureURLPrefix, demo.Pictures()), log)
	if _, err := w.Make(ctx, "/pictures/demo/house-01.jpg"); err != nil {
		t.Fatal(err)
	}
	folders := &picturehttp.Folders{}
	folders.Add(picturehttp.New(demo.PictureURLPrefix, demo.Pictures(), store, log, picturehttp.Options{}), true)
	ts := httptest.NewServer(server.Handler(server.Deps{Catalog: svc, Pictures: folders, Log: log}))
	defer ts.Close()
	v, ok := folders.Version("/pictures/demo/house-01.jpg")
	if !ok || len(v) != 12 {
		t.Fatalf("house-01's version %q, %v", v, ok)
	}
	v2, _ := folders.Version("/pictures/demo/house-02.jpg")
	if v2 == "" || v2 == v {
		t.Fatalf("house-02's version %q, house-01's %q", v2, v)
	}
	if _, ok := folders.Version("/pictures/demo/nope.jpg"); ok {
		t.Error("a missing picture has a version")
	}
	if _, ok := folders.Version("/pictures/crm/0123/x.jpg"); ok {
		t.Error("a picture of no folder has a version")
	}
	const year = "public, max-age=31536000, immutable"

	for _, c := range []struct {
		path, ctype, cache string
		status, width      int
	}{
		{"/pictures/demo/house-01.jpg", "image/jpeg", "public, max-age=86400", 200, 1600},
		{"/pictures/demo/house-01.jpg?width=400&height=auto&format=webp", "image/webp", "public, max-age=86400", 200, 400},
		{"/pictures/demo/house-01.jpg?width=1360&height=auto", "image/jpeg", "public, max-age=86400", 200, 1360},
		{"/pictures/demo/house-01.jpg?width=1920&height=auto&format=webp", "image/webp", "public, max-age=86400", 200, 1600},
		{"/pictures/demo/house-02.jpg?width=400&height=auto&format=webp", "image/jpeg", "public, max-age=60", 200, 1600},
		{"/pictures/demo/logo.png?width=100&height=auto&format=webp", "image/png", "public, max-age=86400", 200, 360},
		{"/pictures/demo/house-01.jpg?width=wide", "", "", 400, 0},
		// Its version in the address: kept a year, the original and its
		// variants; a variant not made yet still for a minute; another
		// version (a page rendered before the picture changed) a day.
		{"/pictures/demo/house-01.jpg?v=" + v, "image/jpeg", year, 200, 1600},
		{"/pictures/demo/house-01.jpg?v=" + v + "&width=400&height=auto&format=webp", "image/webp", year, 200, 400},
		{"/pictures/demo/house-01.jpg?v=0123456789ab&width=400&height=auto&format=webp", "image/webp", "public, max-age=86400", 200, 400},
		{"/pictures/demo/house-02.jpg?v=" + v2 + "&width=400&height=auto&format=webp", "image/jpeg", "public, max-age=60", 200, 1600},
		{"/pictures/demo/", "", "", 404, 0}, // no folder listing
		{"/pictures/demo/nope.jpg", "", "", 404, 0},
		{"/pictures/demo/%2e%2e/demo.go", "", "", 404, 0},
		{"/pictures/demo/..%2fdemo.go", "", "", 404, 0},
		{"/pictures/demo/..%5cdemo.go", "", "", 404, 0},
	} {
		res, body := rawGet(t, ts, c.path)
		if res.StatusCode != c.status {
			t.Errorf("%s: %d, want %d", c.path, res.StatusCode, c.status)
			continue
		}
		if c.status != 200 {
			continue
		}
		if res.Header.Get("Content-Type") != c.ctype || res.Header.Get("Cache-Control") != c.cache {
			t.Errorf("%s: %s, %s", c.path, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"))
		}
		var cfg image.Config
		if c.ctype == "image/webp" {
			cfg, err = webp.DecodeConfig(bytes.NewReader(body))
		} else {
			cfg, _, err = image.DecodeConfig(bytes.NewReader(body))
		}
		if err != nil || cfg.Width != c.width {
			t.Errorf("%s: %d px wide, %v; want %d", c.path, cfg.Width, err, c.width)
		}
	}
	// A path climbing out is cleaned by the router and never reaches a file.
	for _, p := range []string{"/pictures/demo/../../../etc/passwd", "/pictures/demo/../demo/house-01.jpg"} {
		res, body := rawGet(t, ts, p)
		if res.StatusCode == 200 && (bytes.Contains(body, []byte("root:")) || res.Header.Get("Content-Type") == "image/jpeg") {
			t.Errorf("%s: %d %s", p, res.StatusCode, res.Header.Get("Content-Type"))
		}
	}
}

// rawGet sends the path exactly as written, past the client's cleaning,
// and does not follow redirects.
func rawGet(t *testing.T, ts *httptest.Server, path string) (*http.Response, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "GET "+path+" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}
