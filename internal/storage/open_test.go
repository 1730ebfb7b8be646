package storage_test

import (
	"os"
	"path/filepath"
	"testing"

	"immo/internal/storage"
	"immo/internal/storage/postgres"
	"immo/internal/storage/postgres/pgtest"
	"immo/internal/storage/sqlite"
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
