package assets

import (
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"immo/internal/web/views"
)

func TestLoadManifest(t *testing.T) {
	fsys := fstest.MapFS{"manifest.json": {Data: []byte(`{
		"src/entry-client.tsx": {"file": "assets/app-1.js", "src": "src/entry-client.tsx", "isEntry": true,
			"imports": ["_vendor-2.js"], "css": ["assets/app-3.css"]},
		"_vendor-2.js": {"file": "assets/vendor-2.js", "imports": ["_shared-4.js"], "css": ["assets/vendor-5.css"]},
		"_shared-4.js": {"file": "assets/shared-4.js", "imports": ["_vendor-2.js"]}
	}`)}}
	m, err := LoadManifest(fsys)
	if err != nil {
		t.Fatal(err)
	}
	want := Entry{
		Script:  "assets/app-1.js",
		Preload: []string{"assets/vendor-2.js", "assets/shared-4.js"},
		CSS:     []string{"assets/app-3.css", "assets/vendor-5.css"},
	}
	if strings.Join(m.Client.Preload, ",") != strings.Join(want.Preload, ",") ||
		strings.Join(m.Client.CSS, ",") != strings.Join(want.CSS, ",") || m.Client.Script != want.Script {
		t.Fatalf("got %+v, want %+v", m.Client, want)
	}
	tags := string(m.HeadTags())
	wantTags := `<link rel="stylesheet" href="/assets/app-3.css"><link rel="stylesheet" href="/assets/vendor-5.css">` +
		`<link rel="modulepreload" href="/assets/vendor-2.js"><link rel="modulepreload" href="/assets/shared-4.js">` +
		`<script type="module" src="/assets/app-1.js"></script>`
	if tags != wantTags {
		t.Fatalf("tags\n got %s\nwant %s", tags, wantTags)
	}
	if v := m.Version(); len(v) != 12 {
		t.Fatalf("version %q", v)
	}
	var nilManifest *ViteManifest
	if nilManifest.HeadTags() != "" || nilManifest.Version() != "" {
		t.Fatal("a nil manifest has no tags and no version")
	}
}

func TestLoadManifestErrors(t *testing.T) {
	if _, err := LoadManifest(fstest.MapFS{}); !errors.Is(err, ErrNoManifest) {
		t.Fatalf("err = %v, want ErrNoManifest", err)
	}
	if _, err := LoadManifest(fstest.MapFS{"manifest.json": {Data: []byte(`{`)}}); err == nil {
		t.Fatal("malformed manifest must fail")
	}
	if _, err := LoadManifest(fstest.MapFS{"manifest.json": {Data: []byte(`{"other.ts":{"file":"x.js"}}`)}}); err == nil {
		t.Fatal("a manifest without the client entry must fail")
	}
}

// The embedded build is either absent (only the placeholder) or complete.
func TestEmbedded(t *testing.T) {
	if _, err := fs.Stat(Dist(), "placeholder.txt"); err != nil {
		t.Fatal("dist/placeholder.txt must stay committed:", err)
	}
	m, ok := Manifest()
	bundle, hasBundle := ServerBundle()
	if !ok {
		if !errors.Is(ManifestError(), ErrNoManifest) {
			t.Fatalf("embedded manifest: %v", ManifestError())
		}
		if hasBundle {
			t.Fatal("a server bundle without a client build")
		}
		t.Skip("web/ not built: only the placeholder is embedded")
	}
	if !hasBundle || !strings.Contains(string(bundle), "immoRender") {
		t.Fatal("client build without server bundle")
	}
	for _, f := range append(append([]string{m.Client.Script}, m.Client.Preload...), m.Client.CSS...) {
		name, found := strings.CutPrefix(f, "assets/")
		if !found {
			t.Fatalf("%s is not under assets/", f)
		}
		if _, err := fs.Stat(FS(), name); err != nil {
			t.Fatalf("manifest names %s, FS lacks it: %v", f, err)
		}
	}

	srv := httptest.NewServer(http.StripPrefix("/assets/", Handler()))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/" + m.Client.Script)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") ||
		!strings.Contains(res.Header.Get("Content-Type"), "javascript") {
		t.Fatalf("GET %s: %d %v", m.Client.Script, res.StatusCode, res.Header)
	}
	for _, p := range []string{"/assets/", "/assets/../manifest.json", "/assets/server/ssr.js"} {
		res, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode == 200 {
			t.Fatalf("GET %s must not be served", p)
		}
	}
}

func TestHandlerGzipsText(t *testing.T) {
	m, ok := Manifest()
	if !ok {
		t.Skip("web app not built")
	}
	req := httptest.NewRequest("GET", "/"+strings.TrimPrefix(m.Client.Script, "assets/"), nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	Handler().ServeHTTP(rec, req)
	if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Fatalf("%d %v", rec.Code, rec.Header())
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(zr); len(b) == 0 {
		t.Fatal("empty script")
	}
}

func TestPagePreloads(t *testing.T) {
	fsys := fstest.MapFS{"manifest.json": {Data: []byte(`{
		"src/entry-client.tsx": {"file": "assets/app-1.js", "isEntry": true, "imports": ["_router-2.js"]},
		"_router-2.js": {"file": "assets/router-2.js"},
		"_grid-3.js": {"file": "assets/grid-3.js", "imports": ["src/entry-client.tsx", "_router-2.js"]},
		"src/features/home/components/HomePage.tsx": {"file": "assets/HomePage-4.js", "isDynamicEntry": true, "imports": ["_grid-3.js", "src/entry-client.tsx"]},
		"src/features/content/components/ContentPage.tsx": {"file": "assets/ContentPage-5.js", "isDynamicEntry": true},
		"virtual:immo-locales/nl": {"file": "assets/nl-6.js", "isDynamicEntry": true}
	}`)}}
	m, err := LoadManifest(fsys)
	if err != nil {
		t.Fatal(err)
	}
	got := string(m.PagePreloads("Home", "nl"))
	want := `<link rel="modulepreload" href="/assets/HomePage-4.js"><link rel="modulepreload" href="/assets/grid-3.js"><link rel="modulepreload" href="/assets/nl-6.js">`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	if got := string(m.PagePreloads("Page", "xx")); got != `<link rel="modulepreload" href="/assets/ContentPage-5.js">` {
		t.Fatalf("content page: %s", got)
	}
	if m, ok := Manifest(); ok {
		// The real build names a chunk for every view the resolver knows.
		for _, v := range views.Site {
			if _, ok := m.viewChunk(v.Name); !ok {
				t.Errorf("no chunk for view %s", v.Name)
			}
		}
	}
}
