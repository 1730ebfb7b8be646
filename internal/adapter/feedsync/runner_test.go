package feedsync_test

import (
	"bytes"
	"context"
	"crypto/x509"
	"encoding/json"
	logpkg "log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"immo/internal/adapter/feedsync"
	"immo/internal/adapter/importer"
	"immo/internal/adapter/safehttp"
	"immo/internal/adapter/storage"
	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/domain/account"
	"immo/internal/domain/catalog"
	"immo/internal/domain/feed"
)

// crm is a CRM's export of the test's own: it answers what its handler
// says, counting the requests.
type crm struct {
	srv      *httptest.Server
	requests atomic.Int32
	mu       sync.Mutex
	handle   func(w http.ResponseWriter, r *http.Request)
	lastAuth string
}

func newCRM(t *testing.T) *crm {
	c := &crm{}
	c.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.requests.Add(1)
		c.mu.Lock()
		h := c.handle
		c.lastAuth = r.Header.Get("X-Api-Key")
		c.mu.Unlock()
		h(w, r)
	}))
	t.Cleanup(c.srv.Close)
	return c
}

func (c *crm) serve(h func(w http.ResponseWriter, r *http.Request)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.handle = h
}

// file answers body with etag, and 304 to a request naming it.
func file(body []byte, etag string) func(w http.ResponseWriter, r *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		if etag != "" && r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		if etag != "" {
			w.Header().Set("ETag", etag)
		}
		w.Write(body)
	}
}

// fixture is a store holding the demo catalog, a feed on a CRM, and the
// runner.
type fixture struct {
	store  storage.Store
	crm    *crm
	svc    *feed.Service
	runner *feedsync.Runner
	// runnerWith is a runner like runner with another client.
	runnerWith func(client *http.Client) *feedsync.Runner
	feed       feed.Feed
	demo       []byte
	alerts     []bool // the admins' alerts: false failing, true recovered
	invited    int
	ran        []feed.Status // the runs the Ran hook heard
}

var clock = time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)

