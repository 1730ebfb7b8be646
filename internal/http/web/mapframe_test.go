package web

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"immo/internal/domain/i18n"
	"immo/internal/http/web/assets"
	"immo/internal/http/web/respond"
)

func fakeMapEntry() (assets.Entry, error) {
	return assets.Entry{Script: "assets/map-1.js", Preload: []string{"assets/runtime-2.js"}, CSS: []string{"assets/map-3.css"}}, nil
}

func getMapFrame(h http.Handler, target string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	r := httptest.NewRequest("GET", target, nil)
	h.ServeHTTP(rec, r.WithContext(respond.WithNonce(r.Context(), "N0nce")))
	return rec
}

func TestMapFrame(t *testing.T) {
	h := NewMapFrame(MapFrameOptions{Entry: fakeMapEntry})
	rec := getMapFrame(h, "/map-frame/?lang=nl")
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	for k, want := range map[string]string{
		"Content-Type":  "text/html; charset=utf-8",
		"Cache-Control": "no-cache",
	} {
		if got := rec.Header().Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	body := rec.Body.String()
	for _, want := range []string{
		`<html lang="nl">`,
		`<script type="module" nonce="N0nce" src="/assets/map-1.js"></script>`,
		`<link rel="modulepreload" nonce="N0nce" href="/assets/runtime-2.js">`,
		`<link rel="stylesheet" href="/assets/map-3.css">`,
		"<title>" + i18n.T("nl", "map.title") + "</title>",
		`data-tiles="https://tile.openstreetmap.org/{z}/{x}/{y}.png"`,
		`OpenStreetMap`,
		`"zoomIn":"` + i18n.T("nl", "map.zoomIn") + `"`,
		`<main`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the map frame lacks %s:\n%s", want, body)
		}
	}

	// An unknown language falls back to French; another path is not the frame.
	if body := getMapFrame(h, "/map-frame/?lang=xx").Body.String(); !strings.Contains(body, `<html lang="fr">`) {
		t.Errorf("lang=xx: %s", body)
	}
	if rec := getMapFrame(h, "/map-frame/other"); rec.Code != http.StatusNotFound {
		t.Errorf("/map-frame/other: %d", rec.Code)
	}
}

func TestMapFrameTiles(t *testing.T) {
	body := getMapFrame(NewMapFrame(MapFrameOptions{Tiles: NoTiles, Entry: fakeMapEntry}), "/map-frame/?lang=en").Body.String()
	if !strings.Contains(body, `data-tiles=""`) || !strings.Contains(body, `data-attribution=""`) || strings.Contains(body, "openstreetmap") {
		t.Errorf(`IMMO_MAP_TILES=none must leave the tiles out:\n%s`, body)
	}
	body = getMapFrame(NewMapFrame(MapFrameOptions{Tiles: "https://tiles.example/{z}/{x}/{y}.png", Attribution: "© Example", Entry: fakeMapEntry}), "/map-frame/").Body.String()
	if !strings.Contains(body, `data-tiles="https://tiles.example/{z}/{x}/{y}.png"`) || !strings.Contains(body, `data-attribution="© Example"`) {
		t.Errorf("custom tiles:\n%s", body)
	}
}

// TileURL reads the setting as the frame does, for the server's
// Content-Security-Policy.
func TestTileURL(t *testing.T) {
	for setting, want := range map[string]string{
		"":                                      OSMTiles,
		NoTiles:                                 "",
		"https://tiles.example/{z}/{x}/{y}.png": "https://tiles.example/{z}/{x}/{y}.png",
	} {
		if got := TileURL(setting); got != want {
			t.Errorf("TileURL(%q) = %q, want %q", setting, got, want)
		}
	}
}

func TestMapFrameNotBuilt(t *testing.T) {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, c := range []struct {
		err  error
		want string
	}{
		{assets.ErrNoManifest, "not built"},
		{fmt.Errorf("%w: %q", assets.ErrNoEntry, assets.MapEntry), "no map entry"},
	} {
		h := NewMapFrame(MapFrameOptions{Entry: func() (assets.Entry, error) { return assets.Entry{}, c.err }, Log: quiet})
		rec := getMapFrame(h, "/map-frame/")
		if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("%v: %d %q", c.err, rec.Code, rec.Body)
		}
	}
}

// Register mounts the frame of the embedded build: the map page when web/
// is built, a 503 naming the reason otherwise.
func TestMapFrameRegistered(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	mux := http.NewServeMux()
	h.Register(mux)
	rec := getMapFrame(mux, "/map-frame/?lang=de")
	entry, err := assets.MapFrameEntry()
	switch {
	case errors.Is(err, assets.ErrNoManifest):
		if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "not built") {
			t.Fatalf("without a build: %d %s", rec.Code, rec.Body)
		}
	case err != nil:
		t.Fatalf("the embedded build has no map entry: %v", err)
	default:
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `<script type="module" nonce="N0nce" src="/`+entry.Script+`"></script>`) {
			t.Fatalf("GET /map-frame/: %d %s", rec.Code, rec.Body)
		}
	}
	// Without the slash, the mux redirects to the frame.
	if rec := getMapFrame(mux, "/map-frame"); rec.Code/100 != 3 || rec.Header().Get("Location") != "/map-frame/" {
		t.Fatalf("GET /map-frame: %d", rec.Code)
	}
}
