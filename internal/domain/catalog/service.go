package catalog

import (
	"context"
	"sync/atomic"
)

// Service serves queries from an in-memory Index of the stored catalog and
// rebuilds it when Refresh finds a new version in the store (cmd/immo calls
// it every few seconds), so several servers on one database show the same
// catalog shortly after an import.
type Service struct {
	store Store
	index atomic.Pointer[Index]
}

// NewService loads the catalog from store.
func NewService(ctx context.Context, store Store) (*Service, error) {
	s := &Service{store: store}
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

// Ping tells whether the store answers (the server's readiness): it reads
// the stored version, a query as light as a ping on both databases.
func (s *Service) Ping(ctx context.Context) error {
	_, err := s.store.Version(ctx)
	return err
}

// Refresh reloads when the stored version differs from the index's.
func (s *Service) Refresh(ctx context.Context) (bool, error) {
	v, err := s.store.Version(ctx)
	if err != nil || v == s.Index().Version() {
		return false, err
	}
	return true, s.Reload(ctx)
}
