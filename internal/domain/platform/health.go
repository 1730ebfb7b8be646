package platform

import (
	"context"
	"time"
)

// Health is what the platform's operator sees of one agency: figures, never
// the content of its leads or accounts.
type Health struct {
	Listings     int // properties and projects online
	Leads        int // requests stored since the time asked (spam left out)
	LeadsNew     int // requests nobody has taken up yet
	Feeds        int // CRM feeds set up
	FeedsFailing int // of those, not paused, whose last run failed
	// LastRun is when the agency's catalog last moved by a run (a feed's,
	// an import's), with its status; zero: never.
	LastRun       time.Time
	LastRunStatus string
}

// HealthReader reads an agency's health: a store bound to it.
type HealthReader interface {
	Health(ctx context.Context, since time.Time) (Health, error)
}
