package server_test

import (
	"net/http"
	"testing"

	"immo/internal/altcha"
	"immo/internal/demo"
	"immo/internal/demo/demotest"
	"immo/internal/server"
	"immo/internal/web"
	"immo/internal/web/route"
)

// siteOptions vary the demo site the server tests serve.
type siteOptions struct {
	pages     *web.Options // the page handler's options; nil serves the API alone
	publicURL string
	mapTiles  string
}

// demoSite is the whole site — API, pictures and, with o.pages, the
// pages — over the demo agency in a fresh SQLite database, wired as
// cmd/immo wires it: one resolver for the pages and the API's links.
func demoSite(t *testing.T, o siteOptions) http.Handler {
	t.Helper()
	svc := demotest.Service(t)
	cfg := demotest.Site(t)
	challenges, err := altcha.New([]byte("a test key of thirty-two bytes!!"), nil, altcha.Options{})
	if err != nil {
		t.Fatal(err)
	}
	deps := server.Deps{Catalog: svc, Pictures: demo.Pictures(), Log: demotest.Log(),
		PublicURL: o.publicURL, MapTiles: o.mapTiles, Challenges: challenges}
	if o.pages != nil {
		resolver := &route.Resolver{Site: cfg, Catalog: svc, BaseURL: "http://x"}
		opts := *o.pages
		opts.Resolver, opts.Log = resolver, demotest.Log()
		deps.Site, deps.Pages, deps.Links = cfg, web.NewHandler(opts), resolver
	}
	return server.Handler(deps)
}
