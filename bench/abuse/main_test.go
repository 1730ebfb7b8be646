package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestMain is also the stand-in server of TestFailureStopsServer:
// with ABUSE_FAKE_SERVE set, `serve --addr A …` answers /readyz and 404
// to everything else, its pid written to the file ABUSE_FAKE_SERVE names.
func TestMain(m *testing.M) {
	if pidFile := os.Getenv("ABUSE_FAKE_SERVE"); pidFile != "" {
		fs := flag.NewFlagSet("serve", flag.ExitOnError)
		addr := fs.String("addr", "", "")
		fs.String("data-dir", "", "")
		fs.Parse(os.Args[2:])
		os.WriteFile(pidFile, []byte(strconv.Itoa(os.Getpid())), 0o644)
		http.ListenAndServe(*addr, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/readyz" {
				return
			}
			http.NotFound(w, r)
		}))
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// A property's /nl/property/ID/ answers 301 to its canonical address: the
// bench reads the slots there instead of failing on the redirect.
func TestSlotsAtTheCanonicalAddress(t *testing.T) {
	const canonical = "/nl/te-koop/arlon/huis/4100002/"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/nl/property/4100002/":
			http.Redirect(w, r, canonical, http.StatusMovedPermanently)
		case r.URL.Path == canonical && r.Header.Get("X-Inertia") == "true":
			json.NewEncoder(w).Encode(map[string]any{"props": map[string]any{"visit": map[string]any{
				"days": []any{map[string]any{"slots": []any{map[string]string{"value": "2026-12-01T10:00"}}}}}}})
		case r.URL.Path == canonical || r.URL.Path == "/nl/":
			w.Write([]byte(`<script>{"version":"v1"}</script>`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	c := &client{base: srv.URL, http: &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	path := c.canonical("/nl/property/4100002/")
	if path != canonical {
		t.Fatalf("canonical = %q, want %q", path, canonical)
	}
	if got := c.slots(path); !slices.Equal(got, []string{"2026-12-01T10:00"}) {
		t.Errorf("slots = %v", got)
	}
}

// A step that fails ends the run with an error, and the server it started
// is stopped (not left serving on its port).
func TestFailureStopsServer(t *testing.T) {
	pidFile := t.TempDir() + "/pid"
	t.Setenv("ABUSE_FAKE_SERVE", pidFile)
	err := bench(context.Background(), os.Args[0])
	if err == nil || !strings.Contains(err.Error(), "404") {
		t.Fatalf("bench against a server that answers 404: %v", err)
	}
	raw, rerr := os.ReadFile(pidFile)
	if rerr != nil {
		t.Fatal(rerr)
	}
	pid, _ := strconv.Atoi(string(raw))
	if pid <= 0 {
		t.Fatalf("pid %q", raw)
	}
	if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("the server (pid %d) still runs after the failure: %v", pid, err)
		syscall.Kill(pid, syscall.SIGKILL)
	}
}
