package storage

import (
	"context"
	"database/sql"

	"immo/internal/adapter/storage/sqlstore"
)

// Bound is s bound to agency (issue #35): every contract's statements
// scoped by it (sqlstore.Store.For), on the same pools. The platform owns
// the database: Bound's Close closes nothing, its Migrate migrates
// nothing (s is migrated once, for every agency).
func Bound(s Store, agency int64) Store {
	return bound{Store: s.For(agency), base: s}
}

type bound struct {
	*sqlstore.Store
	base Store
}

var _ Store = bound{}

func (b bound) Migrate(context.Context) error { return nil }

func (b bound) QueueDB() (*sql.DB, string) { return b.base.QueueDB() }

func (b bound) Close() error { return nil }
