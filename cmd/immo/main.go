// Command immo is the agency website: one binary that serves the site
// (serve), prepares the database (migrate), loads a catalog (import) and
// lists the mail queue (mail).
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// version is set at build time (make build) from git.
var version = "dev"

// Usage lines of the commands.
const (
	serveSynopsis   = "immo serve   [--addr HOST:PORT] [--data-dir DIR] [--config FILE] [--public-url URL]"
	migrateSynopsis = "immo migrate [--data-dir DIR]"
	importSynopsis  = "immo import  [--data-dir DIR] [--agency N] [--partial] [--allow-empty] [--config FILE] [--public-url URL] FILE"
	mailSynopsis    = "immo mail    [--data-dir DIR] [--agency N] [--limit N] [--text ID] [--hold | --release]"
)

const usage = `immo — the agency website

Usage:
  ` + serveSynopsis + `
  ` + migrateSynopsis + `
  ` + importSynopsis + `
  ` + mailSynopsis + `
  ` + backupSynopsis + `
  ` + restoreSynopsis + `
  ` + testimonialsSynopsis + `
  ` + ownersSynopsis + `
  ` + staffSynopsis + `
  ` + unlockSynopsis + `
  ` + configSynopsis + `
  ` + feedsSynopsis + `
  ` + agenciesSynopsis + `
  immo version
  immo COMMAND --help

` + environment

const environment = `Environment:
  IMMO_ADDR            address to listen on (default :8080)
  IMMO_DATA_DIR        where the SQLite database and generated files live (default ./var)
  IMMO_CONFIG          a site configuration file, published at start unless published before
                       (default: what is published; the demo agency, built in, when nothing is)
  DATABASE_URL         PostgreSQL instead of SQLite: a postgres:// or postgresql:// URL,
                       or libpq's "host=… dbname=…"; anything else is an error
  IMMO_SECRET          the key material (at least 32 bytes) signing the forms' challenges,
                       hashing senders' addresses and sealing the staff's second-factor secrets
                       (changing it voids those: immo staff reset-2fa); the same on every server
                       of one database
                       (default: IMMO_DATA_DIR/secret, made on first start, mode 0600)
  IMMO_CAPTCHA_SECRET  the secret of the third-party captcha the configuration names (its
                       "captcha" section); required with one, unused without (ALTCHA)
  IMMO_PUBLIC_URL      the public origin for canonical links (default http://localhost:PORT)
  IMMO_MAP_TILES       the map's tile URL template; "none" draws the map without tiles
                       (default OpenStreetMap's)
  IMMO_MAP_ATTRIBUTION the tile provider's attribution (default OpenStreetMap's)
  IMMO_SMTP_URL        where mails go: smtp://user:pass@host:587 (STARTTLS),
                       smtps://user:pass@host:465 (implicit TLS), smtp://host:port?tls=none
                       (no TLS: a local relay or test server); unset, mails wait in the queue
  IMMO_TRUSTED_PROXIES the reverse proxies in front (CIDR prefixes or addresses, comma-separated):
                       behind one the visitor is the right-most X-Forwarded-For address that is
                       not a proxy; unset, the connection's address (X-Forwarded-For ignored)
  IMMO_FEED_PRIVATE_HOSTS
                       the CRM hosts on the agency's own network a feed may reach over plain
                       HTTP and at a private address (comma-separated names); unset, a feed
                       reaches public hosts over HTTPS only
  IMMO_SITES_LOADED    how many agencies' sites a server keeps built at once, the least
                       recently used dropped past it (default 16)
  IMMO_CLOCK_FILE      a test aid, never for a real site: serve's clock is the wall clock plus
                       the duration written in this file ("1h5m"; empty or missing: 0), read
                       again within a second of a change (default: unset, the wall clock)
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "immo:", err)
		os.Exit(1)
	}
}

// run runs the command args name; a command's --help is a success.
func run(ctx context.Context, args []string) error {
	if err := dispatch(ctx, args); err != nil && !errors.Is(err, errHelp) {
		return err
	}
	return nil
}

// commands run the commands by name, with the arguments after it.
var commands = map[string]func(ctx context.Context, args []string) error{
	"serve": runServe, "migrate": runMigrate, "import": runImport, "mail": runMail, "backup": runBackup,
	"restore": runRestore, "testimonials": runTestimonials, "owners": runOwners, "staff": runStaff,
	"unlock": runUnlock, "config": runConfig, "feeds": runFeeds, "agencies": runAgencies,
}

func dispatch(ctx context.Context, args []string) error {
	if len(args) == 0 {
		fmt.Fprint(os.Stderr, usage)
		return fmt.Errorf("a command is required")
	}
	if command, ok := commands[args[0]]; ok {
		return command(ctx, args[1:])
	}
	switch args[0] {
	case "version", "--version", "-v":
		fmt.Fprintln(stdout, "immo", version)
		return nil
	case "help", "--help", "-h":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(os.Stderr, usage)
	return fmt.Errorf("unknown command %q", args[0])
}
