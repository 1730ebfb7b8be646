package app_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/metrics"
	"immo/internal/adapter/smtptest"
	"immo/internal/adapter/storage"
	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/app"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/agency"
	"immo/internal/domain/catalog"
	"immo/internal/domain/feed"
	"immo/internal/domain/linktoken"
	"immo/internal/domain/mail"
	"immo/internal/domain/newsletter"
	"immo/internal/domain/platform"
	"immo/internal/http/web/ssr"
)

// Two agencies served by one process on one PostgreSQL (issue #35): the
// same path on each host answers each agency's page from its own
// catalog; a staff link, a session, a preview and an unsubscribe link of
// one agency are worthless on the other's host; an unknown host reaches
// no agency; a job routes to its own agency's site, built for it.
func TestPlatform(t *testing.T) {
	const (
		hostA = "www.arlon.test"
		hostB = "www.gent.test"
	)
	var shared int64 // a listing number both agencies have
	m := metrics.New()
	p := apptest.NewPlatform(t, apptest.Options{DatabaseURL: pgtest.URL(t), Metrics: m}, func(store storage.Store) {
		svc := &platform.Service{Store: store.Platform(), Many: true}
		if _, err := svc.Add(t.Context(), "Immo Arlon", "fr", []string{hostA}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Add(t.Context(), "Immo Gent", "nl", []string{hostB, "gent.test"}); err != nil {
			t.Fatal(err)
		}
		// Agency B's catalog: one listing, under a number agency A's demo has too.
		cat, err := demo.Catalog()
		if err != nil {
			t.Fatal(err)
		}
		for _, prop := range cat.Properties {
			if prop.Status == catalog.StatusAvailable {
				cat.Properties, cat.Projects = []catalog.Property{prop}, nil
				shared = prop.ID
				break
			}
		}
		if _, err := storage.Bound(store, 2).Import(t.Context(), cat, catalog.Keep{}); err != nil {
			t.Fatal(err)
		}
	})
	if got := p.Loaded(); len(got) != 1 || got[0] != platform.Implicit {
		t.Fatalf("loaded at the start: %v, want the implicit agency's only", got)
	}
	get := func(host, target string, cookies ...*http.Cookie) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", "https://"+host+target, nil)
		req.RemoteAddr = "203.0.113.7:4000"
		for _, c := range cookies {
			req.AddCookie(c)
		}
		rec := httptest.NewRecorder()
		p.ServeHTTP(rec, req)
		return rec
	}

	// The same path, each agency's page.
	listA, listB := get(hostA, "/nl/te-koop/"), get(hostB, "/nl/te-koop/")
	_, propsA := inboxPage(t, listA)
	_, propsB := inboxPage(t, listB)
	if listA.Code != 200 || listB.Code != 200 {
		t.Fatalf("the lists: %d, %d", listA.Code, listB.Code)
	}
	if propsA["total"].(float64) < 10 || propsB["total"].(float64) != 1 {
		t.Errorf("listings: A %v, B %v; want the demo's and B's one", propsA["total"], propsB["total"])
	}
	if !strings.Contains(listB.Body.String(), `"siteName":"Immo Gent"`) || strings.Contains(listB.Body.String(), "Immo Arlon") {
		t.Error("B's page names A, or not B")
	}
	if !strings.Contains(listB.Body.String(), `href="https://`+hostB+`/nl/te-koop/"`) {
		t.Errorf("B's canonical link: %q", canonical(listB.Body.String()))
	}
	if got := p.Loaded(); len(got) != 2 {
		t.Errorf("loaded after B's first request: %v", got)
	}
	for _, host := range []string{hostA, hostB} {
		if rec := get(host, "/api/properties/"+strconv.FormatInt(shared, 10)); rec.Code != 200 {
			t.Errorf("listing %d on %s: %d", shared, host, rec.Code)
		}
	}
	if rec := get("gent.test", "/nl/"); rec.Code != http.StatusMovedPermanently || rec.Header().Get("Location") != "https://"+hostB+"/nl/" {
		t.Errorf("B's other host: %d → %q", rec.Code, rec.Header().Get("Location"))
	}
	if rec := get("www.unknown.test", "/nl/"); rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "Immo") {
		t.Errorf("an unknown host: %d %q", rec.Code, rec.Body.String())
	}

	// A staff member of A: the mailed link is A's, on A's host.
	siteA, err := p.Site(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	boundA := storage.Bound(p.Store, 1)
	cfgA := app.Config{Store: boundA, Site: siteA.Agency.Current().Site, PublicURL: apptest.PublicURL, Now: p.Clock.Now}
	if _, err := app.AddStaff(t.Context(), cfgA, account.NewStaff{Email: "boss@arlon.test", FirstName: "Ann", LastName: "Boss",
		Role: account.Admin, Lang: "fr"}); err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(p.Delivered(t, 0, 1)[0].Body)
	text := strings.ReplaceAll(strings.ReplaceAll(string(raw), "=\r\n", ""), "=3D", "=")
	link := staffLink.FindString(text)
	if link == "" || !strings.Contains(text, "https://"+hostA+link) {
		t.Fatalf("no link on A's host in the staff mail:\n%s", text)
	}
	if rec := get(hostB, link); rec.Code != http.StatusNotFound {
		t.Errorf("A's staff link on B's host: %d, want 404", rec.Code)
	}
	staff := &staffClient{h: hostHandler{p, hostA}, ip: "198.51.100.1", cookies: map[string]*http.Cookie{}}
	if rec := staff.do(t, "GET", link, nil); rec.Code != 200 {
		t.Fatalf("A's staff link on A's host: %d", rec.Code)
	}
	token, _ := url.ParseQuery(strings.SplitN(link, "?", 2)[1])
	if rec := staff.do(t, "POST", "/admin/password/", url.Values{"token": {token.Get("token")}, "password": {"a long enough one"},
		"passwordConfirm": {"a long enough one"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("choosing the password: %d", rec.Code)
	}
	session := staff.cookies["immo_staff"]
	if session == nil {
		t.Fatal("no staff session")
	}
	if rec := get(hostA, "/admin/leads/", session); rec.Code != 200 {
		t.Errorf("A's inbox with A's session: %d", rec.Code)
	}
	if rec := get(hostB, "/admin/leads/", session); rec.Code == 200 {
		t.Error("A's session opens B's inbox")
	}

	// A draft of A, previewed: on A's host with A's session only.
	draft, err := siteA.Agency.SaveDraft(t.Context(), 0, "draft", demo.SiteJSON(), "boss@arlon.test")
	if err != nil {
		t.Fatal(err)
	}
	preview := "/admin/preview/" + strconv.FormatInt(draft.ID, 10) + "/fr/"
	if rec := get(hostA, preview, session); rec.Code != 200 {
		t.Errorf("A's preview on A's host: %d", rec.Code)
	}
	if rec := get(hostB, preview, session); rec.Code != http.StatusNotFound {
		t.Errorf("A's preview on B's host: %d, want 404", rec.Code)
	}

	// A subscriber of A, and the same address in B: A's link unsubscribes
	// nobody on B's host, and A's subscriber on A's.
	unsubscribe := linktoken.New()
	for _, id := range []int64{1, 2} {
		bound := storage.Bound(p.Store, id)
		if err := bound.WithTx(t.Context(), func(ctx context.Context, tx mail.Tx) error {
			sub, err := bound.Newsletter().SubscribeIn(ctx, tx, "ann@example.be", "fr", p.Clock.Now())
			if err != nil || id == 2 {
				return err
			}
			return bound.Newsletter().AddTokenIn(ctx, tx, sub.ID, newsletter.PurposeUnsubscribe, linktoken.Hash(unsubscribe), p.Clock.Now())
		}); err != nil {
			t.Fatal(err)
		}
	}
	post := func(host, target string, form url.Values) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "https://"+host+target, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.RemoteAddr = "203.0.113.8:4000"
		rec := httptest.NewRecorder()
		p.ServeHTTP(rec, req)
		return rec
	}
	if _, props := inboxPage(t, post(hostB, "/nl/unsubscribe/", url.Values{"token": {unsubscribe}})); props["step"] != "unknown" {
		t.Errorf("A's unsubscribe link on B's host: step %v, want unknown", props["step"])
	}
	if _, props := inboxPage(t, post(hostA, "/fr/unsubscribe/", url.Values{"token": {unsubscribe}})); props["step"] != "unsubscribed" {
		t.Errorf("A's unsubscribe link on A's host: step %v", props["step"])
	}

	// The operator sees the requests by agency, the sites loaded and built.
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	scraped := rec.Body.String()
	for _, want := range []string{`immo_agency_requests_total{agency="1",class="2xx"}`, `immo_agency_requests_total{agency="2",class="2xx"}`,
		`immo_agency_requests_total{agency="2",class="4xx"}`, "immo_sites_loaded 2", "immo_site_build_seconds_count 2", "immo_render_slots "} {
		if !strings.Contains(scraped, want) {
			t.Errorf("no %q in the metrics", want)
		}
	}
}

// hostHandler serves every request on one host name, as a browser on it.
type hostHandler struct {
	h    http.Handler
	host string
}

func (h hostHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	r.Host = h.host
	h.h.ServeHTTP(w, r)
}

// A job runs on the site of the agency it carries, built for it when
// idle, within the platform's budget of sites (here one): a forgotten
// password of agency B mails B's owner a link on B's host; the same
// address asked in A, where it has no account, mails nothing.
func TestPlatformJobs(t *testing.T) {
	const hostB = "www.gent.test"
	p := apptest.NewPlatform(t, apptest.Options{DatabaseURL: pgtest.URL(t), Loaded: 1}, func(store storage.Store) {
		svc := &platform.Service{Store: store.Platform(), Many: true}
		for _, a := range []struct{ name, lang, host string }{{"Immo Arlon", "fr", "www.arlon.test"}, {"Immo Gent", "nl", hostB}} {
			if _, err := svc.Add(t.Context(), a.name, a.lang, []string{a.host}); err != nil {
				t.Fatal(err)
			}
		}
		cat, err := demo.Catalog()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := storage.Bound(store, 2).Import(t.Context(), cat, catalog.Keep{}); err != nil {
			t.Fatal(err)
		}
	})
	siteB, err := p.Site(t.Context(), 2)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := app.InviteOwner(t.Context(), app.Config{Store: storage.Bound(p.Store, 2), Site: siteB.Agency.Current().Site,
		PublicURL: apptest.PublicURL, Now: p.Clock.Now}, account.Invitation{Email: "ann@example.be", FirstName: "Ann", LastName: "Peeters",
		Lang: "nl", Properties: []int64{annProperty1}}); err != nil {
		t.Fatal(err)
	}
	p.Delivered(t, 0, 1) // the invitation
	if got := p.Loaded(); len(got) != 1 || got[0] != 2 {
		t.Fatalf("loaded: %v, want B's alone (a budget of one)", got)
	}
	if _, err := p.Site(t.Context(), 1); err != nil { // A's now: B's dropped
		t.Fatal(err)
	}
	if got := p.Loaded(); len(got) != 1 || got[0] != 1 {
		t.Fatalf("loaded: %v, want A's alone", got)
	}

	if _, err := p.Queue().For(2).Insert(t.Context(), app.ForgotArgs{Email: "ann@example.be"}, nil); err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(p.Delivered(t, 1, 1)[0].Body)
	text := strings.ReplaceAll(strings.ReplaceAll(string(raw), "=\r\n", ""), "=3D", "=")
	if link := ownerLink.FindString(text); link == "" || !strings.Contains(text, "https://"+hostB+link) {
		t.Fatalf("B's reset mail has no link on B's host:\n%s", text)
	}
	if got := p.Loaded(); len(got) != 1 || got[0] != 2 {
		t.Errorf("loaded after B's job: %v, want B's (built for it)", got)
	}

	// In A, where the address has no account: the job runs, nothing is mailed.
	if _, err := p.Queue().For(1).Insert(t.Context(), app.ForgotArgs{Email: "ann@example.be"}, nil); err != nil {
		t.Fatal(err)
	}
	db, _ := p.Store.QueueDB()
	for deadline := time.Now().Add(smtptest.Patience); ; time.Sleep(50 * time.Millisecond) {
		var waiting int
		if err := db.QueryRow(`SELECT count(*) FROM river_job WHERE kind = 'password-links' AND state <> 'completed'`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("A's job did not run")
		}
	}
	if n := len(p.SMTP.Messages()); n != 2 {
		t.Errorf("%d mails after A's job, want 2 (nothing for an address A does not know)", n)
	}

	// A feed of B's is due while B's site is not loaded: the platform's
	// tick claims it for B, and its pull builds B's site.
	feedsB, err := app.CommandFeeds(app.Config{Store: storage.Bound(p.Store, 2), Keys: apptest.KeysOf(2), Now: p.Clock.Now,
		Feeds: app.FeedOptions{Private: "crm.test"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := feedsB.Service.Add(t.Context(), feed.Input{Name: "CRM", URL: "http://crm.test/feed.json", Every: 60}, "test"); err != nil {
		t.Fatal(err)
	}
	if got := p.Loaded(); len(got) != 1 || got[0] != 1 {
		t.Fatalf("loaded before the tick: %v, want A's alone", got)
	}
	if err := p.TickFeeds(t.Context()); err != nil {
		t.Fatal(err)
	}
	var metadata string
	if err := db.QueryRow(`SELECT metadata::text FROM river_job WHERE kind = 'feed-pull'`).Scan(&metadata); err != nil {
		t.Fatalf("no pull inserted: %v", err)
	}
	if !strings.Contains(metadata, `"agency": 2`) && !strings.Contains(metadata, `"agency":2`) {
		t.Errorf("the pull's metadata %s, want agency 2", metadata)
	}
	for deadline := time.Now().Add(smtptest.Patience); ; time.Sleep(50 * time.Millisecond) {
		if got := p.Loaded(); len(got) == 1 && got[0] == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("B's site was not built for its feed's pull: loaded %v", p.Loaded())
		}
	}

	// Nobody uses it for a while (its pull's retries gone): it is dropped,
	// its loops with it.
	for deadline := time.Now().Add(smtptest.Patience); ; time.Sleep(50 * time.Millisecond) {
		if _, err := db.Exec(`DELETE FROM river_job WHERE kind = 'feed-pull' AND state <> 'running'`); err != nil {
			t.Fatal(err)
		}
		var left int
		if err := db.QueryRow(`SELECT count(*) FROM river_job WHERE kind = 'feed-pull'`).Scan(&left); err != nil {
			t.Fatal(err)
		}
		if left == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the pull kept running")
		}
	}
	if err := p.DropIdle(t.Context()); err != nil || len(p.Loaded()) != 1 {
		t.Fatalf("a site in use was dropped: %v, loaded %v", err, p.Loaded())
	}
	p.Clock.Add(app.DefaultIdleAfter + time.Second)
	if err := p.DropIdle(t.Context()); err != nil || len(p.Loaded()) != 0 {
		t.Errorf("an idle site kept: %v, loaded %v", err, p.Loaded())
	}

	// An unknown host, or another of an agency's, builds no site to be answered.
	if err := (&platform.Service{Store: p.Store.Platform(), Many: true}).SetHosts(t.Context(), 2, []string{hostB, "gent.test"}); err != nil {
		t.Fatal(err)
	}
	p.Clock.Add(platform.DefaultFresh) // the resolver reads the hosts again
	for _, c := range []struct {
		host, method string
		code         int
		location     string
	}{
		{"www.unknown.test", "GET", http.StatusNotFound, ""},
		{"gent.test", "GET", http.StatusMovedPermanently, "https://" + hostB + "/nl/?x=1"},
		{"gent.test", "POST", http.StatusPermanentRedirect, "https://" + hostB + "/nl/?x=1"},
	} {
		rec := httptest.NewRecorder()
		p.ServeHTTP(rec, httptest.NewRequest(c.method, "http://"+c.host+"/nl/?x=1", nil))
		if rec.Code != c.code || rec.Header().Get("Location") != c.location {
			t.Errorf("%s %s: %d → %q, want %d → %q", c.method, c.host, rec.Code, rec.Header().Get("Location"), c.code, c.location)
		}
	}
	// A balancer's probes, on any host, are the platform's own while no
	// site is loaded: the database answers, no site is built for them.
	for _, path := range []string{"/healthz", "/readyz"} {
		rec := httptest.NewRecorder()
		p.ServeHTTP(rec, httptest.NewRequest("GET", "http://10.0.0.5"+path, nil))
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), "true") {
			t.Errorf("%s with no site loaded: %d %s", path, rec.Code, rec.Body.String())
		}
	}
	if got := p.Loaded(); len(got) != 0 {
		t.Errorf("sites built for an unknown host, a redirect or a probe: %v", got)
	}
	// Once the implicit agency's site is loaded, it answers them (its catalog's state).
	if _, err := p.Site(t.Context(), platform.Implicit); err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	p.ServeHTTP(rec, httptest.NewRequest("GET", "http://10.0.0.5/readyz", nil))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "catalogVersion") {
		t.Errorf("/readyz with the implicit site loaded: %d %s", rec.Code, rec.Body.String())
	}
}

