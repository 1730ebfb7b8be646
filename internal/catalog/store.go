package catalog

import "context"

// Store keeps the catalog. One implementation per database (SQLite,
// PostgreSQL); both pass the same suite in internal/storage/storagetest.
type Store interface {
	// Version is the catalog version; it grows on every import, so servers
	// sharing one database know when to reload their in-memory index.
	Version(ctx context.Context) (int64, error)
	// Load returns the online catalog and the version it belongs to.
	Load(ctx context.Context) (*Catalog, int64, error)
	// Import upserts every listing by ID in one transaction, takes offline
	// the properties and projects absent from c, and bumps the version.
	Import(ctx context.Context, c *Catalog) (ImportResult, error)
	// Empty tells whether nothing was ever imported.
	Empty(ctx context.Context) (bool, error)
}

// ImportResult summarises an import.
type ImportResult struct {
	Types             int   `json:"types"`
	PropertiesAdded   int   `json:"propertiesAdded"`
	PropertiesUpdated int   `json:"propertiesUpdated"`
	PropertiesOffline int   `json:"propertiesOffline"`
	ProjectsAdded     int   `json:"projectsAdded"`
	ProjectsUpdated   int   `json:"projectsUpdated"`
	ProjectsOffline   int   `json:"projectsOffline"`
	Version           int64 `json:"version"`
}
