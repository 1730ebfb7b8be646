// Package storage opens the catalog store the configuration asks for:
// PostgreSQL when a database URL is given, else SQLite in the data folder.
package storage

import (
	"context"
	"database/sql"
	"fmt"
	"os"

	"immo/internal/adapter/pictures"
	"immo/internal/adapter/storage/postgres"
	"immo/internal/adapter/storage/sqlite"
	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/agency"
	"immo/internal/domain/catalog"
	"immo/internal/domain/feed"
	"immo/internal/domain/mail"
	"immo/internal/domain/media"
	"immo/internal/domain/rendered"
	"immo/internal/domain/testimonial"
)

// Store is a catalog.Store the server owns: it can migrate and close it.
type Store interface {
	catalog.Store
	pictures.Store
	testimonial.Store
	testimonial.Pending // a form's testimonial, in its request's transaction
	rendered.Store      // the rendered pages every server shares
	agency.Store        // the site's published configurations
	media.Store         // the site's picture library
	feed.Store          // the catalog's runs: every import, what it did and refused
	feed.Feeds          // the CRM's feeds the catalog is pulled from and pushed to
	feed.Pictures       // the CRM's pictures fetched into the site
	// Migrate applies pending migrations; Open already did.
	Migrate(ctx context.Context) error
	// QueueDB is the pool and dialect the mail queue (mailqueue) runs on.
	QueueDB() (*sql.DB, string)
	// The tables of the visitor forms, typed: no caller asserts a type.
	Requests() *sqlstore.Requests
	Antispam() *sqlstore.Antispam
	Bookings() *sqlstore.Bookings
	Newsletter() *sqlstore.Newsletter
	Accounts() *sqlstore.Accounts // who logs in
	Platform() *sqlstore.Platform // the platform's agencies and their hosts
	// For is the stores bound to another agency than the implicit one,
	// on the same pools (sqlstore.Store.For).
	For(agency int64) *sqlstore.Store
	Agency() int64                      // the agency it is bound to (Bound; the implicit one)
	Links() *sqlstore.Links             // every account's single-use links (invitations, resets, staff links)
	Owners() *sqlstore.Owners           // which owner owns which property
	Staff() *sqlstore.Staff             // the agency's staff: roles, password links, second factors
	Inbox() *sqlstore.Inbox             // the leads as the inbox works them: lists, notes, assignment
	Audit() *sqlstore.Audit             // the audit log every change writes to (audit.Store)
	Registrants() *sqlstore.Registrants // the demand registrants: their demands and links
	Sessions() *sqlstore.Sessions       // their sessions (the session manager's store)
	Demands() *sqlstore.Demands         // registered searches and what each was told (demand.Store)
	Visits() *sqlstore.Visits           // property page visits per day (visit.Store)
	Portal() *sqlstore.Portal           // the owners' portal's reads, scoped by the owner (portal.Store)
	Alerts() *sqlstore.Alerts           // the demand alerts' scans, listings seen and pending alerts (demand.AlertStore)
	Reports() *sqlstore.Reports         // the owners' weekly figures and reports sent (report.Store)
	OptOuts() *sqlstore.OptOuts         // the alert and report mails' unsubscribe links (optout.Store)
	Grants() *sqlstore.Grants           // the agency's leave for the platform's operator (platform.GrantStore)
	// WithTx runs fn in one write transaction (a job inserted with what
	// it follows).
	WithTx(ctx context.Context, fn func(ctx context.Context, tx mail.Tx) error) error
	Close() error
}

var (
	_ Store = (*sqlite.DB)(nil)
	_ Store = (*postgres.DB)(nil)
)

// Open opens the database ParseTarget names: PostgreSQL when databaseURL is
// set (a postgres:// or postgresql:// URL, or libpq's host=… dbname=…),
// else the SQLite file immo.db in dataDir (created if missing). Any other
// databaseURL is an error. Either way the schema is migrated.
func Open(ctx context.Context, dataDir, databaseURL string) (Store, error) {
	target, err := ParseTarget(dataDir, databaseURL)
	if err != nil {
		return nil, fmt.Errorf("storage: database URL: %w", err)
	}
	// Each branch checks err itself: returning a nil *DB as Store would
	// give a non-nil interface.
	if target.Driver == Postgres {
		db, err := postgres.Open(ctx, target.url)
		if err != nil {
			return nil, err
		}
		return db, nil
	}
	if dataDir != "" {
		if err := os.MkdirAll(dataDir, 0o750); err != nil {
			return nil, fmt.Errorf("storage: %w", err)
		}
	}
	db, err := sqlite.Open(ctx, target.Database)
	if err != nil {
		return nil, err
	}
	return db, nil
}
