// Package sqlstore holds the queries of every store on SQL, written once on
// database/sql for SQLite and PostgreSQL alike; a Dialect carries what
// differs. The database packages (storage/sqlite, storage/postgres) open the
// connections, run their migrations and construct a Store with their
// dialect.
package sqlstore

import (
	"context"
	"database/sql"
	"fmt"

	"immo/internal/adapter/pictures"
	"immo/internal/domain/catalog"
	"immo/internal/domain/platform"
	"immo/internal/domain/testimonial"
)

var (
	_ catalog.Store     = (*Store)(nil)
	_ pictures.Store    = (*Store)(nil)
	_ testimonial.Store = (*Store)(nil)
)

// Store is the catalog, picture and testimonial store on one database; its
// Requests, Bookings and Antispam are the visitor forms' stores on the same
// pools.
// Writes go to write and reads to read: on SQLite these are the single
// writer connection and the read-only pool (one writer at a time, so
// writes queue in Go rather than contend for the lock); on PostgreSQL they
// are the same pool.
type Store struct {
	d     Dialect
	write *sql.DB
	read  *sql.DB
	// agency is the agency every query reads and writes (the column
	// agency_id of every table of an agency's data): set by New and For
	// only, never by a caller's argument, so no query can forget it.
	agency int64
	// after is what waits for the commit of each write transaction, shared
	// by every copy For makes.
	after *afterCommits
}

// New returns the store on write and read, which the caller owns (and
// closes), bound to the implicit agency.
func New(d Dialect, write, read *sql.DB) *Store {
	return &Store{d: d, write: write, read: read, agency: platform.Implicit, after: &afterCommits{}}
}

// For is the store bound to agency: the same pools, every query scoped by
// it (issue #35).
func (s *Store) For(agency int64) *Store {
	c := *s
	c.agency = agency
	return &c
}

// Agency is the agency the store is bound to.
func (s *Store) Agency() int64 { return s.agency }

// errorf prefixes an error with the dialect's name.
func (s *Store) errorf(format string, args ...any) error {
	return fmt.Errorf(s.d.Name+": "+format, args...)
}

// writeTx runs fn in a transaction on the writer and commits when fn
// returns nil. Inside InTx (ctx holds its transaction) fn runs in that
// transaction, which InTx commits.
func (s *Store) writeTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	if tx := s.heldTx(ctx); tx != nil {
		return fn(tx)
	}
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		tx.Rollback()
		s.after.take(tx) // rolled back: nothing of it runs
	}()
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	for _, f := range s.after.take(tx) {
		f()
	}
	return nil
}

// heldKey is the context key of the transaction InTx holds.
type heldKey struct{}

type held struct {
	s  *Store
	tx *sql.Tx
}

// heldTx is the transaction InTx holds in ctx on s, nil outside one.
func (s *Store) heldTx(ctx context.Context) *sql.Tx {
	if h, ok := ctx.Value(heldKey{}).(held); ok && h.s.write == s.write && h.s.agency == s.agency {
		return h.tx
	}
	return nil
}

// InTx runs fn in one write transaction, committed when fn returns nil:
// every write this store's tables (requests, antispam, bookings…) make
// with fn's context joins it, so a form post — its challenge spent, its
// counters, the request and its mails — is one transaction on SQLite's
// single writer. A Save inside it is a savepoint: its refusal or repeat
// undoes the request, not the counters. fn must not keep the context past
// its return.
func (s *Store) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if s.heldTx(ctx) != nil {
		return fn(ctx)
	}
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		return fn(context.WithValue(ctx, heldKey{}, held{s, tx}))
	})
}
