package mailqueue_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"testing"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/smtpsend"
	"immo/internal/adapter/smtptest"
	"immo/internal/adapter/storage"
	"immo/internal/domain/mail"
)

// An attachment (a visitor's CV, picture) is kept in a table of its own,
// not in River's job arguments, which keep a sent mail 30 days: the job
// names it by ID, the mail carries it whole, and it is deleted once the
// mail is sent; a failed mail's stay for a retry (the purge keeps them).
func TestAttachmentsOutOfTheJob(t *testing.T) {
	eachBackend(t, func(t *testing.T, dir, url string) {
		store := openStore(t, dir, url)
		srv := smtptest.Start(t)
		data := bytes.Repeat([]byte("%PDF-1.7 the visitor's CV "), 2000)
		withCV := func(subject string) mail.Message {
			m := message(subject)
			m.Attachments = []mail.Attachment{{Name: "cv.pdf", ContentType: "application/pdf", Data: data},
				{Name: "note.txt", ContentType: "text/plain", Data: []byte("second")}}
			return m
		}
		// Queued without sending: the job's arguments hold no byte of it.
		idle := newQueue(t, store, nil, 0)
		enqueue(t, store, idle, true, withCV("Candidature"))
		if n := count(t, store, "mail_attachments"); n != 2 {
			t.Fatalf("%d attachment rows, want 2", n)
		}
		args := jobArgs(t, store)
		for _, enc := range [][]byte{data[:40], []byte(base64.StdEncoding.EncodeToString(data[:300]))[:40]} {
			if bytes.Contains(args, enc) {
				t.Fatalf("the job's arguments carry the attachment: %.300s", args)
			}
		}
		// Sent: whole, then its rows deleted with the job's completion.
		q := newQueue(t, store, srv, 0)
		got := srv.Wait(t, 1, smtptest.Patience)[0]
		if !bytes.Contains(got.Data, []byte(base64.StdEncoding.EncodeToString(data[:57]))) || !bytes.Contains(got.Data, []byte("note.txt")) {
			t.Fatalf("the mail lacks its attachments:\n%.2000s", got.Data)
		}
		waitState(t, q, mailqueue.Sent)
		if n := count(t, store, "mail_attachments"); n != 0 {
			t.Errorf("%d attachment rows after the send, want 0", n)
		}
		// Refused for good: failed, its rows kept by the purge while the
		// job is (a retry sends the mail whole).
		srv.Refuse(550)
		enqueue(t, store, q, true, withCV("Refusée"))
		for deadline := time.Now().Add(smtptest.Patience); ; time.Sleep(50 * time.Millisecond) {
			list, err := q.List(t.Context(), 10)
			if err != nil {
				t.Fatal(err)
			}
			if len(list) == 2 && list[0].Subject == "Refusée" && list[0].State == mailqueue.Failed {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("not failed: %+v", list)
			}
		}
		if err := q.PurgeAttachments(t.Context()); err != nil {
			t.Fatal(err)
		}
		if n := count(t, store, "mail_attachments"); n != 2 {
			t.Errorf("%d attachment rows after a failure and the purge, want its 2", n)
		}
		// Retried with the server back: sent whole, its rows gone.
		srv.Accept()
		list, err := q.List(t.Context(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := q.Retry(t.Context(), list[0].ID, nil); err != nil {
			t.Fatal(err)
		}
		if got := srv.Wait(t, 2, smtptest.Patience)[1]; !bytes.Contains(got.Data, []byte("note.txt")) {
			t.Fatalf("the retried mail lacks its attachments:\n%.2000s", got.Data)
		}
		for deadline := time.Now().Add(smtptest.Patience); ; time.Sleep(50 * time.Millisecond) {
			if list, err := q.List(t.Context(), 1); err == nil && list[0].State == mailqueue.Sent {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the retried mail is not marked sent")
			}
		}
		if n := count(t, store, "mail_attachments"); n != 0 {
			t.Errorf("%d attachment rows after the retried send, want 0", n)
		}
	})
}

func count(t *testing.T, store storage.Store, table string) int {
	t.Helper()
	db, _ := store.QueueDB()
	var n int
	if err := db.QueryRow("SELECT count(*) FROM " + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// jobArgs are the encoded arguments of every job, one after the other.
func jobArgs(t *testing.T, store storage.Store) []byte {
	t.Helper()
	db, _ := store.QueueDB()
	rows, err := db.Query("SELECT args FROM river_job")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var all []byte
	for rows.Next() {
		var b []byte
		if err := rows.Scan(&b); err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	return all
}

// On SQLite one server owns the file: a mail a killed process left
// "sending" goes out as soon as the server starts again, not after River's
// rescuer's 5 minutes.
func TestSQLiteRestartSendsOrphans(t *testing.T) {
	store := openStore(t, t.TempDir(), "")
	idle := newQueue(t, store, nil, 0)
	enqueue(t, store, idle, true, message("Orpheline"))
	db, _ := store.QueueDB()
	// What a process killed in the middle of the send leaves.
	if _, err := db.Exec(`UPDATE river_job SET state = 'running', attempt = 1, attempted_at = datetime('now') WHERE kind = 'mail'`); err != nil {
		t.Fatal(err)
	}
	srv := smtptest.Start(t)
	sender, err := smtpsend.New(smtpsend.Config{URL: srv.URL(), From: agency, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	q, err := mailqueue.New(db, mailqueue.SQLite, mailqueue.Config{Sender: sender, PollInterval: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		q.Stop(ctx)
	})
	if got := srv.Wait(t, 1, smtptest.Patience); len(got) != 1 {
		t.Fatalf("%d mails", len(got))
	}
	waitState(t, q, mailqueue.Sent)
}
