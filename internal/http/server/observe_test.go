package server

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"immo/internal/http/reqkind"
)

// Every request is heard once answered, with the kind its page named or its
// path's class, and the status it got (200 when nothing was written).
func TestObserveRequests(t *testing.T) {
	type heard struct {
		kind   string
		status int
	}
	tests := []struct {
		path    string
		handler http.HandlerFunc
		want    heard
	}{
		{"/fr/", func(w http.ResponseWriter, r *http.Request) { reqkind.Set(r.Context(), "Home"); w.Write([]byte("x")) }, heard{"Home", 200}},
		{"/fr/nope", func(w http.ResponseWriter, r *http.Request) {
			reqkind.Set(r.Context(), "NotFound")
			w.WriteHeader(404)
		}, heard{"NotFound", 404}},
		{"/assets/app.js", func(w http.ResponseWriter, r *http.Request) {}, heard{"asset", 200}},
		{"/api/properties", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(429) }, heard{"api", 429}},
		{"/readyz", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) }, heard{"health", 503}},
		{"/admin/inbox/", func(w http.ResponseWriter, r *http.Request) {}, heard{"inbox", 200}},
		{"/pictures/demo/house-01.jpg", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(304) }, heard{"picture", 304}},
		{"/robots.txt", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusEarlyHints) // an informational answer first: the final one counts
			w.WriteHeader(200)
		}, heard{"other", 200}},
	}
	for _, tt := range tests {
		var got []heard
		h := observeRequests(func(kind string, status int, took time.Duration) {
			if took < 0 {
				t.Errorf("%s: took %v", tt.path, took)
			}
			got = append(got, heard{kind, status})
		}, tt.handler)
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", tt.path, nil))
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s: heard %v, want %v", tt.path, got, tt.want)
		}
	}
}

// An event stream behind the observer still flushes, as http.Flusher and
// through http.ResponseController.
func TestObservedWriterFlushes(t *testing.T) {
	for _, flush := range []func(http.ResponseWriter){
		func(w http.ResponseWriter) { w.(http.Flusher).Flush() },
		func(w http.ResponseWriter) { http.NewResponseController(w).Flush() }, //nolint:errcheck // the recorder flushes
	} {
		rec := httptest.NewRecorder()
		observeRequests(func(string, int, time.Duration) {}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte("data: x\n\n"))
			flush(w)
		})).ServeHTTP(rec, httptest.NewRequest("GET", "/admin/events", nil))
		if !rec.Flushed {
			t.Error("not flushed")
		}
	}
}
