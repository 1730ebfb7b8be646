package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"immo/internal/adapter/storage"
	"immo/internal/adapter/storage/sqlite"
)

const (
	backupSynopsis  = "immo backup  [--data-dir DIR] FILE"
	restoreSynopsis = "immo restore [--data-dir DIR] [--force] FILE"
)

// errPostgresBackup points a PostgreSQL user at the database's own tools.
var errPostgresBackup = errors.New("DATABASE_URL names PostgreSQL: back it up with pg_dump --format=custom " +
	"and restore it with pg_restore --clean --if-exists (README, \"The binary\")")

// runBackup writes a consistent copy of the SQLite database to FILE while
// servers go on serving (sqlite.Backup: VACUUM INTO).
func runBackup(ctx context.Context, args []string) error {
	var s settings
	fs := s.flagSet("backup", backupSynopsis)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("backup: one FILE to write is required (%s)", backupSynopsis)
	}
	file, err := filepath.Abs(fs.Arg(0))
	if err != nil {
		return err
	}
	target, err := storage.ParseTarget(s.dataDir, s.databaseURL)
	if err != nil {
		return fmt.Errorf("DATABASE_URL: %w", err)
	}
	if target.Driver != storage.SQLite {
		return errPostgresBackup
	}
	if err := sqlite.Backup(ctx, target.Database, file); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s\n", target.Database, file)
	return nil
}

// runRestore puts a backup in place of the SQLite database, the servers
// stopped (sqlite.Restore), then migrates it and holds its mail queue: the
// mails queued when the backup was taken were mostly sent since, and would
// go again to the same people; the operator looks (immo mail) and releases
// them (immo mail --release).
func runRestore(ctx context.Context, args []string) error {
	var s settings
	fs := s.flagSet("restore", restoreSynopsis)
	force := fs.Bool("force", false, "restore although the database has a WAL file (its servers killed, not stopped)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("restore: one backup FILE is required (%s)", restoreSynopsis)
	}
	target, err := storage.ParseTarget(s.dataDir, s.databaseURL)
	if err != nil {
		return fmt.Errorf("DATABASE_URL: %w", err)
	}
	if target.Driver != storage.SQLite {
		return errPostgresBackup
	}
	err = sqlite.Restore(ctx, fs.Arg(0), target.Database, *force)
	if errors.Is(err, sqlite.ErrInUse) {
		return fmt.Errorf("restore: %s is in use (it has a WAL file): stop the servers first (--force if they were killed)", target.Database)
	}
	if err != nil {
		return err
	}
	store, err := storage.Open(ctx, s.dataDir, "") // a backup older than the binary: its migrations
	if err != nil {
		return fmt.Errorf("restore: the restored database: %w", err)
	}
	defer store.Close()
	queued, err := holdMail(ctx, store)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	fmt.Fprintf(stdout, "restored %s from %s\n", target.Database, fs.Arg(0))
	fmt.Fprintf(stdout, "the mail queue is held: mails waiting: %d, queued when the backup was taken and perhaps sent "+
		"since (immo mail lists them); immo mail --release sends them\n", queued)
	return nil
}
