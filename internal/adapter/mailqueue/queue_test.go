package mailqueue_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	netmail "net/mail"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/smtpsend"
	"immo/internal/adapter/smtptest"
	"immo/internal/adapter/storage"
	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/domain/mail"
)

// backends are the databases every test runs on: where Open finds them.
var backends = []struct {
	name   string
	target func(t *testing.T) (dataDir, databaseURL string)
}{
	{"sqlite", func(t *testing.T) (string, string) { return t.TempDir(), "" }},
	{"postgres", func(t *testing.T) (string, string) { return "", pgtest.URL(t) }},
}

func eachBackend(t *testing.T, test func(t *testing.T, dataDir, databaseURL string)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			dir, url := b.target(t)
			test(t, dir, url)
		})
	}
}

// openStore opens (and migrates: goose and River) the store; it closes
// when the test ends, after the queues opened later have stopped.
func openStore(t *testing.T, dataDir, databaseURL string) storage.Store {
	t.Helper()
	s, err := storage.Open(context.Background(), dataDir, databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// fastRetry tries a failed mail again after 50 ms.
type fastRetry struct{}

func (fastRetry) NextRetry(*rivertype.JobRow) time.Time { return time.Now().Add(50 * time.Millisecond) }

var agency = mail.Address{Name: "Immo Demo — Arlon", Email: "info@immo-demo.be"}

// newQueue builds a queue on store; with a server it sends there (and
// stops when the test ends), without one it only inserts.
func newQueue(t *testing.T, store storage.Store, srv *smtptest.Server, maxAttempts int) *mailqueue.Queue {
	t.Helper()
	cfg := mailqueue.Config{PollInterval: 100 * time.Millisecond, Retry: fastRetry{}, MaxAttempts: maxAttempts}
	if srv != nil {
		sender, err := smtpsend.New(smtpsend.Config{URL: srv.URL(), From: agency, Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		cfg.Sender = sender
	}
	return startQueue(t, store, cfg)
}

// startQueue builds the queue of cfg on store and starts it; it stops when
// the test ends.
func startQueue(t *testing.T, store storage.Store, cfg mailqueue.Config) *mailqueue.Queue {
	t.Helper()
	db, dialect := store.QueueDB()
	q, err := mailqueue.New(db, dialect, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := q.Stop(ctx); err != nil {
			t.Errorf("stop: %v", err)
		}
	})
	return q
}

// testTx is the storage layer's transaction as the queue sees it.
type testTx struct{ tx *sql.Tx }

func (testTx) StorageTx()       {}
func (t testTx) SQLTx() *sql.Tx { return t.tx }

// enqueue queues msgs in a transaction of store's queue pool and commits
// it, or rolls it back when commit is false.
func enqueue(t *testing.T, store storage.Store, q *mailqueue.Queue, commit bool, msgs ...mail.Message) {
	t.Helper()
	db, _ := store.QueueDB()
	tx, err := db.BeginTx(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Enqueue(t.Context(), testTx{tx}, msgs...); err != nil {
		tx.Rollback()
		t.Fatal(err)
	}
	if commit {
		err = tx.Commit()
	} else {
		err = tx.Rollback()
	}
	if err != nil {
		t.Fatal(err)
	}
}

func message(subject string) mail.Message {
	return mail.Message{
		To:      []mail.Address{{Name: "Agence Immo", Email: "agency@example.be"}},
		Subject: subject,
		Text:    "text of " + subject,
		HTML:    "<p>html of " + subject + "</p>",
		Lang:    "fr",
	}
}

// The agency's notice arrives whole: envelope, headers (non-ASCII subject
// and names encoded), the text and HTML parts and the .ics attachment.
func TestDelivers(t *testing.T) {
	eachBackend(t, func(t *testing.T, dir, url string) {
		store := openStore(t, dir, url)
		srv := smtptest.Start(t)
		q := newQueue(t, store, srv, 0)
		ics := "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n"
		m := mail.Message{
			To:      []mail.Address{{Name: "Agence Immo", Email: "agency@example.be"}},
			ReplyTo: &mail.Address{Name: "Zoë Dupré\r\nBcc: evil@example.com", Email: "zoe@example.be"},
			Subject: "Demande de visite — Maison à Arlon\r\nBcc: evil@example.com",
			Text:    "Bonjour, je voudrais visiter. Zoë",
			HTML:    "<p>Bonjour, je voudrais <b>visiter</b>. Zoë</p>",
			Lang:    "fr",
			Attachments: []mail.Attachment{{Name: "visite.ics", ContentType: "text/calendar; method=REQUEST",
				Data: []byte(ics)}},
		}
		enqueue(t, store, q, true, m)

		got := srv.Wait(t, 1, smtptest.Patience)[0]
		if got.From != agency.Email || !slices.Equal(got.To, []string{"agency@example.be"}) {
			t.Errorf("envelope: from %q to %q", got.From, got.To)
		}
		msg, err := netmail.ReadMessage(bytes.NewReader(got.Data))
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]netmail.Address{
			"From":     {Name: "Immo Demo — Arlon", Address: "info@immo-demo.be"},
			"To":       {Name: "Agence Immo", Address: "agency@example.be"},
			"Reply-To": {Name: "Zoë Dupré Bcc: evil@example.com", Address: "zoe@example.be"},
		}
		for h, w := range want {
			if a, err := netmail.ParseAddress(msg.Header.Get(h)); err != nil || *a != w {
				t.Errorf("%s: %q (%v), want %q", h, msg.Header.Get(h), err, w.String())
			}
		}
		if s := decodeHeader(t, msg.Header.Get("Subject")); s != "Demande de visite — Maison à Arlon Bcc: evil@example.com" {
			t.Errorf("Subject: %q", s)
		}
		if msg.Header.Get("Bcc") != "" || strings.Contains(string(got.Data), "\nBcc:") {
			t.Errorf("a visitor's text made a header:\n%s", got.Data)
		}
		parts := mimeParts(t, msg)
		if p := parts["text/plain"]; p.body != m.Text {
			t.Errorf("text part %q", p.body)
		}
		if p := parts["text/html"]; p.body != m.HTML {
			t.Errorf("html part %q", p.body)
		}
		if p := parts["text/calendar"]; p.body != ics || p.file != "visite.ics" || p.params["method"] != "REQUEST" {
			t.Errorf("ics part %+v", p)
		}

		list, err := q.List(t.Context(), 10)
		if err != nil {
			t.Fatal(err)
		}
		waitState(t, q, mailqueue.Sent)
		if len(list) != 1 || !slices.Equal(list[0].To, []string{"agency@example.be"}) || list[0].Subject != m.Subject {
			t.Errorf("list: %+v", list)
		}
	})
}

// A mail waits while the SMTP server is down or answers "try later", and
// arrives once it is back; a refusal for good (5xx) or the last attempt
// fails it.
func TestRetries(t *testing.T) {
	tests := []struct {
		name        string
		trouble     func(*smtptest.Server)
		maxAttempts int
		fixed       bool // the trouble ends after two attempts
		want        mailqueue.State
		attempts    int // exactly; 0: at least 2
	}{
		{"down, then back", (*smtptest.Server).Down, 0, true, mailqueue.Sent, 0},
		{"try later, then accepted", func(s *smtptest.Server) { s.Refuse(451) }, 0, true, mailqueue.Sent, 0},
		{"try later until the last attempt", func(s *smtptest.Server) { s.Refuse(451) }, 3, false, mailqueue.Failed, 3},
		{"refused for good", func(s *smtptest.Server) { s.Refuse(550) }, 0, false, mailqueue.Failed, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			eachBackend(t, func(t *testing.T, dir, url string) {
				store := openStore(t, dir, url)
				srv := smtptest.Start(t)
				tt.trouble(srv)
				q := newQueue(t, store, srv, tt.maxAttempts)
				enqueue(t, store, q, true, message("Visite à Arlon"))
				if tt.fixed {
					waitFor(t, q, func(e mailqueue.Entry) bool { return e.Attempts >= 2 && e.LastError != "" })
					srv.Accept()
					srv.Up(t)
					if got := srv.Wait(t, 1, smtptest.Patience); len(got) != 1 {
						t.Errorf("%d messages", len(got))
					}
				}
				e := waitState(t, q, tt.want)
				if (tt.attempts == 0 && e.Attempts < 2) || (tt.attempts > 0 && e.Attempts != tt.attempts) {
					t.Errorf("attempts %d, want %d (0: at least 2)", e.Attempts, tt.attempts)
				}
				if !tt.fixed && len(srv.Messages()) != 0 {
					t.Errorf("a refused mail arrived")
				}
			})
		})
	}
}

// A mail queued in a transaction that rolls back is never sent.
func TestRollbackSendsNothing(t *testing.T) {
	eachBackend(t, func(t *testing.T, dir, url string) {
		store := openStore(t, dir, url)
		srv := smtptest.Start(t)
		q := newQueue(t, store, srv, 0)
		enqueue(t, store, q, false, message("rolled back"))
		enqueue(t, store, q, true, message("committed"))
		srv.Wait(t, 1, smtptest.Patience)
		time.Sleep(500 * time.Millisecond) // five polls: time for a wrong mail to go out
		got := srv.Messages()
		if len(got) != 1 || !strings.Contains(string(got[0].Data), "Subject: committed") {
			t.Errorf("%d messages: %s", len(got), got)
		}
		if list, err := q.List(t.Context(), 10); err != nil || len(list) != 1 {
			t.Errorf("list: %+v, %v", list, err)
		}
	})
}

// A mail committed by a process that dies before sending it (its client
// dropped without stopping, its pools closed) is sent once by the next
// process.
func TestSentOnceAfterRestart(t *testing.T) {
	eachBackend(t, func(t *testing.T, dir, url string) {
		srv := smtptest.Start(t)
		first, err := storage.Open(t.Context(), dir, url)
		if err != nil {
			t.Fatal(err)
		}
		enqueue(t, first, newQueue(t, first, nil, 0), true, message("before the crash"))
		first.Close() // no Stop, no goodbye

		second := openStore(t, dir, url)
		q := newQueue(t, second, srv, 0)
		srv.Wait(t, 1, smtptest.Patience)
		time.Sleep(500 * time.Millisecond)
		if got := srv.Messages(); len(got) != 1 {
			t.Errorf("%d messages, want 1", len(got))
		}
		e := waitState(t, q, mailqueue.Sent)
		if e.Attempts != 1 {
			t.Errorf("attempts %d", e.Attempts)
		}
	})
}

// A mail left "sending" by a process killed during the send (River's row
// still running, attempted an hour ago) is rescued and sent by the next
// process.
func TestRescuedAfterKillDuringSend(t *testing.T) {
	eachBackend(t, func(t *testing.T, dir, url string) {
		srv := smtptest.Start(t)
		store := openStore(t, dir, url)
		enqueue(t, store, newQueue(t, store, nil, 0), true, message("interrupted"))
		db, dialect := store.QueueDB()
		query := `UPDATE river_job SET state = 'running', attempt = 1, attempted_at = $1`
		var anHourAgo any = time.Now().Add(-time.Hour).UTC()
		if dialect == mailqueue.SQLite {
			query = strings.Replace(query, "$1", "?", 1)
			anHourAgo = anHourAgo.(time.Time).Format("2006-01-02 15:04:05.000") // riversqlite's layout
		}
		if _, err := db.ExecContext(t.Context(), query, anHourAgo); err != nil {
			t.Fatal(err)
		}
		q := newQueue(t, store, srv, 0)
		srv.Wait(t, 1, smtptest.Patience)
		if e := waitState(t, q, mailqueue.Sent); e.Attempts != 2 {
			t.Errorf("attempts %d, want 2", e.Attempts)
		}
	})
}

// Enqueue refuses what it cannot queue safely, before the transaction
// commits; a queue without a sender keeps its mails waiting.
func TestEnqueueRefuses(t *testing.T) {
	store := openStore(t, t.TempDir(), "")
	q := newQueue(t, store, nil, 0)
	if q.Sending() {
		t.Error("a queue without sender sends")
	}
	bad := message("bad")
	bad.To[0].Email = "a@b.be, c@d.be"
	tests := []struct {
		name string
		tx   mail.Tx
		msg  mail.Message
		want error
	}{
		{"not a SQL transaction", foreignTx{}, message("ok"), mailqueue.ErrForeignTx},
		{"invalid message", nil, bad, mail.ErrBadAddress},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, _ := store.QueueDB()
			tx, err := db.BeginTx(t.Context(), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer tx.Rollback()
			var mtx mail.Tx = testTx{tx}
			if tt.tx != nil {
				mtx = tt.tx
			}
			if err := q.Enqueue(t.Context(), mtx, message("first"), tt.msg); !errors.Is(err, tt.want) {
				t.Errorf("err %v, want %v", err, tt.want)
			}
		})
	}
	enqueue(t, store, q, true, message("waits"))
	time.Sleep(300 * time.Millisecond)
	if list, err := q.List(t.Context(), 10); err != nil || len(list) != 1 || list[0].State != mailqueue.Queued {
		t.Errorf("list: %+v, %v", list, err)
	}
}

type foreignTx struct{}

func (foreignTx) StorageTx() {}

// waitState waits until the only mail of q is in state want.
func waitState(t *testing.T, q *mailqueue.Queue, want mailqueue.State) mailqueue.Entry {
	t.Helper()
	return waitFor(t, q, func(e mailqueue.Entry) bool { return e.State == want })
}

func waitFor(t *testing.T, q *mailqueue.Queue, ok func(mailqueue.Entry) bool) mailqueue.Entry {
	t.Helper()
	deadline := time.Now().Add(smtptest.Patience)
	var last []mailqueue.Entry
	for time.Now().Before(deadline) {
		list, err := q.List(t.Context(), 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) == 1 && ok(list[0]) {
			return list[0]
		}
		last = list
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the queue never got there: %+v", last)
	return mailqueue.Entry{}
}

func decodeHeader(t *testing.T, v string) string {
	t.Helper()
	s, err := new(mime.WordDecoder).DecodeHeader(v)
	if err != nil {
		t.Fatalf("header %q: %v", v, err)
	}
	return s
}

// part is a leaf of a MIME message, decoded.
type part struct {
	body   string
	file   string
	params map[string]string
}

// mimeParts returns the leaves of msg by media type.
func mimeParts(t *testing.T, msg *netmail.Message) map[string]part {
	t.Helper()
	parts := map[string]part{}
	var walk func(header map[string][]string, body io.Reader)
	walk = func(header map[string][]string, body io.Reader) {
		h := netmail.Header(header)
		mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
		if err != nil {
			t.Fatalf("content type %q: %v", h.Get("Content-Type"), err)
		}
		if strings.HasPrefix(mt, "multipart/") {
			r := multipart.NewReader(body, params["boundary"])
			for {
				p, err := r.NextRawPart()
				if err == io.EOF {
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				walk(p.Header, p)
			}
		}
		switch strings.ToLower(h.Get("Content-Transfer-Encoding")) {
		case "quoted-printable":
			body = quotedprintable.NewReader(body)
		case "base64":
			body = base64.NewDecoder(base64.StdEncoding, body)
		}
		data, err := io.ReadAll(body)
		if err != nil {
			t.Fatal(err)
		}
		var file string
		if _, dp, err := mime.ParseMediaType(h.Get("Content-Disposition")); err == nil {
			file = dp["filename"]
		}
		parts[mt] = part{body: string(data), file: file, params: params}
	}
	walk(msg.Header, msg.Body)
	return parts
}
