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
	if timeout <= 0 {
		timeout = DefaultReadyTimeout
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		ix := cat.Index()
		if ix == nil {
			notReady(w, "the catalog is not loaded")
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), timeout)
		defer cancel()
		if err := cat.Ping(ctx); err != nil {
			reason := "the database does not answer"
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				reason = "the database did not answer within " + timeout.String()
			}
			log.Warn("not ready", "reason", reason, "err", err)
			notReady(w, reason)
			return
		}
		httpapi.JSON(w, http.StatusOK, map[string]any{"ready": true, "catalogVersion": ix.Version()})
	})
}

func notReady(w http.ResponseWriter, reason string) {
	httpapi.JSON(w, http.StatusServiceUnavailable, map[string]any{"ready": false, "reason": reason})
}
