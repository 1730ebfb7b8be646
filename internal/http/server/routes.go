package server

import (
	"net/http"

	"immo/internal/http/httpapi"
	"immo/internal/http/web/assets"
)

// routes is every path the site serves: the JSON API under /api/, the
// picture folders (the demo agency's, the library's, the CRM's), the built web app under /assets/, the
// health checks, and the pages (with their generated pictures, robots.txt,
// the sitemap and the map frame) for the rest.
func routes(d Deps) *http.ServeMux {
	mux := http.NewServeMux()
	api := &httpapi.CatalogAPI{Catalog: d.Catalog, Log: d.Log, Links: d.Links, DefaultLang: "fr", Challenges: d.Challenges}
	if d.Site != nil {
		api.DefaultLang = d.Site.Languages.Default
	}
	api.Register(mux)
	if d.FeedPush != nil {
		(&httpapi.FeedPushAPI{Feeds: d.FeedPush, Log: d.Log}).Register(mux)
	}
	d.Pictures.Register(mux)
	mux.HandleFunc("GET /healthz", live)
	mux.Handle("GET /readyz", ready(d.Catalog, d.ReadyTimeout, d.Log))
	mux.Handle("GET /assets/", http.StripPrefix("/assets/", assets.Handler()))
	if d.TestimonialPictures != nil {
		mux.Handle(d.TestimonialPictures.Pattern(), d.TestimonialPictures)
	}
	if d.Admin != nil {
		mux.Handle(inboxPath, d.Admin)
	}
	if d.Pages != nil {
		d.Pages.Register(mux)
	}
	return mux
}
