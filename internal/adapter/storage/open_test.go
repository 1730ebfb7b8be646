package storage_test

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"immo/internal/adapter/storage"
	"immo/internal/adapter/storage/postgres"
	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/adapter/storage/sqlite"
)

func TestOpenSQLite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data", "nested")
	s, err := storage.Open(t.Context(), dir, "")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, ok := s.(*sqlite.DB); !ok {
		t.Errorf("Open = %T, want *sqlite.DB", s)
	}
	if _, err := os.Stat(filepath.Join(dir, "immo.db")); err != nil {
		t.Error(err)
	}
}

func TestOpenPostgres(t *testing.T) {
	s, err := storage.Open(t.Context(), t.TempDir(), pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, ok := s.(*postgres.DB); !ok {
		t.Errorf("Open = %T, want *postgres.DB", s)
	}
}

func TestOpenError(t *testing.T) {
	// A file where the data folder should be.
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := storage.Open(t.Context(), file, "")
	if err == nil {
		s.Close()
		t.Fatal("Open succeeded with a file as data folder")
	}
	if s != nil {
		t.Errorf("Open returned a non-nil Store (%T) with its error", s)
	}
}

func TestParseTarget(t *testing.T) {
	for _, tc := range []struct {
		url                    string
		driver, host, database string
		bad                    bool
	}{
		{url: "", driver: storage.SQLite, database: filepath.Join("data", "immo.db")},
		{url: "  ", driver: storage.SQLite, database: filepath.Join("data", "immo.db")},
		{url: "postgres://u:secret@db.example:5433/immo?sslmode=disable", driver: storage.Postgres, host: "db.example", database: "immo"},
		{url: "postgresql://u@db.example/immo", driver: storage.Postgres, host: "db.example", database: "immo"},
		{url: "POSTGRES://u@db.example/immo", driver: storage.Postgres, host: "db.example", database: "immo"},
		{url: "host=db.example dbname=immo user=u password=secret", driver: storage.Postgres, host: "db.example", database: "immo"},
		{url: "dbname = immo host = /run/postgresql", driver: storage.Postgres, host: "/run/postgresql", database: "immo"},
		{url: "mysql://u:secret@h/db", bad: true},
		{url: "postgress://u:secret@h/db", bad: true},
		{url: "sqlite:///var/immo.db", bad: true},
		{url: "garbage", bad: true},
		{url: "secret", bad: true},
		{url: "foo=bar", bad: true},
		{url: "/var/lib/immo.db", bad: true},
	} {
		got, err := storage.ParseTarget("data", tc.url)
		if tc.bad {
			if err == nil {
				t.Errorf("%q: accepted as %v", tc.url, got)
			} else if strings.Contains(err.Error(), "secret") {
				t.Errorf("%q: the error repeats the password: %v", tc.url, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.url, err)
			continue
		}
		if got.Driver != tc.driver || got.Host != tc.host || got.Database != tc.database {
			t.Errorf("%q = %+v, want %s host %q database %q", tc.url, got, tc.driver, tc.host, tc.database)
		}
		if strings.Contains(got.String(), "secret") {
			t.Errorf("%q: String() shows the password: %s", tc.url, got)
		}
	}
}

func TestOpenRefusesOtherDatabases(t *testing.T) {
	dir := t.TempDir()
	for _, url := range []string{"mysql://u@h/db", "postgress://u@h/db", "garbage"} {
		s, err := storage.Open(t.Context(), dir, url)
		if err == nil {
			s.Close()
			t.Errorf("%q: Open succeeded", url)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "immo.db")); err == nil {
		t.Error("a refused URL still created the SQLite file")
	}
}

func TestOpenPostgresKeywordValue(t *testing.T) {
	u, err := url.Parse(pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	kv := fmt.Sprintf("host=%s port=%s dbname=%s user=%s sslmode=disable search_path=%s",
		u.Hostname(), u.Port(), strings.TrimPrefix(u.Path, "/"), u.User.Username(), u.Query().Get("search_path"))
	s, err := storage.Open(t.Context(), t.TempDir(), kv)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, ok := s.(*postgres.DB); !ok {
		t.Errorf("Open(%q) = %T, want *postgres.DB", kv, s)
	}
}
