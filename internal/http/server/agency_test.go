package server

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"immo/internal/domain/agency"
)

// Every request carries the agency as published when it is served, a
// new one as soon as it is published.
func TestWithAgency(t *testing.T) {
	current := &agency.Agency{Version: 1}
	var seen *agency.Agency
	h := withAgency(func() *agency.Agency { return current }, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = agency.FromContext(r.Context())
	}))
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/fr/", nil))
	if seen != current {
		t.Fatalf("the request carries %v, want version 1", seen)
	}
	current = &agency.Agency{Version: 2}
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/fr/", nil))
	if seen != current {
		t.Fatalf("after a new version the request carries %v, want version 2", seen)
	}
	seen = nil
	withAgency(nil, h).ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/fr/", nil))
	if seen != current {
		t.Error("without agencies to give, the inner handler's own stays")
	}
}
