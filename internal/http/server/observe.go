package server

import (
	"net/http"
	"strings"
	"time"

	"immo/internal/http/reqkind"
	"immo/internal/http/web"
)

// Observe hears each request once answered: its kind (a page's view, or
// the path's class: asset, picture, api, health, inbox, other), its status
// and how long it took — the operator's metrics (package metrics).
type Observe func(kind string, status int, took time.Duration)

// observeRequests times every request and hears its kind and status; nil
// observe: next as it is.
func observeRequests(observe Observe, next http.Handler) http.Handler {
	if observe == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ctx, note := reqkind.With(r.Context())
		sw := &web.StatusWriter{ResponseWriter: w}
		defer func() {
			kind := note.Kind()
			if kind == "" {
				kind = pathClass(r.URL.Path)
			}
			status := sw.Status()
			if status == 0 {
				status = http.StatusOK // nothing written: net/http answers 200
			}
			observe(kind, status, time.Since(start))
		}()
		next.ServeHTTP(sw, r.WithContext(ctx))
	})
}

// pathClass is the kind of a request no page named.
func pathClass(path string) string {
	switch {
	case strings.HasPrefix(path, "/assets/"):
		return "asset"
	case strings.HasPrefix(path, "/api/"):
		return "api"
	case path == "/healthz" || path == "/readyz":
		return "health"
	case strings.HasPrefix(path, inboxPath):
		return "inbox"
	case strings.Contains(path, "/pictures/") || strings.HasPrefix(path, "/images/"):
		return "picture"
	}
	return "other"
}
