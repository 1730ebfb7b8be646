package main

import (
	"bytes"
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/storage/postgres/pgtest"
)

// captureStdout sends what commands print to a buffer for the test.
func captureStdout(t *testing.T) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	old := stdout
	stdout = &buf
	t.Cleanup(func() { stdout = old })
	return &buf
}

func TestHelp(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"help"}, []string{"immo serve", "immo import", "IMMO_MAP_TILES", "IMMO_MAP_ATTRIBUTION", "DATABASE_URL", "immo mail", "IMMO_SMTP_URL", "IMMO_CAPTCHA_SECRET", "IMMO_CLOCK_FILE"}},
		{[]string{"--help"}, []string{"immo migrate"}},
		{[]string{"serve", "--help"}, []string{"immo serve", "-addr", "-public-url", "IMMO_MAP_TILES", "IMMO_MAP_ATTRIBUTION"}},
		{[]string{"serve", "-h"}, []string{"immo serve"}},
		{[]string{"migrate", "--help"}, []string{"immo migrate", "-data-dir"}},
		{[]string{"import", "--help"}, []string{"immo import", "-partial", "-allow-empty"}},
		{[]string{"mail", "--help"}, []string{"immo mail", "-limit", "IMMO_SMTP_URL"}},
	} {
		out := captureStdout(t)
		if err := run(context.Background(), tc.args); err != nil {
			t.Errorf("%v: %v", tc.args, err)
		}
		for _, w := range tc.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%v: the usage lacks %q:\n%s", tc.args, w, out)
			}
		}
	}
	if err := run(context.Background(), []string{"serve", "--frobnicate"}); err == nil {
		t.Error("an unknown flag must fail")
	}
}

// TestDatabaseURL: every command that opens the database refuses a
// DATABASE_URL that is not PostgreSQL's, naming the variable, and never
// falls back to SQLite.
func TestDatabaseURL(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "catalog.json")
	os.WriteFile(file, []byte(`{"types":[{"ID":1,"WebID":1,"Name":{"fr":"Maison"}}],"properties":[{"ID":1,"Goal":0,"WebID":1,"Price":250000,"City":"Arlon","Zip":"6700","CountryID":10}],"projects":[]}`), 0o644)
	commands := map[string][]string{
		"migrate": {"migrate", "--data-dir", dir},
		"import":  {"import", "--data-dir", dir, file},
		"serve":   {"serve", "--data-dir", dir, "--addr", "127.0.0.1:0"},
	}
	for _, bad := range []string{"mysql://u:secret@h/db", "postgress://u:secret@h/db", "garbage", "host"} {
		for name, args := range commands {
			t.Setenv("DATABASE_URL", bad)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			err := run(ctx, args)
			cancel()
			if err == nil || !strings.Contains(err.Error(), "DATABASE_URL") {
				t.Errorf("%s with DATABASE_URL=%q: %v, want an error naming DATABASE_URL", name, bad, err)
			} else if strings.Contains(err.Error(), "secret") {
				t.Errorf("%s: the error shows the password: %v", name, err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "immo.db")); err == nil {
		t.Error("a refused DATABASE_URL still created the SQLite file")
	}
}

// syncBuffer is a log destination the server goroutine and the test share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestServeStartLog: the start log names the database (driver, host,
// database, never the password) and the configuration file.
func TestServeStartLog(t *testing.T) {
	pg, err := url.Parse(pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	pg.User = url.UserPassword(pg.User.Username(), "s3cret") // trust auth ignores it
	config, err := filepath.Abs("../../internal/adapter/demo/site.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, databaseURL string
		args              []string
		want              []string
	}{
		{"sqlite, demo", "", nil,
			[]string{"driver=sqlite", "immo.db", `file="built-in demo agency"`}},
		{"postgres, file", pg.String(), []string{"--config", config},
			[]string{"driver=postgres", "host=127.0.0.1", "database=test", "file=" + config}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("DATABASE_URL", tc.databaseURL)
			logs := &syncBuffer{}
			old := logOutput
			logOutput = logs
			defer func() { logOutput = old }()
			captureStdout(t)
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				done <- run(ctx, append([]string{"serve", "--data-dir", t.TempDir(), "--addr", "127.0.0.1:0"}, tc.args...))
			}()
			deadline := time.Now().Add(30 * time.Second)
			for !strings.Contains(logs.String(), "immo is serving") && time.Now().Before(deadline) {
				select {
				case err := <-done:
					t.Fatalf("serve ended: %v\n%s", err, logs)
				case <-time.After(20 * time.Millisecond):
				}
			}
			cancel()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(logs.String(), w) {
					t.Errorf("the start log lacks %q:\n%s", w, logs)
				}
			}
			if strings.Contains(logs.String(), "s3cret") {
				t.Errorf("the start log shows the password:\n%s", logs)
			}
		})
	}
}
