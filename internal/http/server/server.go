// Package server composes the site's HTTP handler from its parts: the
// JSON API, the pictures and the pages. It holds no state of its own.
package server

import (
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"immo/internal/domain/agency"
	"immo/internal/domain/catalog"
	"immo/internal/domain/site"
	"immo/internal/http/httpapi"
	"immo/internal/http/picturehttp"
	"immo/internal/http/web"
)

// Deps are what the handler needs; cmd/immo builds them.
type Deps struct {
	Catalog *catalog.Service
	Site    *site.Config
	// Agency is the agency as published (agency.Service.Current), put in
	// every request's context (agency.FromContext); nil: none.
	Agency func() *agency.Agency
	// Pictures are the site's picture folders (the demo agency's under
	// /pictures/demo/, the library's, the CRM's); nil: none.
	Pictures *picturehttp.Folders
	Log      *slog.Logger
	Pages    *web.Handler // the server-rendered pages; nil serves the API alone
	// Admin is the agency's inbox under /admin/ (package admin); nil: none.
	Admin http.Handler
	// Links builds the addresses of the API's search suggestions: the
	// pages' resolver, which cmd/immo gives the page handler too; nil
	// sends suggestions without addresses.
	Links catalog.Linker
	// ReadyTimeout bounds the database ping of /readyz (default 1 s).
	ReadyTimeout time.Duration
	// PublicURL is the site's public origin: https sends HSTS.
	PublicURL string
	// MapTiles is the map frame's tile URL template (web.TileURL of the
	// setting), for the pages' img-src; "" for none.
	MapTiles string
	// Challenges makes the forms' spam challenges (GET /api/altcha); nil
	// serves none.
	Challenges httpapi.Challenger
	// TestimonialPictures serves the approved testimonials' pictures; nil
	// serves none.
	TestimonialPictures *web.TestimonialPictures
	// TrustedProxies are the proxies whose X-Forwarded-For names the
	// visitor (IMMO_TRUSTED_PROXIES); none: the connection's address is
	// the visitor's.
	TrustedProxies []netip.Prefix
	// BodyLimits bound the request bodies being received: how long each
	// may take, how many at once (zero: DefaultBodyLimits).
	BodyLimits BodyLimits
	// FeedPush takes the CRM's pushes (POST /api/feed/{feed}…,
	// httpapi.FeedPushAPI); nil: none.
	FeedPush httpapi.FeedPush
	// Observe hears every request once answered (the operator's metrics);
	// nil: nobody.
	Observe Observe
	// Hosts names the agency of each request's host (the platform's
	// agencies, issue #35); nil: every host is the one agency's.
	Hosts Hosts
	// AgencyID is the agency the site is (0: any): a host of another
	// agency reaching it is refused as unknown — a second wall behind the
	// platform's routing by host.
	AgencyID int64
}

// Handler returns the whole site.
func Handler(d Deps) http.Handler {
	hsts := strings.HasPrefix(strings.ToLower(d.PublicURL), "https://")
	bl := d.BodyLimits
	if bl == (BodyLimits{}) {
		bl = DefaultBodyLimits
	}
	// The visitor's address first: the bodies' bound per address counts visitors, not the proxy.
	// The agency before the headers: the pages' policy names what its configuration embeds.
	// Observed first: a request refused at the edge (a body too slow) counts too.
	// The host before anything else reads the request: an unknown one reaches nothing.
	scheme := "http"
	if hsts {
		scheme = "https"
	}
	return observeRequests(d.Observe, clientAddress(d.TrustedProxies, byHost(d.Hosts, d.AgencyID, scheme, LimitBodies(bl, withAgency(d.Agency, securityHeaders(recoverPanics(d.Log, defaultLang(d.Site), routes(d)), web.MapFramePath, hsts, newSourceCache(d.Catalog, d.Site, d.MapTiles).get))))))
}

// withAgency puts the agency as published in the request's context, as the
// viewer is put there: what serves the request reads it from there (a
// staff member's preview replaces it with a draft).
func withAgency(current func() *agency.Agency, next http.Handler) http.Handler {
	if current == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(agency.NewContext(r.Context(), current())))
	})
}

func defaultLang(s *site.Config) string {
	if s == nil {
		return ""
	}
	return s.Languages.Default
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
