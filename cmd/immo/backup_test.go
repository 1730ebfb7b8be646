package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/smtptest"
	"immo/internal/adapter/storage"
)

// fromAddress is an HTTP client whose connections come from the loopback
// address ip (all of 127/8 is this machine): a visitor of its own, with
// its own rate limits.
func fromAddress(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	return &http.Client{
		Transport:     &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout:       30 * time.Second,
	}
}

// `immo backup` copies a running SQLite server's database while visitors
// post, and `immo restore` brings it back: every request answered before
// the backup started is in the restored database with its two mails, in
// the state they had (a mail the copy holds as sent was delivered). A
// restore over a database a server has open is refused.
func TestBackupDuringBurst(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	t.Setenv("DATABASE_URL", "")
	captureStdout(t)
	dir := t.TempDir()
	smtp := smtptest.Start(t)
	c := startChild(t, dir, "", smtp.URL())

	var mu sync.Mutex
	var accepted []string // the visitors' addresses of the requests answered 303
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var once sync.Once
	halt := func() { once.Do(func() { close(stop) }); wg.Wait() }
	t.Cleanup(halt) // before the server is killed
	for w := range 4 {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				n := w*1000 + i
				email := fmt.Sprintf("burst-%d@example.org", n)
				form := url.Values{"form": {"site-contact"}, "title": {"ms"}, "firstName": {"Ana"}, "lastName": {"Burst"},
					"email": {email}, "phone": {"+32 470 12 34 56"}, "remark": {"Backup test"}}
				res, err := fromAddress(fmt.Sprintf("127.0.%d.%d", 10+w, 2+i%250)).PostForm(c.base+"/en/contact/", form)
				if err != nil {
					select {
					case <-stop:
					default:
						t.Error(err)
					}
					return
				}
				res.Body.Close()
				if res.StatusCode == http.StatusSeeOther {
					mu.Lock()
					accepted = append(accepted, email)
					mu.Unlock()
				}
			}
		})
	}
	waitAccepted := func(n int) {
		for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			mu.Lock()
			got := len(accepted)
			mu.Unlock()
			if got >= n {
				return
			}
		}
		t.Fatalf("fewer than %d requests accepted", n)
	}
	waitAccepted(30)
	mu.Lock()
	before := append([]string(nil), accepted...)
	mu.Unlock()
	file := filepath.Join(t.TempDir(), "immo-backup.db")
	if err := run(t.Context(), []string{"backup", "--data-dir", dir, file}); err != nil {
		t.Fatal(err)
	}
	waitAccepted(len(before) + 10) // the posts went on during the backup
	halt()

	err := run(t.Context(), []string{"restore", "--data-dir", dir, file})
	if err == nil || !strings.Contains(err.Error(), "in use") {
		t.Fatalf("a restore under a running server: %v", err)
	}
	restored := t.TempDir()
	if err := run(t.Context(), []string{"restore", "--data-dir", restored, file}); err != nil {
		t.Fatal(err)
	}
	store, err := storage.Open(context.Background(), restored, "")
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	db, _ := store.QueueDB()
	delivered := map[string]bool{}
	for _, m := range smtp.Messages() {
		delivered[strings.Join(m.To, ",")] = true
	}
	for _, email := range before {
		var requests int
		if err := db.QueryRow(`SELECT count(*) FROM requests WHERE data LIKE ?`, "%"+email+"%").Scan(&requests); err != nil {
			t.Fatal(err)
		}
		if requests != 1 {
			t.Errorf("%s: %d requests in the backup, want 1", email, requests)
			continue
		}
		jobs, sentConfirmation := jobsOf(t, db, email)
		if jobs != 2 {
			t.Errorf("%s: %d mails queued in the backup, want 2", email, jobs)
		}
		if sentConfirmation && !delivered[email] {
			t.Errorf("%s: the backup holds its confirmation as sent, the SMTP server never got it", email)
		}
	}
	t.Logf("%d requests before the backup, %d in all; %d confirmations sent in the backup", len(before), len(accepted), sentSeen)
}

// sentSeen counts the confirmations the backup holds as sent.
var sentSeen int

// jobsOf counts the mail jobs about the visitor email (the notice's
// Reply-To, the confirmation's To) and tells whether the confirmation is
// sent.
func jobsOf(t *testing.T, db *sql.DB, email string) (int, bool) {
	t.Helper()
	// json(args): River keeps args as SQLite JSONB, whose header may hold a
	// NUL byte, where a CAST to TEXT ends (a larger notice did).
	rows, err := db.Query(`SELECT state, json(args) FROM river_job WHERE json(args) LIKE ?`, "%"+email+"%")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n, sent := 0, false
	for rows.Next() {
		var state, args string
		if err := rows.Scan(&state, &args); err != nil {
			t.Fatal(err)
		}
		n++
		var job struct {
			Message struct{ To []struct{ Email string } }
		}
		if err := json.Unmarshal([]byte(args), &job); err != nil {
			t.Fatal(err)
		}
		if state == "completed" && len(job.Message.To) == 1 && job.Message.To[0].Email == email {
			sent = true
			sentSeen++
		}
	}
	return n, sent
}
