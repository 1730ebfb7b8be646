package catalog

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"
)

// Service serves queries from an in-memory Index of the stored catalog and
// rebuilds it when the version in the store changes, so several servers on
// one database show the same catalog shortly after an import.
type Service struct {
	store Store
	index atomic.Pointer[Index]
	log   *slog.Logger
}

// NewService loads the catalog from store.
func NewService(ctx context.Context, store Store, log *slog.Logger) (*Service, error) {
	s := &Service{store: store, log: log}
	if err := s.Reload(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// Index returns the current index. It never blocks on the database.
func (s *Service) Index() *Index { return s.index.Load() }

// Reload rebuilds the index from the store.
func (s *Service) Reload(ctx context.Context) error {
	c, version, err := s.store.Load(ctx)
	if err != nil {
		return err
	}
	s.index.Store(NewIndex(c, version))
	return nil
}

// Refresh reloads when the stored version differs from the index's.
func (s *Service) Refresh(ctx context.Context) (bool, error) {
	v, err := s.store.Version(ctx)
	if err != nil || v == s.Index().Version() {
		return false, err
	}
	return true, s.Reload(ctx)
}

// Watch refreshes every interval until ctx ends.
func (s *Service) Watch(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if changed, err := s.Refresh(ctx); err != nil {
				s.log.Warn("catalog refresh failed", "err", err)
			} else if changed {
				s.log.Info("catalog reloaded", "version", s.Index().Version())
			}
		}
	}
}
