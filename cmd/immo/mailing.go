package main

import (
	"context"
	"log/slog"

	"immo/internal/adapter/storage"
	"immo/internal/app"
)

// mailedLinkOrigin is --public-url's help in a command that mails a link
// (owners, staff).
const mailedLinkOrigin = "the site's public origin, which the mailed link starts with (env IMMO_PUBLIC_URL; default http://localhost:8080)"

// openMailing opens the store of a command that mails the accounts' links
// (owners, staff) and its app.Config (mailingConfig); the caller closes the
// store.
func openMailing(ctx context.Context, s settings) (storage.Store, app.Config, error) {
	store, _, err := openStore(ctx, s)
	if err != nil {
		return nil, app.Config{}, err
	}
	c, err := mailingConfig(ctx, s, store)
	if err != nil {
		store.Close()
		return nil, app.Config{}, err
	}
	return store, c, nil
}

// mailingConfig is the app.Config of a command that mails the accounts'
// links (owners, staff, an import's owners): the site as published (or
// --config), the links starting with --public-url (default
// http://localhost:8080), nothing logged.
func mailingConfig(ctx context.Context, s settings, store storage.Store) (app.Config, error) {
	if s.publicURL == "" {
		s.publicURL = "http://localhost:8080"
	}
	cfg, err := loadSite(ctx, store, s.configFile)
	if err != nil {
		return app.Config{}, err
	}
	return app.Config{Store: store, Site: cfg, PublicURL: s.publicURL, Log: slog.New(slog.DiscardHandler)}, nil
}