func newFixture(t *testing.T, dbURL string) *fixture {
	ctx := t.Context()
	store, err := storage.Open(ctx, t.TempDir(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	demo, err := os.ReadFile("../demo/catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := importer.Run(ctx, store, bytes.NewReader(demo), importer.Options{}); err != nil {
		t.Fatal(err)
	}
	box, err := account.NewSecretBox(bytes.Repeat([]byte("k"), 32))
	if err != nil {
		t.Fatal(err)
	}
	c := newCRM(t)
	roots := x509.NewCertPool()
	roots.AddCert(c.srv.Certificate())
	private := safehttp.Hosts("127.0.0.1")
	now := func() time.Time { return clock }
	f := &fixture{store: store, crm: c, demo: demo}
	f.svc = &feed.Service{Store: store, Sealer: box, Now: now, Loc: time.UTC, Private: private}
	f.runnerWith = func(client *http.Client) *feedsync.Runner {
		return &feedsync.Runner{Feeds: store, Runs: store, Catalog: store, Sealer: box, Now: now, Client: client, Pictures: store,
			Imported: func(context.Context, importer.Report) error { f.invited++; return nil },
			Alert: func(_ context.Context, _ feed.Feed, _ feed.Run, recovered bool) error {
				f.alerts = append(f.alerts, recovered)
				return nil
			},
			Ran: func(run feed.Run) { f.ran = append(f.ran, run.Status) },
			Log: slog(t)}
	}
	f.runner = f.runnerWith(safehttp.Client(safehttp.Options{Private: private, RootCAs: roots, Timeout: time.Minute}))
	f.feed, _, err = f.svc.Add(ctx, feed.Input{Name: "CRM", URL: c.srv.URL + "/export.json", Auth: "header", AuthName: "X-Api-Key",
		Secret: "s3cret"}, "boss@agency.test")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// changed is the demo catalog edited by edit.
func (f *fixture) changed(t *testing.T, edit func(c map[string]any)) []byte {
	var c map[string]any
	if err := json.Unmarshal(f.demo, &c); err != nil {
		t.Fatal(err)
	}
	edit(c)
	out, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func (f *fixture) pull(t *testing.T, last bool) (feed.Run, error) {
	return f.runner.Pull(t.Context(), f.feed.ID, feed.TriggerSchedule, "", last)
}

func (f *fixture) online(t *testing.T) *catalog.Catalog {
	c, _, err := f.store.Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func databases(t *testing.T, test func(t *testing.T, f *fixture)) {
	for _, db := range []struct {
		name string
		url  func(testing.TB) string
	}{{"sqlite", func(testing.TB) string { return "" }}, {"postgres", pgtest.URL}} {
		t.Run(db.name, func(t *testing.T) { test(t, newFixture(t, db.url(t))) })
	}
}

// TestPullChangedThenUnchanged: a changed file is applied (its one
// changed price), its validators kept and sent back: the CRM's 304 is an
// unchanged run, and so is the same file served without validators.
func TestPullChangedThenUnchanged(t *testing.T) {
	databases(t, func(t *testing.T, f *fixture) {
		body := f.changed(t, func(c map[string]any) { c["properties"].([]any)[0].(map[string]any)["Price"] = 123456.0 })
		f.crm.serve(file(body, `"v2"`))
		run, err := f.pull(t, true)
		if err != nil || run.Status != feed.StatusApplied || run.Properties.Updated != 1 || run.HTTPStatus != 200 || run.Feed != f.feed.ID {
			t.Fatalf("a changed file: %+v, %v", run, err)
		}
		if f.crm.lastAuth != "s3cret" {
			t.Errorf("the CRM got the header %q", f.crm.lastAuth)
		}
		if p := f.online(t).Properties[0]; p.Price != 123456 {
			t.Errorf("the price online: %v", p.Price)
		}
		again, err := f.pull(t, true)
		if err != nil || again.Status != feed.StatusUnchanged || again.HTTPStatus != http.StatusNotModified {
			t.Errorf("the same file, validators sent: %+v, %v", again, err)
		}
		f.crm.serve(file(body, ""))
		same, err := f.pull(t, true)
		if err != nil || same.Status != feed.StatusUnchanged || same.HTTPStatus != 200 {
			t.Errorf("the same file, no validators: %+v, %v", same, err)
		}
		runs, _ := f.store.Runs(t.Context(), 10)
		if len(runs) != 3 || runs[0].Feed != f.feed.ID || f.invited != 1 {
			t.Errorf("%d runs recorded, %d imported hooks", len(runs), f.invited)
		}
		if want := []feed.Status{feed.StatusApplied, feed.StatusUnchanged, feed.StatusUnchanged}; !slices.Equal(f.ran, want) {
			t.Errorf("the runs heard: %v, want %v", f.ran, want)
		}
	})
}

// TestPullFailures: a 500 is retried and then applied; a malformed file,
// an oversized one and a slow CRM fail the run and change nothing; three
// failures in a row alert the admins once, the recovery once more.
func TestPullFailures(t *testing.T) {
	databases(t, func(t *testing.T, f *fixture) {
		before := f.online(t)
		f.crm.serve(func(w http.ResponseWriter, r *http.Request) { http.Error(w, "down", http.StatusInternalServerError) })
		run, err := f.pull(t, false)
		if _, retry := err.(*feedsync.Retryable); !retry || run.Status != feed.StatusFailed || run.HTTPStatus != 500 {
			t.Fatalf("a 500 before the last attempt: %+v, %v", run, err)
		}
		f.crm.serve(file(f.demo, ""))
		if run, err := f.pull(t, true); err != nil || run.Status != feed.StatusApplied {
			t.Fatalf("the retry answered 200: %+v, %v", run, err)
		}

		f.crm.serve(file([]byte(`{"types": [`), ""))
		run, err = f.pull(t, true)
		if err != nil || run.Status != feed.StatusFailed || run.ErrorKey != importer.ErrKeyNotCatalog {
			t.Errorf("a malformed file: %+v, %v", run, err)
		}
		f.runner.MaxBody = 1000
		f.crm.serve(file(bytes.Repeat([]byte(" "), 5000), ""))
		run, err = f.pull(t, true)
		if err != nil || run.Status != feed.StatusFailed || run.ErrorKey != importer.ErrKeyTooLarge {
			t.Errorf("an oversized file: %+v, %v", run, err)
		}
		f.runner.MaxBody = 0
		if len(f.alerts) != 0 {
			t.Errorf("alerts after two failures: %v", f.alerts)
		}
		// A CRM that never answers: the client's bound ends the pull.
		slow := f.runnerWith(safehttp.Client(safehttp.Options{Private: safehttp.Hosts("127.0.0.1"), RootCAs: rootsOf(f.crm), Timeout: 200 * time.Millisecond}))
		f.crm.serve(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
		run, err = slow.Pull(t.Context(), f.feed.ID, feed.TriggerSchedule, "", true)
		if err != nil || run.Status != feed.StatusFailed || run.ErrorKey != "network" {
			t.Errorf("a slow CRM: %+v, %v", run, err)
		}
		if len(f.alerts) != 1 || f.alerts[0] {
			t.Errorf("after three failures in a row: alerts %v", f.alerts)
		}
		f.crm.serve(file([]byte(`nope`), ""))
		f.pull(t, true)
		if len(f.alerts) != 1 {
			t.Errorf("a fourth failure alerted again: %v", f.alerts)
		}
		f.crm.serve(file(f.demo, ""))
		if run, _ := f.pull(t, true); run.Status != feed.StatusUnchanged {
			t.Errorf("the recovery: %+v", run)
		}
		if len(f.alerts) != 2 || !f.alerts[1] {
			t.Errorf("the recovery's alert: %v", f.alerts)
		}
		if got, _ := f.store.Feed(t.Context(), f.feed.ID); got.Failures != 0 || got.Alerted {
			t.Errorf("the feed after its recovery: %+v", got.State)
		}
		if after := f.online(t); len(after.Properties) != len(before.Properties) {
			t.Errorf("properties online: %d, were %d", len(after.Properties), len(before.Properties))
		}
	})
}

func rootsOf(c *crm) *x509.CertPool {
	roots := x509.NewCertPool()
	roots.AddCert(c.srv.Certificate())
	return roots
}

// TestPullGuard: a file taking 80 % of the properties offline is held,
// nothing changed, until an admin applies it (then they go) or discards
// it (then they stay).
func TestPullGuard(t *testing.T) {
	databases(t, func(t *testing.T, f *fixture) {
		online := len(f.online(t).Properties)
		short := f.changed(t, func(c map[string]any) {
			props := c["properties"].([]any)
			c["properties"] = props[:len(props)/5]
		})
		f.crm.serve(file(short, `"short"`))
		run, err := f.pull(t, true)
		if err != nil || run.Status != feed.StatusHeld || run.ErrorKey != importer.ErrKeyHeld {
			t.Fatalf("a feed taking 80 %% offline: %+v, %v", run, err)
		}
		if n := len(f.online(t).Properties); n != online {
			t.Errorf("%d properties online after the held run, want %d", n, online)
		}
		if held, body, _ := f.store.Held(t.Context(), f.feed.ID); held != run.ID || !bytes.Equal(body, short) {
			t.Errorf("the held run: %d (want %d), %d bytes", held, run.ID, len(body))
		}
		if err := f.runner.DiscardHeld(t.Context(), f.feed.ID, run.ID+1); err == nil {
			t.Error("discarding another run than the one held")
		}
		if err := f.runner.DiscardHeld(t.Context(), f.feed.ID, run.ID); err != nil {
			t.Fatal(err)
		}
		if n := len(f.online(t).Properties); n != online {
			t.Errorf("%d properties online after discarding, want %d", n, online)
		}
		// Held again (its validators were not kept); a newer held run
		// replaces it: the older cannot be applied any more.
		first, _ := f.pull(t, true)
		second, _ := f.pull(t, true)
		if first.Status != feed.StatusHeld || second.Status != feed.StatusHeld {
			t.Fatalf("the same short file again, twice: %+v, %+v", first, second)
		}
		if _, err := f.runner.ApplyHeld(t.Context(), f.feed.ID, first.ID, "boss@agency.test"); err == nil {
			t.Error("applying a held run replaced since")
		}
		applied, err := f.runner.ApplyHeld(t.Context(), f.feed.ID, second.ID, "boss@agency.test")
		if err != nil || applied.Status != feed.StatusApplied || applied.Trigger != feed.TriggerStaff || applied.Properties.Offline != online-online/5 {
			t.Fatalf("applying the held run: %+v, %v", applied, err)
		}
		if n := len(f.online(t).Properties); n != online/5 {
			t.Errorf("%d properties online after applying, want %d", n, online/5)
		}
		if held, _, _ := f.store.Held(t.Context(), f.feed.ID); held != 0 {
			t.Errorf("a held run left after applying: %d", held)
		}
		if _, err := f.runner.ApplyHeld(t.Context(), f.feed.ID, second.ID, "boss@agency.test"); err == nil {
			t.Error("applying a held run twice")
		}
		// The file applied is the feed's last: the same again is unchanged,
		// the whole one again is applied.
		if again, _ := f.pull(t, true); again.Status != feed.StatusUnchanged {
			t.Errorf("the applied short file again: %+v", again)
		}
		f.crm.serve(file(f.demo, ""))
		if whole, _ := f.pull(t, true); whole.Status != feed.StatusApplied || whole.Properties.Updated != online-online/5 {
			t.Errorf("the whole file after the short one: %+v", whole)
		}
		// A held run superseded by a run applied since cannot be applied.
		f.crm.serve(file(short, ""))
		held, _ := f.pull(t, true)
		f.crm.serve(file(append(f.demo, ' '), ""))
		if run, _ := f.pull(t, true); run.Status != feed.StatusApplied {
			t.Fatalf("a later file: %+v", run)
		}
		if _, err := f.runner.ApplyHeld(t.Context(), f.feed.ID, held.ID, "boss@agency.test"); err == nil {
			t.Error("applying a held run a later run superseded")
		}
		if n := len(f.online(t).Properties); n != online {
			t.Errorf("%d properties online at the end, want %d", n, online)
		}
	})
}

// TestPullOnce: two servers' ticks claim a due feed once; a run holding
// the feed's lease makes another wait (ErrBusy).
func TestPullOnce(t *testing.T) {
	databases(t, func(t *testing.T, f *fixture) {
		var wg sync.WaitGroup
		var claimed atomic.Int32
		for range 2 {
			wg.Go(func() {
				ids, err := f.svc.Due(t.Context(), clock)
				if err != nil {
					t.Error(err)
				}
				claimed.Add(int32(len(ids)))
			})
		}
		wg.Wait()
		if claimed.Load() != 1 {
			t.Errorf("the due feed claimed %d times", claimed.Load())
		}
		if ids, _ := f.svc.Due(t.Context(), clock.Add(time.Minute)); len(ids) != 0 {
			t.Errorf("claimed again a minute later: %v", ids)
		}
		if ids, _ := f.svc.Due(t.Context(), clock.Add(feed.DefaultEvery)); len(ids) != 1 {
			t.Errorf("not due after its interval: %v", ids)
		}
		entered, release := make(chan struct{}), make(chan struct{})
		f.crm.serve(func(w http.ResponseWriter, r *http.Request) {
			close(entered)
			<-release
			w.Write(f.demo)
		})
		done := make(chan error)
		go func() { _, err := f.pull(t, true); done <- err }()
		<-entered
		if _, err := f.pull(t, true); err != feedsync.ErrBusy {
			t.Errorf("a second run while the first holds the feed: %v", err)
		}
		close(release)
		if err := <-done; err != nil {
			t.Error(err)
		}
		if f.crm.requests.Load() != 1 {
			t.Errorf("the CRM was asked %d times", f.crm.requests.Load())
		}
	})
}

// TestPullPublicOnly: a feed whose host is not trusted is not reached on
// a private address.
func TestPullPublicOnly(t *testing.T) {
	databases(t, func(t *testing.T, f *fixture) {
		strict := f.runnerWith(safehttp.Client(safehttp.Options{RootCAs: rootsOf(f.crm), Timeout: time.Minute}))
		f.crm.serve(file(f.demo, ""))
		run, err := strict.Pull(t.Context(), f.feed.ID, feed.TriggerSchedule, "", true)
		if err != nil || run.Status != feed.StatusFailed || !strings.Contains(run.Error, "not a public") || f.crm.requests.Load() != 0 {
			t.Errorf("a feed on 127.0.0.1: %+v, %v, %d requests", run, err, f.crm.requests.Load())
		}
	})
}

func slog(t *testing.T) *logpkg.Logger { return logpkg.New(logpkg.DiscardHandler) }

// TestTwoFeeds: each feed owns the listings it delivered; another feed's
// run leaves them online, and its guard counts only its own.
func TestTwoFeeds(t *testing.T) {
	databases(t, func(t *testing.T, f *fixture) {
		ctx := t.Context()
		f.crm.serve(file(f.demo, ""))
		if run, err := f.pull(t, true); err != nil || run.Status != feed.StatusUnchanged && run.Status != feed.StatusApplied {
			t.Fatalf("the first feed's run: %+v, %v", run, err)
		}
		online := len(f.online(t).Properties)
		// A second CRM with one listing of its own.
		var cat map[string]any
		json.Unmarshal(f.demo, &cat)
		props := cat["properties"].([]any)
		mine := map[string]any{}
		for k, v := range props[0].(map[string]any) {
			mine[k] = v
		}
		mine["ID"] = 9900001.0
		cat["properties"] = []any{mine}
		cat["projects"] = []any{}
		one, _ := json.Marshal(cat)
		second := newCRM(t)
		second.serve(file(one, ""))
		roots := x509.NewCertPool()
		roots.AddCert(second.srv.Certificate())
		runner := f.runnerWith(safehttp.Client(safehttp.Options{Private: safehttp.Hosts("127.0.0.1"), RootCAs: roots, Timeout: time.Minute}))
		g, _, err := f.svc.Add(ctx, feed.Input{Name: "Other CRM", URL: second.srv.URL + "/one.json"}, "boss@agency.test")
		if err != nil {
			t.Fatal(err)
		}
		run, err := runner.Pull(ctx, g.ID, feed.TriggerSchedule, "", true)
		if err != nil || run.Status != feed.StatusApplied || run.Properties.Added != 1 || run.Properties.Offline != 0 {
			t.Fatalf("the second feed's run: %+v, %v", run, err)
		}
		if n := len(f.online(t).Properties); n != online+1 {
			t.Errorf("%d properties online, want %d", n, online+1)
		}
		// The first feed again: the second's listing stays.
		f.crm.serve(file(append(f.demo, ' '), ""))
		if run, err := f.pull(t, true); err != nil || run.Status != feed.StatusApplied || run.Properties.Offline != 0 {
			t.Errorf("the first feed again: %+v, %v", run, err)
		}
		if n := len(f.online(t).Properties); n != online+1 {
			t.Errorf("%d properties online after the first feed ran again, want %d", n, online+1)
		}
		// The second CRM's file emptied: refused (no property), its one
		// listing left online.
		cat["properties"] = []any{}
		empty, _ := json.Marshal(cat)
		second.serve(file(empty, ""))
		if run, _ := runner.Pull(ctx, g.ID, feed.TriggerSchedule, "", true); run.Status != feed.StatusFailed || run.ErrorKey != importer.ErrKeyEmpty {
			t.Errorf("the second feed emptied: %+v", run)
		}
		if n := len(f.online(t).Properties); n != online+1 {
			t.Errorf("%d properties online after the second feed emptied, want %d", n, online+1)
		}
	})
}
