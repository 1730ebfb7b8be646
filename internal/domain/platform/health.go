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
	// ServerErrors counts the server errors (5xx) its site answered since
	// the time asked, every server's, up to their last minute.
	ServerErrors int
}

// HealthReader reads an agency's health: a store bound to it.
type HealthReader interface {
	Health(ctx context.Context, since time.Time) (Health, error)
}

// ErrorCounter keeps an agency's count of server errors: a store bound to
// it.
type ErrorCounter interface {
	// CountServerErrors adds n errors to the hour's count, and forgets the
	// hours before ErrorsKept.
	CountServerErrors(ctx context.Context, hour time.Time, n int) error
}

// ErrorsKept is how long the hourly counts of server errors are kept.
const ErrorsKept = 30 * 24 * time.Hour
