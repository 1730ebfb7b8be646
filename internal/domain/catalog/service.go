package catalog

import (
	"context"
	"sync"
	"sync/atomic"
)

// Service serves queries from an in-memory Index of the stored catalog and
// rebuilds it when Refresh finds a new version in the store (cmd/immo calls
// it every few seconds), so several servers on one database show the same
// catalog shortly after an import.
type Service struct {
	store Store
	index atomic.Pointer[Index]
	// reloading lets one reload run at a time: a refresh that waited for
	// another finds the version current (the server that ran a CRM feed
	// refreshes at once, and its 2 s watch may fire meanwhile).
	reloading sync.Mutex
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
	s.reloading.Lock()
	defer s.reloading.Unlock()
	return s.load(ctx)
}

func (s *Service) load(ctx context.Context) error {
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

// Refresh reloads when the stored version differs from the index's: the
// listings written since the index's version patch it; a
// store behind the index (restored) or an index of nothing is loaded
// whole.
func (s *Service) Refresh(ctx context.Context) (bool, error) {
	s.reloading.Lock()
	defer s.reloading.Unlock()
	v, err := s.store.Version(ctx)
	ix := s.Index()
	if err != nil || v == ix.Version() {
		return false, err
	}
	if ix.Version() == 0 || v < ix.Version() {
		return true, s.load(ctx)
	}
	ch, err := s.store.Changes(ctx, ix.Version())
	if err != nil {
		return false, err
	}
	s.index.Store(ix.patch(ch))
	return true, nil
}
