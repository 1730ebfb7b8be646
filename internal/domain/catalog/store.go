package catalog

import (
	"context"
	"time"
)

// Store keeps the catalog. One implementation per database (SQLite,
// PostgreSQL); both pass the same suite in internal/adapter/storage/storagetest.
type Store interface {
	// Version is the catalog version; it grows on every import, so servers
	// sharing one database know when to reload their in-memory index.
	Version(ctx context.Context) (int64, error)
	// Load returns the online catalog and the version it belongs to.
	Load(ctx context.Context) (*Catalog, int64, error)
	// Changes are what imports wrote after version since, up to the
	// stored version (one snapshot): the server whose index is at since
	// patches it (Service.Refresh) instead of loading every listing again.
	Changes(ctx context.Context, since int64) (Changes, error)
	// Listed is what an import checks a file against, read without the
	// listings' documents (an import of 10 000 listings must not decode
	// the 10 000 stored ones).
	Listed(ctx context.Context) (Listed, error)
	// FirstSeen are the first-seen dates (DateCreated) of those of ids
	// that are online properties, read by the database out of their
	// documents: an import asks only for the records that carry none.
	FirstSeen(ctx context.Context, ids []int64) (map[int64]time.Time, error)
	// Import upserts every listing by ID in one transaction, takes offline
	// the properties and projects absent from c except those keep names
	// (they stay exactly as they are), and bumps the version when it
	// changed anything (a type, a listing written or taken offline). A
	// listing whose stored document and online state already match is left
	// untouched and counted as unchanged; an import that changes nothing
	// leaves the version, so no server reloads and no cached page goes.
	Import(ctx context.Context, c *Catalog, keep Keep) (ImportResult, error)
	// Empty tells whether nothing was ever imported.
	Empty(ctx context.Context) (bool, error)
}

// Changes are the catalog's changes after a version.
type Changes struct {
	// Version is the stored version the changes lead to.
	Version int64
	// Types are every type (a handful: always all of them).
	Types []PropertyType
	// Properties and Projects are the listings written online after the
	// version, by ID.
	Properties []Property
	Projects   []Project
	// OfflineProperties and OfflineProjects are the listings taken
	// offline after it.
	OfflineProperties []int64
	OfflineProjects   []int64
}

// Listed is the stored catalog as an import sees it.
type Listed struct {
	Types []PropertyType
	// Properties are the online properties.
	Properties map[int64]bool
	// Projects are the online projects.
	Projects []int64
}

// Keep names the listings an import leaves as they are although they are
// absent from its catalog: neither updated nor taken offline. The importer
// keeps the listings whose records it rejected (--partial).
type Keep struct {
	Properties []int64
	Projects   []int64
}

// ImportResult summarises an import.
type ImportResult struct {
	Types               int `json:"types"`
	PropertiesAdded     int `json:"propertiesAdded"`
	PropertiesUpdated   int `json:"propertiesUpdated"`
	PropertiesUnchanged int `json:"propertiesUnchanged"`
	PropertiesOffline   int `json:"propertiesOffline"`
	ProjectsAdded       int `json:"projectsAdded"`
	ProjectsUpdated     int `json:"projectsUpdated"`
	ProjectsUnchanged   int `json:"projectsUnchanged"`
	ProjectsOffline     int `json:"projectsOffline"`
	// Version is the catalog version the import made; 0 when it changed
	// nothing (the catalog stays at the version it had).
	Version int64 `json:"version"`
}
