package main

import (
	"context"
	"database/sql"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/smtptest"
	"immo/internal/adapter/storage"
	"immo/internal/domain/mail"
)

type testTx struct{ tx *sql.Tx }

func (testTx) StorageTx()       {}
func (t testTx) SQLTx() *sql.Tx { return t.tx }

// queueMails commits one mail per subject into the SQLite store in dir.
func queueMails(t *testing.T, dir string, subjects ...string) {
	t.Helper()
	store, err := storage.Open(t.Context(), dir, "")
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	db, dialect := store.QueueDB()
	q, err := mailqueue.New(db, dialect, mailqueue.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range subjects {
		tx, err := db.BeginTx(t.Context(), nil)
		if err != nil {
			t.Fatal(err)
		}
		m := mail.Message{To: []mail.Address{{Email: "agency@example.be"}}, Subject: s, Text: "text"}
		if err := q.Enqueue(t.Context(), testTx{tx}, m); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
	}
}

// immo mail lists the newest mails first with their state, as many as
// --limit says.
func TestMailCommand(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	dir := t.TempDir()
	tests := []struct {
		name  string
		args  []string
		want  []string // in this order
		never []string
	}{
		{"empty", nil, []string{"no mails"}, []string{"ID"}},
		{"newest first", nil, []string{"STATE", "Visite — 2", "queued", "Visite — 1"}, nil},
		{"limited", []string{"--limit", "1"}, []string{"Visite — 2"}, []string{"Visite — 1"}},
	}
	for i, tt := range tests {
		if i == 1 {
			queueMails(t, dir, "Visite — 1", "Visite — 2")
		}
		out := captureStdout(t)
		if err := run(context.Background(), append([]string{"mail", "--data-dir", dir}, tt.args...)); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		rest := out.String()
		for _, w := range tt.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s: %q missing or out of order:\n%s", tt.name, w, out)
				break
			}
			rest = rest[i+len(w):]
		}
		for _, n := range tt.never {
			if strings.Contains(out.String(), n) {
				t.Errorf("%s: %q listed:\n%s", tt.name, n, out)
			}
		}
	}
}

// immo serve sends the queued mails as the agency when IMMO_SMTP_URL is
// set, and says once that they wait when it is not.
func TestServeSendsMail(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	srv := smtptest.Start(t)
	for _, tc := range []struct {
		name, smtpURL string
		log           string
		sent          int
	}{
		{"without SMTP", "", "IMMO_SMTP_URL is not set", 0},
		{"with SMTP", srv.URL(), "mail: sending", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			queueMails(t, dir, "Visite")
			t.Setenv("IMMO_SMTP_URL", tc.smtpURL)
			logs := &syncBuffer{}
			old := logOutput
			logOutput = logs
			defer func() { logOutput = old }()
			captureStdout(t)
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- run(ctx, []string{"serve", "--data-dir", dir, "--addr", "127.0.0.1:0"}) }()
			deadline := time.Now().Add(30 * time.Second)
			for !strings.Contains(logs.String(), "immo is serving") && time.Now().Before(deadline) {
				select {
				case err := <-done:
					t.Fatalf("serve ended: %v\n%s", err, logs)
				case <-time.After(20 * time.Millisecond):
				}
			}
			if tc.sent > 0 {
				got := srv.Wait(t, tc.sent, smtptest.Patience)
				if got[0].From != "info@immo-arlon.be" {
					t.Errorf("from %q", got[0].From)
				}
			} else {
				time.Sleep(1500 * time.Millisecond) // a poll would have sent it
			}
			cancel()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(logs.String(), tc.log); n != 1 {
				t.Errorf("%q logged %d times:\n%s", tc.log, n, logs)
			}
			if n := len(srv.Messages()); n != tc.sent {
				t.Errorf("%d mails sent, want %d", n, tc.sent)
			}
		})
	}
}
