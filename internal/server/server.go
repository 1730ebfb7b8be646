// Package server composes the site's HTTP handler from its parts: the
// JSON API, the pictures and the pages. It holds no state of its own.
package server

import (
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"immo/internal/catalog"
	"immo/internal/httpapi"
	"immo/internal/pictures"
	"immo/internal/pictures/picturehttp"
	"immo/internal/site"
	"immo/internal/web"
	"immo/internal/web/assets"
)

// Deps are what the handler needs; cmd/immo builds them.
type Deps struct {
	Catalog  *catalog.Service
	Site     *site.Config
	Pictures fs.FS // the demo agency's pictures, served under /pictures/demo/
	// Variants holds the pictures' resized variants (SPEC §7 width/format
	// parameters); nil serves the originals whatever is asked.
	Variants pictures.Store
	Log      *slog.Logger
	Pages    *web.Handler // the server-rendered pages; nil serves the API alone
	// ReadyTimeout bounds the database ping of /readyz (default 1 s).
	ReadyTimeout time.Duration
	// PublicURL is the site's public origin: https sends HSTS.
	PublicURL string
	// MapTiles is the map frame's tile URL template (web.MapTilesFromEnv),
	// for the pages' img-src; "" for none.
	MapTiles string
}

// Handler returns the whole site.
func Handler(d Deps) http.Handler {
	mux := http.NewServeMux()
	api := &httpapi.CatalogAPI{Catalog: d.Catalog, Log: d.Log, DefaultLang: "fr"}
	if d.Site != nil {
		api.DefaultLang = d.Site.Languages.Default
	}
	if d.Pages != nil {
		api.Links = d.Pages.Resolver()
	}
	api.Register(mux)
	if d.Pictures != nil {
		mux.Handle("GET /pictures/demo/", picturehttp.New("/pictures/demo/", d.Pictures, d.Variants, d.Log,
			picturehttp.Options{CacheBytes: picturehttp.DefaultCacheBytes}))
	}
	mux.HandleFunc("GET /healthz", live)
	mux.Handle("GET /readyz", ready(d.Catalog, d.ReadyTimeout, d.Log))
	mux.Handle("GET /assets/", http.StripPrefix("/assets/", assets.Handler()))
	if d.Pages != nil {
		d.Pages.Register(mux)
	}
	hsts := strings.HasPrefix(strings.ToLower(d.PublicURL), "https://")
	return securityHeaders(recoverPanics(d.Log, mux), web.MapFramePath, hsts, newSourceCache(d.Catalog, d.Site, d.MapTiles).get)
}

// recoverPanics turns a handler panic into a logged 500, not a dropped connection.
func recoverPanics(log *slog.Logger, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil && v != http.ErrAbortHandler {
				log.Error("panic", "path", r.URL.Path, "panic", v)
				http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
			}
		}()
		h.ServeHTTP(w, r)
	})
}

// New returns an http.Server with timeouts fit for the open internet.
func New(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
}
