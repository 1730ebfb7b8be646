package storage

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// Drivers a Target names.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// Target is the database a data folder and a database URL name, as the
// start log shows it: never the password.
type Target struct {
	Driver   string // SQLite or Postgres
	Host     string // PostgreSQL's host (or socket folder); empty for SQLite
	Database string // PostgreSQL's database name, or the SQLite file
	url      string
}

func (t Target) String() string {
	if t.Driver == SQLite {
		return "sqlite " + t.Database
	}
	return fmt.Sprintf("postgres host=%s dbname=%s", t.Host, t.Database)
}

// libpq's keyword/value form starts with a keyword and an equals sign.
var keywordValue = regexp.MustCompile(`^\s*[a-z_]+\s*=`)

// connectionKeys are the libpq keywords that say where to connect; a
// keyword/value string naming none of them is not a connection string.
var (
	connectionKeys  = []string{"host", "hostaddr", "port", "dbname", "user", "service"}
	namesConnection = regexp.MustCompile(`(^|\s)(` + strings.Join(connectionKeys, "|") + `)\s*=`).MatchString
)

// ParseTarget tells which database Open would use: SQLite in dataDir when
// databaseURL is empty, PostgreSQL when it is a postgres:// or postgresql://
// URL or libpq's keyword/value form (host=… dbname=…). Anything else is an
// error: a typo must not silently mean a private SQLite file. The error
// never repeats the value, which may hold a password.
func ParseTarget(dataDir, databaseURL string) (Target, error) {
	if strings.TrimSpace(databaseURL) == "" {
		return Target{Driver: SQLite, Database: filepath.Join(dataDir, "immo.db")}, nil
	}
	const want = "want a postgres:// or postgresql:// URL, or host=… dbname=…"
	if scheme, rest, isURL := strings.Cut(databaseURL, "://"); isURL {
		switch strings.ToLower(scheme) {
		case "postgres", "postgresql":
			databaseURL = "postgres://" + rest // pgx wants the scheme in lower case
		default:
			return Target{}, fmt.Errorf("the scheme %q is not PostgreSQL's (%s)", safeScheme(scheme), want)
		}
	} else if !keywordValue.MatchString(databaseURL) {
		return Target{}, fmt.Errorf("not a database URL (%s)", want)
	} else if !namesConnection(databaseURL) {
		return Target{}, fmt.Errorf("names none of %s (%s)", strings.Join(connectionKeys, ", "), want)
	}
	cfg, err := pgconn.ParseConfig(databaseURL)
	if err != nil {
		// pgconn's message quotes the value: keep only that it failed.
		return Target{}, fmt.Errorf("cannot be read (%s)", want)
	}
	return Target{Driver: Postgres, Host: cfg.Host, Database: cfg.Database, url: databaseURL}, nil
}

// safeScheme keeps a scheme printable and short in an error message.
func safeScheme(s string) string {
	if len(s) > 20 || strings.ContainsAny(s, "@:/ ") {
		return "?"
	}
	return s
}
