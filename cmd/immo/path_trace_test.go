//go:build pathtrace

package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"immo/internal/http/web/respond"
)

// TestRequestPath serves, on the demo site warmed up, the request
// IMMO_PATH_REQUEST names — "list-miss", a list page on a cache miss, or
// "info-nojs", an information request posted without JavaScript — or none.
// bench/paths/run.sh runs it with coverage with and without the request:
// the blocks the request adds are its path (docs/ARCHITECTURE.md, "The
// paths of two requests").
func TestRequestPath(t *testing.T) {
	s := newFormSite(t, "")
	const propertyPage = "/nl/te-koop/arlon/villa-huis-hoeve/4100002/"
	serve := func(req *http.Request) int {
		req = req.WithContext(respond.WithNonce(req.Context(), respond.NewNonce()))
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		return rec.Code
	}
	// Warm: every lazy initialisation done, the property page resolved once.
	serve(httptest.NewRequest("GET", "/nl/te-koop/?page=1&warm", nil))
	serve(httptest.NewRequest("GET", propertyPage, nil))
	switch os.Getenv("IMMO_PATH_REQUEST") {
	case "list-miss":
		if code := serve(httptest.NewRequest("GET", "/nl/te-koop/?page=2", nil)); code != 200 {
			t.Fatalf("list: %d", code)
		}
	case "info-nojs":
		body := contactPost(map[string][]string{"form": {"contact-me"}}).Encode()
		req := httptest.NewRequest("POST", propertyPage, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.RemoteAddr = "192.0.2.7:1234"
		if code := serve(req); code != http.StatusSeeOther {
			t.Fatalf("information request: %d", code)
		}
	}
}
