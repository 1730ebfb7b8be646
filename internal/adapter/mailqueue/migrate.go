package mailqueue

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river/rivermigrate"
)

// Migrate creates or updates River's tables in db (the current schema on
// PostgreSQL), one version per transaction: PostgreSQL cannot use an enum
// value in the transaction that added it, which one of River's versions
// does. On PostgreSQL each transaction first takes an advisory lock per
// schema, so servers starting together take turns and each step sees the
// versions the others applied.
func Migrate(ctx context.Context, db *sql.DB, dialect string) error {
	driver, err := driverFor(db, dialect)
	if err != nil {
		return err
	}
	m, err := rivermigrate.New(driver, &rivermigrate.Config{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return fmt.Errorf("mailqueue: migrations: %w", err)
	}
	for {
		applied, err := migrateStep(ctx, db, dialect, m)
		if err != nil {
			return fmt.Errorf("mailqueue: migrate: %w", err)
		}
		if !applied {
			return nil
		}
	}
}

// migrateStep applies the next pending version, if any.
func migrateStep(ctx context.Context, db *sql.DB, dialect string, m *rivermigrate.Migrator[*sql.Tx]) (bool, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	if dialect == Postgres {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext('immo river ' || current_schema()))`); err != nil {
			return false, err
		}
	}
	res, err := m.MigrateTx(ctx, tx, rivermigrate.DirectionUp, &rivermigrate.MigrateOpts{MaxSteps: 1})
	if err != nil {
		return false, err
	}
	return len(res.Versions) > 0, tx.Commit()
}
