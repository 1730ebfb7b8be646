// Command immo is the agency website: one binary that serves the site
// (serve), prepares the database (migrate) and loads a catalog (import).
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// version is set at build time (make build) from git.
var version = "dev"

const usage = `immo — the agency website

Usage:
  immo serve   [--addr HOST:PORT] [--data-dir DIR] [--config FILE] [--public-url URL]
  immo migrate [--data-dir DIR]
  immo import  [--data-dir DIR] [--partial] FILE
  immo version

Environment:
  IMMO_ADDR       address to listen on (default :8080)
  IMMO_DATA_DIR   where the SQLite database and generated files live (default ./var)
  IMMO_CONFIG     the site configuration file (default: the demo agency, built in)
  DATABASE_URL    a postgres:// URL: use PostgreSQL instead of SQLite
  IMMO_PUBLIC_URL the public origin for canonical links (default http://localhost:PORT)
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "immo:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) error {
	if len(args) == 0 {
		fmt.Fprint(os.Stderr, usage)
		return fmt.Errorf("a command is required")
	}
	switch args[0] {
	case "serve":
		return runServe(ctx, args[1:])
	case "migrate":
		return runMigrate(ctx, args[1:])
	case "import":
		return runImport(ctx, args[1:])
	case "version", "--version", "-v":
		fmt.Println("immo", version)
		return nil
	case "help", "--help", "-h":
		fmt.Print(usage)
		return nil
	}
	fmt.Fprint(os.Stderr, usage)
	return fmt.Errorf("unknown command %q", args[0])
}
