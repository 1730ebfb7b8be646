package sqlite

import (
	"database/sql"
	"path/filepath"
	"testing"
)

// The pragmas come from the DSN, so every pooled connection must have them;
// the test holds several read connections at once to look past the first.
func TestPragmas(t *testing.T) {
	db, err := Open(t.Context(), filepath.Join(t.TempDir(), "immo.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	want := map[string]string{
		"journal_mode": "wal",
		"busy_timeout": "5000",
		"foreign_keys": "1",
		"synchronous":  "1", // NORMAL
		"cache_size":   "-1024",
	}
	check := func(name string, conn *sql.Conn) {
		for pragma, w := range want {
			var got string
			if err := conn.QueryRowContext(t.Context(), "PRAGMA "+pragma).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != w {
				t.Errorf("%s: PRAGMA %s = %s, want %s", name, pragma, got, w)
			}
		}
	}

	w, err := db.write.Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	check("writer", w)

	for range readers {
		r, err := db.read.Conn(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		check("reader", r)
		if _, err := r.ExecContext(t.Context(), `DELETE FROM properties`); err == nil {
			t.Error("reader: a write succeeded; the read pool must be query_only")
		}
	}
}