// An agency whose site cannot be built answers 503, again on the next
// request (which tries again), whatever failed — a panic included — and
// the other agencies serve on.
// The operator sees how many render engines run: one kept, another
// started while renders come at once.
func TestRenderEnginesGauge(t *testing.T) {
	bundle := `globalThis.immoRender = function (json) {
		if (JSON.parse(json).component === 'Loop') for (;;) {}
		return '<main>page</main>'
	}`
	// Timeouts of an hour: only the test ends the loop, however busy the machine.
	pool, err := ssr.NewPool([]byte(bundle), 2, ssr.WithTimeout(time.Hour), ssr.WithWait(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	m := metrics.New()
	apptest.NewPlatform(t, apptest.Options{Metrics: m, Renderer: pool}, func(storage.Store) {})
	scrape := func() string {
		rec := httptest.NewRecorder()
		m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		return rec.Body.String()
	}
	if got := scrape(); !strings.Contains(got, "\nimmo_render_engines 1\n") {
		t.Fatalf("no immo_render_engines 1 in the metrics:\n%s", got)
	}
	// Two renders at once: the second starts the pool's other engine.
	hold, end := context.WithCancel(t.Context())
	defer end()
	done := make(chan struct{})
	go func() {
		defer close(done)
		pool.Render(hold, []byte(`{"component":"Loop"}`))
	}()
	for pool.Stats().Idle != 0 {
		time.Sleep(time.Millisecond)
	}
	if _, err := pool.Render(t.Context(), []byte(`{"component":"Home"}`)); err != nil {
		t.Fatal(err)
	}
	if got := scrape(); !strings.Contains(got, "\nimmo_render_engines 2\n") {
		t.Fatalf("no immo_render_engines 2 in the metrics:\n%s", got)
	}
	end()
	<-done
}

func TestPlatformBuildFails(t *testing.T) {
	ctx := t.Context()
	store, err := storage.Open(ctx, t.TempDir(), pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	svc := &platform.Service{Store: store.Platform(), Many: true}
	for _, a := range []struct{ name, host string }{{"Immo Arlon", "www.arlon.test"}, {"Immo Gent", "www.gent.test"}} {
		if _, err := svc.Add(ctx, a.name, "fr", []string{a.host}); err != nil {
			t.Fatal(err)
		}
	}
	attempts := 0
	p, err := app.NewPlatform(ctx, app.PlatformConfig{
		Site: app.Config{Store: store, PublicURL: apptest.PublicURL, Web: &app.Web{AssetVersion: apptest.AssetVersion}},
		OpenAgency: func(ctx context.Context, bound storage.Store, a platform.Agency) (*agency.Service, error) {
			if a.ID != platform.Implicit {
				attempts++
				panic("a broken configuration")
			}
			return agency.Open(ctx, bound, agency.Source{Name: "site.json", Data: demo.SiteJSON(), OnlyIfEmpty: true}, nil)
		},
		KeysFor: func(id int64) (app.Keys, error) { return apptest.KeysOf(id), nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close() // a second Close: nothing
	if err := p.Run(context.WithoutCancel(ctx)); err != nil {
		t.Fatal(err)
	}
	if err := p.Run(context.WithoutCancel(ctx)); err == nil {
		t.Error("a second Run was accepted")
	}
	for i := range 2 {
		rec := httptest.NewRecorder()
		p.ServeHTTP(rec, httptest.NewRequest("GET", "https://www.gent.test/fr/", nil))
		if rec.Code != http.StatusServiceUnavailable || attempts != i+1 {
			t.Errorf("request %d to the broken agency: %d after %d attempts", i+1, rec.Code, attempts)
		}
	}
	rec := httptest.NewRecorder()
	p.ServeHTTP(rec, httptest.NewRequest("GET", "https://www.arlon.test/fr/", nil))
	if rec.Code != http.StatusOK {
		t.Errorf("the other agency: %d", rec.Code)
	}
	p.Close()
	rec = httptest.NewRecorder()
	p.ServeHTTP(rec, httptest.NewRequest("GET", "https://www.arlon.test/fr/", nil))
	if rec.Code != http.StatusServiceUnavailable {
		t.Errorf("a closed platform: %d", rec.Code)
	}
}
