package web

import (
	"bytes"
	"errors"
	"html/template"
	"log/slog"
	"net/http"
	"slices"

	"immo/internal/domain/i18n"
	"immo/internal/http/web/assets"
	"immo/internal/http/web/respond"
)

// The map of the list pages (SPEC §2: "a map is shown in an embedded frame
// that receives a message") is a page of its own, /map-frame/?lang=xx: a
// small document that loads the map entry of the web build (plain
// TypeScript, Leaflet and its marker clusters; web/src/map) and waits for
// the list page's message with the markers. Only pages of this site may
// frame it.

// MapFramePath is the frame's address: the one response other pages of this
// site may frame (internal/http/server sets frame-ancestors).
const MapFramePath = "/map-frame/"

// OSMTiles is the default tile server, with its attribution.
const (
	OSMTiles       = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
	OSMAttribution = `&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a>`
	// NoTiles as the tile URL draws no background: no request leaves the
	// machine (tests, offline demos).
	NoTiles = "none"
)

// MapFrameOptions configure the map frame.
type MapFrameOptions struct {
	// Tiles is the tile URL template ({z}/{x}/{y}, optional {s}); "" means
	// OSMTiles, NoTiles none at all.
	Tiles string
	// Attribution is the tiles' attribution, trusted HTML; "" means
	// OSMAttribution for the OpenStreetMap tiles, none for others.
	Attribution string
	// Entry resolves the map entry of the web build (default: the embedded one).
	Entry func() (assets.Entry, error)
	Log   *slog.Logger
}

// TileURL is the tile URL template that the setting tiles (Tiles of
// MapFrameOptions, IMMO_MAP_TILES) means: "" for none. The server derives
// the pages' Content-Security-Policy from it.
func TileURL(tiles string) string {
	switch tiles {
	case "":
		return OSMTiles
	case NoTiles:
		return ""
	}
	return tiles
}

// TileAttribution is the credit of the tiles o sets (trusted HTML): the
// configured one, OpenStreetMap's for its tiles, none without tiles.
func TileAttribution(o MapFrameOptions) string {
	switch tiles := TileURL(o.Tiles); {
	case tiles == "":
		return ""
	case o.Attribution != "":
		return o.Attribution
	case tiles == OSMTiles:
		return OSMAttribution
	}
	return ""
}

// NewMapFrame returns the handler of GET /map-frame/.
func NewMapFrame(o MapFrameOptions) http.Handler {
	o.Tiles = TileURL(o.Tiles)
	if o.Attribution == "" && o.Tiles == OSMTiles {
		o.Attribution = OSMAttribution
	}
	if o.Tiles == "" {
		o.Attribution = ""
	}
	if o.Entry == nil {
		o.Entry = assets.MapFrameEntry
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	return &mapFrame{o: o}
}

type mapFrame struct{ o MapFrameOptions }

// mapLabels are the frame's own words, in the page's language.
type mapLabels struct {
	Title      string `json:"title"`
	Region     string `json:"region"`
	Help       string `json:"help"`
	Cluster    string `json:"cluster"`
	CountOne   string `json:"countOne"`
	CountOther string `json:"countOther"`
	Empty      string `json:"empty"`
	ZoomIn     string `json:"zoomIn"`
	ZoomOut    string `json:"zoomOut"`
	Close      string `json:"close"`
}

type mapFrameData struct {
	Lang        string
	Labels      mapLabels
	Tiles       string
	Attribution string
	Entry       assets.Entry
	Nonce       string // the response's CSP nonce
}

var mapFrameDoc = template.Must(template.New("map").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.Labels.Title}}</title>
<style>html,body,.map-page,#map{height:100%;margin:0}.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}</style>
{{- range .Entry.CSS}}
<link rel="stylesheet" href="/{{.}}">{{end}}
{{- range .Entry.Preload}}
<link rel="modulepreload" nonce="{{$.Nonce}}" href="/{{.}}">{{end}}
<script type="module" nonce="{{.Nonce}}" src="/{{.Entry.Script}}"></script>
</head>
<body>
<main class="map-page">
<h1 class="sr-only">{{.Labels.Title}}</h1>
<p id="map-help" class="sr-only">{{.Labels.Help}}</p>
<div id="map" role="region" aria-label="{{.Labels.Region}}" aria-describedby="map-help" data-tiles="{{.Tiles}}" data-attribution="{{.Attribution}}"></div>
<p id="map-status" class="sr-only" role="status" aria-live="polite"></p>
</main>
<script type="application/json" id="map-labels">{{.Labels}}</script>
</body>
</html>
`))

func (m *mapFrame) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != MapFramePath {
		http.NotFound(w, r)
		return
	}
	entry, err := m.o.Entry()
	if err != nil {
		msg := "the map is not available: the web app has no map entry (run npm run build in web/)"
		if errors.Is(err, assets.ErrNoManifest) {
			msg = "the map is not available: the web app is not built (run npm run build in web/)"
		} else {
			m.o.Log.Error("map frame", "err", err)
		}
		w.Header().Set("Retry-After", "60")
		http.Error(w, msg, http.StatusServiceUnavailable)
		return
	}
	lang := r.URL.Query().Get("lang")
	if !slices.Contains(i18n.Languages, lang) {
		lang = "fr"
	}
	t := func(key string) string { return i18n.T(lang, "map."+key) }
	data := mapFrameData{
		Lang: lang,
		Labels: mapLabels{Title: t("title"), Region: t("region"), Help: t("help"), Cluster: t("cluster"), CountOne: t("countOne"),
			CountOther: t("countOther"), Empty: t("empty"), ZoomIn: t("zoomIn"), ZoomOut: t("zoomOut"), Close: t("close")},
		Tiles: m.o.Tiles, Attribution: m.o.Attribution, Entry: entry, Nonce: respond.NonceOf(r.Context()),
	}
	var b bytes.Buffer
	if err := mapFrameDoc.Execute(&b, data); err != nil {
		panic(err) // the template and its data are ours
	}
	w.Header().Set("Cache-Control", "no-cache")
	// The site's Referrer-Policy (strict-origin-when-cross-origin) stands:
	// tile servers such as OpenStreetMap's require the origin as Referer.
	w.Header().Add("Vary", "Accept-Encoding")
	respond.WriteCompressed(w, r, http.StatusOK, "text/html; charset=utf-8", b.Bytes(), nil)
}
