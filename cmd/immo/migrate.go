package main

import (
	"context"
	"flag"
	"fmt"
)

func runMigrate(ctx context.Context, args []string) error {
	var s settings
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	s.register(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	store, err := openStore(ctx, s)
	if err != nil {
		return err
	}
	defer store.Close()
	if err := store.Migrate(ctx); err != nil {
		return err
	}
	fmt.Println("database is up to date")
	return nil
}
