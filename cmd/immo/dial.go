package main

import (
	"context"
	"fmt"

	"immo/internal/adapter/storage"
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
	return store, target, nil
}
