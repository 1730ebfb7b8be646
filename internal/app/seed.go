package app

import (
	"context"
	"fmt"
	"log/slog"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/storage"
	"immo/internal/domain/catalog"
)

// seedDemo loads the demo agency's catalog and testimonials into an empty database, so a
// fresh `make run` shows a living site.
func seedDemo(ctx context.Context, store storage.Store, log *slog.Logger) error {
	empty, err := store.Empty(ctx)
	if err != nil || !empty {
		return err
	}
	cat, err := demo.Catalog()
	if err != nil {
		return fmt.Errorf("demo catalog: %w", err)
	}
	res, err := store.Import(ctx, cat, catalog.Keep{})
	if err != nil {
		return fmt.Errorf("seed demo catalog: %w", err)
	}
	for _, t := range demo.Testimonials() {
		if _, err := store.AddTestimonial(ctx, t); err != nil {
			return fmt.Errorf("seed demo testimonials: %w", err)
		}
	}
	log.Info("empty database: loaded the demo catalog", "properties", res.PropertiesAdded, "projects", res.ProjectsAdded)
	return nil
}
