package main

import (
	"context"
	"fmt"
	"slices"

	"immo/internal/adapter/storage"
	"immo/internal/domain/platform"
)

// openStore opens the configured database and applies its migrations. A
// DATABASE_URL that names no database immo speaks is an error naming it.
func openStore(ctx context.Context, s settings) (storage.Store, storage.Target, error) {
	target, err := storage.ParseTarget(s.dataDir, s.databaseURL)
	if err != nil {
		return nil, target, fmt.Errorf("DATABASE_URL: %w", err)
	}
	store, err := storage.Open(ctx, s.dataDir, s.databaseURL)
	if err != nil {
		return nil, target, fmt.Errorf("open database (%s): %w", target, err)
	}
	if s.agency == 0 || s.agency == platform.Implicit {
		return store, target, nil
	}
	bound, err := bindAgency(ctx, store, s.agency)
	if err != nil {
		store.Close()
		return nil, target, err
	}
	return bound, target, nil
}

// bindAgency is store bound to agency id (--agency), which must exist; an
// agency without a configuration gets its starter first, as its site's
// first request would (so no command publishes the demo's for it).
func bindAgency(ctx context.Context, store storage.Store, id int64) (storage.Store, error) {
	all, err := store.Platform().Agencies(ctx)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(all, func(a platform.Agency) bool { return a.ID == id })
	if i < 0 {
		return nil, fmt.Errorf("--agency %d: no such agency (immo agencies list)", id)
	}
	bound := storage.Bound(store, id)
	if _, err := openAdded(ctx, bound, all[i], nil); err != nil {
		return nil, err
	}
	return ownedBound{Store: bound, base: store}, nil
}

// ownedBound is a bound store whose Close closes the database: the
// command's.
type ownedBound struct {
	storage.Store
	base storage.Store
}

func (o ownedBound) Close() error { return o.base.Close() }
