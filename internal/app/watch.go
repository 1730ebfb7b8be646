package app

import (
	"context"
	"log/slog"
	"time"
)

// watch calls refresh every interval until ctx ends, so this server picks
// up what another process (an import, another server) stored.
func watch(ctx context.Context, interval time.Duration, what string, refresh func(context.Context) (bool, error), log *slog.Logger) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if changed, err := refresh(ctx); err != nil {
				log.Warn("refresh failed", "what", what, "err", err)
			} else if changed {
				log.Info("reloaded", "what", what)
			}
		}
	}
}
