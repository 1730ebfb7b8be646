package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"immo/internal/adapter/smtptest"
)

// childEnv, set, makes the test binary run the immo command of its
// arguments instead of the tests: TestKilledAfterCommit runs a real server
// process it can kill with SIGKILL, without building another binary.
const childEnv = "IMMO_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestKilledAfterCommit: a request is committed, the process is killed
// (SIGKILL: no shutdown, no deferred function) before its mails went out;
// after the restart the mails go out, each exactly once. On both databases.
//
// The window between commit and send is held open by starting the first
// process without SMTP (its queue only inserts), as `make run` does; the
// mail worker of a process killed in the middle of a send is River's
// rescue, tested in internal/adapter/mailqueue.
func TestKilledAfterCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	for _, db := range databases {
		t.Run(db.Name, func(t *testing.T) {
			dir := t.TempDir()
			dbURL := db.URL(t)
			first := startChild(t, dir, dbURL, "")
			form := url.Values{"form": {"site-contact"}, "title": {"ms"}, "firstName": {"Ana"}, "lastName": {"Kill"},
				"email": {"ana@example.org"}, "phone": {"+32 470 12 34 56"}, "remark": {"Crash test"}}
			res := first.post(t, "/en/contact/", form)
			if res.StatusCode != http.StatusSeeOther {
				t.Fatalf("post: %d, want 303", res.StatusCode)
			}
			first.kill(t)

			smtp := smtptest.Start(t)
			second := startChild(t, dir, dbURL, smtp.URL())
			got := smtp.Wait(t, 2, smtptest.Patience) // the agency's notice and the visitor's confirmation
			time.Sleep(2 * time.Second)               // and nothing more
			if n := len(smtp.Messages()); n != 2 {
				t.Fatalf("%d mails after the restart, want 2", n)
			}
			to := map[string]bool{}
			for _, m := range got {
				to[strings.Join(m.To, ",")] = true
			}
			if !to["ana@example.org"] {
				t.Errorf("no confirmation to the visitor: %v", to)
			}
			second.kill(t)

			// A third start finds nothing left to send.
			third := startChild(t, dir, dbURL, smtp.URL())
			time.Sleep(2 * time.Second)
			if n := len(smtp.Messages()); n != 2 {
				t.Fatalf("%d mails after a second restart, want still 2", n)
			}
			third.kill(t)
		})
	}
}

type child struct {
	cmd  *exec.Cmd
	base string
}

// startChild starts `immo serve` on dir (and the database at dbURL, or
// SQLite) with SMTP at smtpURL (none: mails wait) and env's variables, and
// waits until it answers.
func startChild(t *testing.T, dir, dbURL, smtpURL string, env ...string) *child {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(os.Args[0], "serve", "--addr", addr, "--data-dir", dir)
	cmd.Env = append(os.Environ(), childEnv+"=1", "DATABASE_URL="+dbURL, "IMMO_SMTP_URL="+smtpURL,
		"IMMO_MAP_TILES=none", "IMMO_SECRET=crash-test-secret-crash-test-secret-0123")
	cmd.Env = append(cmd.Env, env...)
	log, err := os.Create(filepath.Join(dir, fmt.Sprintf("serve-%d.log", time.Now().UnixNano())))
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, base: "http://" + addr}
	t.Cleanup(func() { c.kill(t) })
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for ctx.Err() == nil {
		if res, err := http.Get(c.base + "/en/contact/"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return c
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	out, _ := os.ReadFile(log.Name())
	t.Fatalf("the server did not start: %s", out)
	return nil
}

// post sends a form as a browser without JavaScript does, not following
// the redirect.
func (c *child) post(t *testing.T, path string, form url.Values) *http.Response {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.PostForm(c.base+path, form)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

// kill sends SIGKILL and reaps the process; killing a dead one is a no-op.
func (c *child) kill(t *testing.T) {
	if c.cmd.ProcessState != nil {
		return
	}
	if err := c.cmd.Process.Signal(syscall.SIGKILL); err != nil && !strings.Contains(err.Error(), "finished") {
		t.Error(err)
	}
	c.cmd.Wait()
}
