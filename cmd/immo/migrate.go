package main

import (
	"context"
	"fmt"
)

func runMigrate(ctx context.Context, args []string) error {
	var s settings
	fs := s.flagSet("migrate", migrateSynopsis)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	store, _, err := openStore(ctx, s)
	if err != nil {
		return err
	}
	defer store.Close()
	if err := store.Migrate(ctx); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "database is up to date")
	return nil
}
