package app_test

import (
	"bytes"
	"crypto/x509"
	"encoding/json"
	"image"
	"image/jpeg"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/safehttp"
	"immo/internal/app"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/catalog"
	"immo/internal/domain/feed"
)

// TestInboxFeeds: an admin adds a CRM feed in the inbox (a bad address
// refused with its reason, the secret never given back), sees its push
// token once, runs it now (the pull job applies the CRM's file: the new
// listing online), answers the guard's question about a run taking most
// listings offline (discarded, then applied), pauses, resumes and deletes
// it; an agent is refused all of it. On both databases.
func TestInboxFeeds(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			cat, err := demo.Catalog()
			if err != nil {
				t.Fatal(err)
			}
			added := cat.Properties[0]
			added.ID = 9900001
			withNew := *cat
			withNew.Properties = append([]catalog.Property{added}, cat.Properties...)
			var body atomic.Value
			body.Store(mustJSON(t, &withNew))
			var asked atomic.Int32
			crm := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				asked.Add(1)
				if r.Header.Get("X-Api-Key") != "crm-secret" {
					http.Error(w, "no", http.StatusUnauthorized)
					return
				}
				w.Write(body.Load().([]byte))
			}))
			defer crm.Close()
			s := crmSite(t, db.URL(t), crm)
			boss := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			boss.inertia = true
			const page = "/admin/catalog/"

			// A bad address: refused with its reason, the secret not given back.
			rec := boss.do(t, "POST", page, url.Values{"action": {"add"}, "name": {"CRM"}, "url": {"ftp://crm.example.com/x"},
				"auth": {"header"}, "authName": {"X-Api-Key"}, "secret": {"crm-secret"}})
			view, props := inboxPage(t, rec)
			if rec.Code != http.StatusUnprocessableEntity || view != "AdminRuns" || props["errors"].(map[string]any)["url"] != "admin.feeds.error.url" {
				t.Fatalf("a bad address: %d %s %v", rec.Code, view, props["errors"])
			}
			if strings.Contains(rec.Body.String(), "crm-secret") {
				t.Error("the refused form gave the secret back")
			}
			if list, _ := s.Store.Feeds(t.Context()); len(list) != 0 {
				t.Fatalf("a refused feed was kept: %v", list)
			}
			// Added: the push token shown once.
			rec = boss.do(t, "POST", page, url.Values{"action": {"add"}, "name": {"CRM"}, "url": {crm.URL + "/export.json"},
				"auth": {"header"}, "authName": {"X-Api-Key"}, "secret": {"crm-secret"}, "schedule": {"every"}, "every": {"30"}})
			if rec.Code != http.StatusSeeOther && rec.Code != http.StatusConflict {
				t.Fatalf("adding a feed: %d %s", rec.Code, rec.Body)
			}
			list, _ := s.Store.Feeds(t.Context())
			if len(list) != 1 || list[0].Schedule.Every != 30*time.Minute || list[0].Secret == "crm-secret" || list[0].CreatedBy != "boss@agency.test" {
				t.Fatalf("the feed as kept: %+v", list)
			}
			f := list[0]
			_, props = inboxPage(t, boss.do(t, "GET", page+"?done=added", nil))
			token, _ := props["newToken"].(string)
			if len(token) < 40 || props["newFeed"] != float64(f.ID) || props["notice"] != "admin.feeds.done.added" {
				t.Errorf("the page after adding: token %q, feed %v, notice %v", token, props["newFeed"], props["notice"])
			}
			if _, again := inboxPage(t, boss.do(t, "GET", page, nil)); again["newToken"] != "" {
				t.Error("the push token shown twice")
			}
			if feeds := props["feeds"].([]any); len(feeds) != 1 || feeds[0].(map[string]any)["push"] != "/api/feed/"+strconv.FormatInt(f.ID, 10) {
				t.Errorf("the feeds listed: %v", feeds)
			}

			// Run now: the pull job applies the CRM's file.
			id := strconv.FormatInt(f.ID, 10)
			rec = boss.do(t, "POST", page, url.Values{"action": {"run"}, "feed": {id}})
			if loc := rec.Header().Get("Location"); rec.Code != http.StatusSeeOther && rec.Code != http.StatusConflict ||
				!strings.Contains(loc, "done=started") {
				t.Fatalf("run now: %d → %s", rec.Code, loc)
			}
			run := waitRun(t, s, f.ID, 0, func(r feed.Run) bool { return r.Status == feed.StatusApplied })
			if run.Properties.Added != 1 || run.HTTPStatus != 200 {
				t.Errorf("the run: %+v", run)
			}
			if _, err := s.App.Catalog.Refresh(t.Context()); err != nil {
				t.Fatal(err)
			}
			if _, ok := catalog.Listing(s.App.Catalog.Index(), added.ID); !ok {
				t.Error("the new listing is not online")
			}

			// A file taking 80 % offline: held, discarded, held again, applied.
			short := *cat
			short.Properties = cat.Properties[:len(cat.Properties)/5]
			body.Store(mustJSON(t, &short))
			heldRun := func() feed.Run {
				before, _ := s.Store.Runs(t.Context(), 1)
				boss.do(t, "POST", page, url.Values{"action": {"run"}, "feed": {id}})
				run := waitRun(t, s, f.ID, before[0].ID, func(r feed.Run) bool { return r.Status == feed.StatusHeld })
				heldSettled(t, s, f.ID, run.ID)
				return run
			}
			h := heldRun()
			_, props = inboxPage(t, boss.do(t, "GET", page, nil))
			if props["feeds"].([]any)[0].(map[string]any)["held"] != float64(h.ID) {
				t.Errorf("the held run on the page: %v", props["feeds"])
			}
			if rec := agent.do(t, "POST", page, url.Values{"action": {"apply"}, "feed": {id}, "run": {strconv.FormatInt(h.ID, 10)}}); rec.Code != http.StatusForbidden {
				t.Errorf("an agent applying: %d", rec.Code)
			}
			if rec := boss.do(t, "POST", page, url.Values{"action": {"discard"}, "feed": {id}, "run": {strconv.FormatInt(h.ID, 10)}}); rec.Code != http.StatusSeeOther {
				t.Errorf("discarding: %d", rec.Code)
			}
			online := onlineCount(s)
			h2 := heldRun()
			if h2.ID <= h.ID {
				t.Fatalf("held again: %d after %d", h2.ID, h.ID)
			}
			// An answer to the run discarded before: refused, nothing applied.
			if rec := boss.do(t, "POST", page, url.Values{"action": {"apply"}, "feed": {id}, "run": {strconv.FormatInt(h.ID, 10)}}); rec.Code != http.StatusConflict {
				t.Errorf("applying the run discarded before: %d", rec.Code)
			}
			if rec := boss.do(t, "POST", page, url.Values{"action": {"apply"}, "feed": {id}, "run": {strconv.FormatInt(h2.ID, 10)}}); rec.Code != http.StatusSeeOther {
				t.Errorf("applying: %d %s", rec.Code, rec.Body)
			}
			s.App.Catalog.Refresh(t.Context())
			if n := onlineCount(s); n >= online {
				t.Errorf("%d listings online after applying, were %d", n, online)
			}
			if rec := boss.do(t, "POST", page, url.Values{"action": {"apply"}, "feed": {id}, "run": {strconv.FormatInt(h2.ID, 10)}}); rec.Code != http.StatusNotFound {
				t.Errorf("applying twice: %d", rec.Code)
			}

			// Pause, resume, delete; an agent sees none of it.
			boss.do(t, "POST", page, url.Values{"action": {"pause"}, "feed": {id}})
			if got, _ := s.Store.Feed(t.Context(), f.ID); !got.Paused {
				t.Error("not paused")
			}
			boss.do(t, "POST", page, url.Values{"action": {"resume"}, "feed": {id}})
			if got, _ := s.Store.Feed(t.Context(), f.ID); got.Paused || got.NextRun.IsZero() {
				t.Errorf("resumed: %+v", got)
			}
			for _, action := range []string{"run", "pause", "delete"} {
				if rec := agent.do(t, "POST", page, url.Values{"action": {action}, "feed": {id}}); rec.Code != http.StatusForbidden {
					t.Errorf("an agent's %s: %d", action, rec.Code)
				}
			}
			if rec := boss.do(t, "POST", page, url.Values{"action": {"delete"}, "feed": {id}}); rec.Code != http.StatusSeeOther {
				t.Errorf("deleting: %d", rec.Code)
			}
			if list, _ := s.Store.Feeds(t.Context()); len(list) != 0 {
				t.Errorf("feeds after deleting: %v", list)
			}
			if rec := boss.do(t, "POST", page, url.Values{"action": {"run"}, "feed": {id}}); rec.Code != http.StatusNotFound {
				t.Errorf("running a deleted feed: %d", rec.Code)
			}
			// Every change is in the audit log, by the admin.
			db, _ := s.Store.QueueDB()
			var actions []string
			rows, err := db.QueryContext(t.Context(), `SELECT action FROM audit_log WHERE target_kind = 'feed' ORDER BY id`)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var a string
				rows.Scan(&a)
				actions = append(actions, a)
			}
			rows.Close()
			if got := strings.Join(actions, " "); !strings.HasPrefix(got, "feed.add feed.run") || !strings.Contains(got, "feed.discard") ||
				!strings.Contains(got, "feed.apply") || !strings.HasSuffix(got, "feed.pause feed.resume feed.delete") {
				t.Errorf("the audit log of the feed: %s", got)
			}
		})
	}
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// waitRun waits for feed's newest run to satisfy ok: the pull job works
// in the background (a bound for a broken queue, not a timing).
func waitRun(t *testing.T, s *apptest.Site, feedID, after int64, ok func(feed.Run) bool) feed.Run {
	t.Helper()
	var last feed.Run
	for range 2400 {
		runs, err := s.Store.Runs(t.Context(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(runs) == 1 && runs[0].Feed == feedID && runs[0].ID > after {
			last = runs[0]
			if ok(last) {
				return last
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no such run of feed %d in two minutes; the last: %+v", feedID, last)
	return last
}

// heldSettled waits until a held run is the feed's to answer and its job has given the feed back: the run
// is recorded as held a moment before both (the page would show no question yet, an answer would find
// the feed busy).
func heldSettled(t *testing.T, s *apptest.Site, feedID, runID int64) {
	t.Helper()
	for range 2400 {
		held, _, err := s.Store.Held(t.Context(), feedID)
		if err != nil {
			t.Fatal(err)
		}
		if held == runID {
			now := s.Clock.Now() // the runner's clock: its lease is measured on it
			free, err := s.Store.Lock(t.Context(), feedID, now, now.Add(time.Second))
			if err != nil {
				t.Fatal(err)
			}
			if free {
				if err := s.Store.Unlock(t.Context(), feedID); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("held run %d of feed %d not settled in two minutes", runID, feedID)
}

func onlineCount(s *apptest.Site) int {
	n := 0
	for range catalog.Listings(s.App.Catalog.Index()) {
		n++
	}
	return n
}

// TestFeedFailuresMailAdmins: a feed failing three runs in a row mails
// each admin once (an agent nothing), a fourth failure nobody, and its
// recovery each admin once more. On both databases.
func TestFeedFailuresMailAdmins(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			var down atomic.Bool
			down.Store(true)
			cat, err := demo.Catalog()
			if err != nil {
				t.Fatal(err)
			}
			file := mustJSON(t, cat)
			crm := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if down.Load() {
					http.Error(w, "gone", http.StatusNotFound)
					return
				}
				w.Write(file)
			}))
			defer crm.Close()
			s := crmSite(t, db.URL(t), crm)
			boss := newStaffIn(t, s, "boss@agency.test", account.Admin, "198.51.100.1", "fr")
			newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			f, _, err := s.App.Feeds().Add(t.Context(), feed.Input{Name: "Whise", URL: crm.URL + "/export.json"}, "boss@agency.test")
			if err != nil {
				t.Fatal(err)
			}
			s.Store.ClaimRun(t.Context(), f.ID, f.NextRun, f.NextRun.Add(24*time.Hour)) // the test runs it alone
			id := strconv.FormatInt(f.ID, 10)
			var last int64
			run := func() feed.Run {
				rec := boss.do(t, "POST", "/admin/catalog/", url.Values{"action": {"run"}, "feed": {id}})
				if rec.Code != http.StatusSeeOther {
					t.Fatalf("run now: %d", rec.Code)
				}
				r := waitRun(t, s, f.ID, last, func(feed.Run) bool { return true })
				last = r.ID
				return r
			}
			before := len(s.SMTP.Messages())
			for i := range 3 {
				if r := run(); r.Status != feed.StatusFailed || r.HTTPStatus != 404 {
					t.Fatalf("failure %d: %+v", i+1, r)
				}
			}
			msgs := s.Delivered(t, before, 1)
			if to := msgs[0].Header.Get("To"); !strings.Contains(to, "boss@agency.test") || !strings.Contains(msgs[0].Header.Get("Subject"), "Whise") {
				t.Errorf("the alert: to %s, subject %s", to, msgs[0].Header.Get("Subject"))
			}
			run()
			run() // the recovery below is mailed after these: no second alert
			down.Store(false)
			if r := run(); r.Status != feed.StatusApplied && r.Status != feed.StatusUnchanged {
				t.Fatalf("the recovery: %+v", r)
			}
			msgs = s.Delivered(t, before, 2)
			if got := len(s.SMTP.Messages()); got != before+2 {
				t.Errorf("%d mails after the failures and the recovery, want 2", got-before)
			}
			if subj := msgs[1].Header.Get("Subject"); !strings.Contains(subj, "Whise") || subj == msgs[0].Header.Get("Subject") {
				t.Errorf("the recovery's subject: %q", subj)
			}
		})
	}
}

// TestFeedPicturesServed: a run's pictures on the CRM's host are served
// by the site from its own address (fetched at the first request if the
// job has not yet), as a JPEG; the page names the site's address, never
// the CRM's. On both databases.
func TestFeedPicturesServed(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			cat, err := demo.Catalog()
			if err != nil {
				t.Fatal(err)
			}
			var crmURL atomic.Value
			jpegData := func() []byte {
				img := image.NewRGBA(image.Rect(0, 0, 300, 200))
				var b bytes.Buffer
				jpeg.Encode(&b, img, nil)
				return b.Bytes()
			}()
			crm := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/photo.jpg" {
					w.Write(jpegData)
					return
				}
				c := *cat
				c.Properties = append([]catalog.Property(nil), cat.Properties...)
				c.Properties[0].SmallPictureItem = catalog.Picture{Url: crmURL.Load().(string) + "/photo.jpg"}
				w.Write(mustJSON(t, &c))
			}))
			defer crm.Close()
			crmURL.Store(crm.URL)
			s := crmSite(t, db.URL(t), crm)
			boss := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
			f, _, err := s.App.Feeds().Add(t.Context(), feed.Input{Name: "CRM", URL: crm.URL + "/export.json"}, "boss@agency.test")
			if err != nil {
				t.Fatal(err)
			}
			boss.do(t, "POST", "/admin/catalog/", url.Values{"action": {"run"}, "feed": {strconv.FormatInt(f.ID, 10)}})
			waitRun(t, s, f.ID, 0, func(r feed.Run) bool { return r.Status == feed.StatusApplied })
			local := feed.LocalURL(crm.URL + "/photo.jpg")
			rec := httptest.NewRecorder()
			s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", local, nil))
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/jpeg" || !bytes.HasPrefix(rec.Body.Bytes(), []byte{0xff, 0xd8}) {
				t.Fatalf("the CRM's picture at %s: %d %s", local, rec.Code, rec.Header().Get("Content-Type"))
			}
			s.App.Catalog.Refresh(t.Context())
			p, ok := catalog.Listing(s.App.Catalog.Index(), cat.Properties[0].ID)
			if !ok || p.SmallPictureItem.Url != local {
				t.Errorf("the listing's picture: %v", p)
			}
			rec = httptest.NewRecorder()
			s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", feed.PicturePrefix+feed.PictureKey(crm.URL+"/photo.jpg")+"/other.jpg", nil))
			if rec.Code != http.StatusNotFound {
				t.Errorf("another name of the picture: %d", rec.Code)
			}
		})
	}
}

// crmSite is the demo site of a test whose CRM is crm (a TLS server on
// the loopback, trusted). Its feeds are pulled when the test says: the
// schedule's watcher runs in App.Run, which a test's site does not.
func crmSite(t *testing.T, dbURL string, crm *httptest.Server) *apptest.Site {
	t.Helper()
	roots := x509.NewCertPool()
	roots.AddCert(crm.Certificate())
	s := apptest.New(t, apptest.Options{DatabaseURL: dbURL,
		Feeds: app.FeedOptions{Private: "127.0.0.1", Client: &safehttp.Options{RootCAs: roots, Timeout: time.Minute}}})
	return s
}
