package server

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"immo/internal/domain/catalog"
	"immo/internal/http/httpapi"
)

// DefaultReadyTimeout bounds the database ping of /readyz: a load balancer
// asks every few seconds and must not pile up waiting requests.
const DefaultReadyTimeout = time.Second

// live answers /healthz, liveness: the process answers HTTP. It says
// nothing of the database, so an orchestrator does not restart a server
// for an outage of the database it shares with the others.
func live(w http.ResponseWriter, r *http.Request) {
	httpapi.JSON(w, http.StatusOK, map[string]any{"ok": true})
}

// ready answers /readyz, readiness: 200 when the catalog is loaded and the
// database answers a ping within timeout, else 503 with the reason, so a
// load balancer sends visitors elsewhere. The database's own error is only
// logged: it may name hosts.
func ready(cat *catalog.Service, timeout time.Duration, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		ix := cat.Index()
		if ix == nil {
			notReady(w, "the catalog is not loaded")
			return
		}
		if pinged(w, r, cat.Ping, timeout, log) {
			httpapi.JSON(w, http.StatusOK, map[string]any{"ready": true, "catalogVersion": ix.Version()})
		}
	})
}

// PlatformHealth answers /healthz and /readyz for a platform whose
// implicit agency's site is not loaded to answer them (app.Platform): a
// balancer's probe builds no site and keeps none loaded. Live as a
// site's; ready when the database answers ping within timeout (each
// agency's catalog is its site's, loaded on its first request).
func PlatformHealth(ping func(context.Context) error, timeout time.Duration, log *slog.Logger) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", live)
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if pinged(w, r, ping, timeout, log) {
			httpapi.JSON(w, http.StatusOK, map[string]any{"ready": true})
		}
	})
	return mux
}

// pinged tells whether the database answers ping within timeout; when it
// does not, it answers 503 with the reason (its error logged only).
func pinged(w http.ResponseWriter, r *http.Request, ping func(context.Context) error, timeout time.Duration, log *slog.Logger) bool {
	if timeout <= 0 {
		timeout = DefaultReadyTimeout
	}
	ctx, cancel := context.WithTimeout(r.Context(), timeout)
	defer cancel()
	if err := ping(ctx); err != nil {
		reason := "the database does not answer"
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			reason = "the database did not answer within " + timeout.String()
		}
		log.Warn("not ready", "reason", reason, "err", err)
		notReady(w, reason)
		return false
	}
	return true
}

func notReady(w http.ResponseWriter, reason string) {
	httpapi.JSON(w, http.StatusServiceUnavailable, map[string]any{"ready": false, "reason": reason})
}
