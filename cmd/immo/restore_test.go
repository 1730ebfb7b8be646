package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/smtpsend"
	"immo/internal/adapter/smtptest"
	"immo/internal/adapter/storage"
	"immo/internal/domain/mail"
)

// `immo restore` holds the restored mail queue: the mails queued when the
// backup was taken (sent since, most of them) are not sent again by the
// servers started on it, until `immo mail --release`; `immo mail` says the
// queue is held.
func TestRestoreHoldsMail(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	dir := t.TempDir()
	queueMails(t, dir, "Visite confirmée")
	file := filepath.Join(t.TempDir(), "backup.db")
	captureStdout(t)
	if err := run(t.Context(), []string{"backup", "--data-dir", dir, file}); err != nil {
		t.Fatal(err)
	}
	restored := t.TempDir()
	out := captureStdout(t)
	if err := run(t.Context(), []string{"restore", "--data-dir", restored, file}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "the mail queue is held: mails waiting: 1,") || !strings.Contains(out.String(), "immo mail --release") {
		t.Errorf("restore says:\n%s", out)
	}
	out = captureStdout(t)
	if err := run(t.Context(), []string{"mail", "--data-dir", restored}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "the mail queue is held since") || !strings.Contains(out.String(), "Visite confirmée") {
		t.Errorf("immo mail says:\n%s", out)
	}

	// A server's queue on the restored database.
	store, err := storage.Open(t.Context(), restored, "")
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	srv := smtptest.Start(t)
	sender, err := smtpsend.New(smtpsend.Config{URL: srv.URL(), From: mail.Address{Email: "info@immo-arlon.be"}})
	if err != nil {
		t.Fatal(err)
	}
	db, dialect := store.QueueDB()
	q, err := mailqueue.New(db, dialect, mailqueue.Config{Sender: sender, PollInterval: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	defer q.Stop(context.Background())
	time.Sleep(500 * time.Millisecond) // ten polls: time for a held mail to go out wrongly
	if n := len(srv.Messages()); n != 0 {
		t.Fatalf("the restored queue sent %d mails before its release", n)
	}
	out = captureStdout(t)
	if err := run(t.Context(), []string{"mail", "--data-dir", restored, "--release"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "released") {
		t.Errorf("immo mail --release says:\n%s", out)
	}
	got := srv.Wait(t, 1, smtptest.Patience) // within River's poll of the queue's settings (2 s)
	if !strings.Contains(string(got[0].Data), "Subject: =?utf-8?q?Visite_confirm") {
		t.Errorf("sent:\n%s", got[0].Data)
	}
}
