package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrInUse says the database to restore over has a WAL file: a server has
// it open, or was killed.
var ErrInUse = errors.New("sqlite: the database is in use (it has a WAL file)")

// Backup writes a consistent copy of the database at path to the new file
// to while servers go on writing it: VACUUM INTO reads one snapshot (a read
// transaction of the WAL), so everything committed before it started is in
// the copy, and nothing half-written.
func Backup(ctx context.Context, path, to string) error {
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("sqlite: backup: no database: %w", err)
	}
	if _, err := os.Stat(to); err == nil {
		return fmt.Errorf("sqlite: backup: %s exists: name a new file", to)
	}
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", to); err != nil {
		os.Remove(to)
		return fmt.Errorf("sqlite: backup: %w", err)
	}
	return nil
}

// Restore puts the backup from in place of the database at path, with the
// servers stopped: it checks the backup (a whole SQLite database with
// immo's tables), copies it next to path and renames it over it (path's
// WAL and shared-memory files removed), so a failure leaves the old
// database whole. With a WAL file next to path it refuses (ErrInUse)
// unless force. The caller opens it after (Open migrates an older one).
func Restore(ctx context.Context, from, path string, force bool) error {
	if _, err := os.Stat(from); err != nil {
		return fmt.Errorf("sqlite: restore: %w", err)
	}
	if _, err := os.Stat(path + "-wal"); err == nil && !force {
		return ErrInUse
	}
	src, err := sql.Open("sqlite", "file:"+from+"?mode=ro")
	if err != nil {
		return err
	}
	defer src.Close()
	var ok string
	if err := src.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&ok); err != nil || ok != "ok" {
		return fmt.Errorf("sqlite: restore: %s is no whole SQLite database (%s %v)", from, ok, err)
	}
	var n int
	if err := src.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE name IN ('requests', 'river_job')").Scan(&n); err != nil || n != 2 {
		return fmt.Errorf("sqlite: restore: %s is no database of immo", from)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".restoring"
	os.Remove(tmp)
	if _, err := src.ExecContext(ctx, "VACUUM INTO ?", tmp); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("sqlite: restore: %w", err)
	}
	for _, f := range []string{path + "-wal", path + "-shm"} {
		if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return os.Rename(tmp, path)
}
