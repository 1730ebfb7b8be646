// Package apptest is the harness the site-level HTTP tests share: the demo
// agency's whole site — server.Handler over the API, the pictures and the
// pages, the forms, the visit agenda, the newsletter — built by app.New, the
// code `immo serve` runs, on a fresh database (SQLite in the test's
// folder, or a PostgreSQL schema of its own), its mails sent by the River
// queue to an SMTP server of the test, on a clock the test moves.
//
// The pages are served as the client-rendered shell (no server rendering)
// at the asset version AssetVersion, whatever web app is built. The
// background loops (watchers, purges, the picture worker) do not run: they
// keep real time; only the mail queue sends.
//
// internal/http/web's in-package tests keep their own fixture (newTestHandler,
// the page handler with a fake renderer): internal/http/web cannot import
// internal/app, which builds on it, without a cycle.
package apptest

import (
	"context"
	"html/template"
	"log/slog"
	"net/mail"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/captcha"
	"immo/internal/adapter/demo"
	"immo/internal/adapter/metrics"
	"immo/internal/adapter/smtptest"
	"immo/internal/adapter/storage"
	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/app"
	"immo/internal/domain/agency"
	"immo/internal/domain/altcha"
	"immo/internal/domain/antispam"
	"immo/internal/domain/lead"
	"immo/internal/domain/platform"
	"immo/internal/domain/site"
	"immo/internal/http/web"
	"immo/internal/http/web/ssr"
	"immo/internal/tool/apitest"
)

// PublicURL is the public origin of the forms' tests (Options.PublicURL).
const PublicURL = "https://immo.example"

// LocalURL is the public origin of a site given none (Options.PublicURL).
const LocalURL = "http://localhost:8080"

// AssetVersion is the pages' asset version: a page request through the
// page protocol sends it (X-Inertia-Version).
const AssetVersion = "v1"

// Start is the clock's start unless Options.Start says otherwise: Monday
// 2 March 2026, 11:00 in Brussels.
var Start = time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)

// Databases are the stores a site-level test runs on: a temporary SQLite
// file, and a PostgreSQL schema of the test's own (pgtest skips it without
// a server). URL gives Options.DatabaseURL.
var Databases = []struct {
	Name string
	URL  func(testing.TB) string
}{
	{"sqlite", func(testing.TB) string { return "" }},
	{"postgres", pgtest.URL},
}

// Options vary the site.
type Options struct {
	// DatabaseURL is the database: "" a SQLite file in the test's folder,
	// else a PostgreSQL URL (pgtest.URL).
	DatabaseURL string
	// Visits wires the demo's appointments: the visit form on the property
	// pages and the cancel links; without it the site offers none.
	Visits bool
	// PublicURL is the site's public origin; "": LocalURL, as immo serve
	// without one serves on its plain-http address. The forms' tests use
	// PublicURL.
	PublicURL string
	// MapFrame configures the map frame (its tiles; default OpenStreetMap).
	MapFrame web.MapFrameOptions
	// AssetTags are the pages' head tags (the built app's scripts).
	AssetTags template.HTML
	// Captcha, when set, checks every post in place of ALTCHA: the site's
	// configuration names its provider.
	Captcha *captcha.Checker
	// Start is the clock's start; zero: Start.
	Start time.Time
	// Log is the site's log; nil: discarded (tests assert behaviour, not log lines).
	Log *slog.Logger
	// Feeds are the CRM feeds' options (the tests' CRM servers: trusted
	// hosts, TLS roots).
	Feeds app.FeedOptions
	// Published serves the demo's configuration as immo serve does:
	// published in the store (agency.Open), its drafts previewed, a new
	// version followed by Run; Visits is then implied (the demo's
	// configuration has them). Without it, the configuration is fixed.
	Published bool
	// Metrics hears the site's work for the operator; nil: none.
	Metrics *metrics.Metrics
	// Loaded is a platform's budget of sites (NewPlatform; 0: its default).
	Loaded int
	// Renderer renders a platform's pages (NewPlatform; nil: none, the
	// client-rendered shell).
	Renderer ssr.Renderer
}

// Site is the demo site of one test, closed when it ends.
type Site struct {
	*app.App // Handler, and the services behind it
	Store    storage.Store
	Requests *sqlstore.Requests
	Spam     antispam.Store
	SMTP     *smtptest.Server // where the mails go
	Clock    *Clock           // the forms', the challenges' and the agenda's
	IP       *lead.IPHasher   // hashes a sender's address as the forms do
	Config   *site.Config     // the site's configuration (the demo agency's)
}

// keys are the site's keys in every test.
var keys = app.Keys{Altcha: []byte(strings.Repeat("a", 32)), IPHash: []byte(strings.Repeat("i", 32)),
	Picture: []byte(strings.Repeat("p", 32)), TOTP: []byte(strings.Repeat("t", 32))}

// New builds the demo site for tb. Everything closes when tb ends: the
// mail queue and the rest of the site, then the SMTP server, then the
// store.
func New(tb testing.TB, o Options) *Site {
	tb.Helper()
	ctx := tb.Context()
	store, err := storage.Open(ctx, tb.TempDir(), o.DatabaseURL)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { store.Close() }) // last: cleanups run last first
	cfg, err := site.Parse("demo/site.json", demo.SiteJSON())
	if err != nil {
		tb.Fatal(err)
	}
	if !o.Visits {
		cfg.Appointments = nil
	}
	if o.Captcha != nil { // the site shows the captcha it checks, as a configuration naming one does
		cfg.Captcha = &site.Captcha{Provider: o.Captcha.Provider.Name, SiteKey: "0x4AAAAAAABkMYinukE8nzY"}
	}
	smtp := smtptest.Start(tb)
	start := o.Start
	if start.IsZero() {
		start = Start
	}
	clock := &Clock{t: start}
	if o.PublicURL == "" {
		o.PublicURL = LocalURL
	}
	var agencies *agency.Service
	if o.Published {
		if agencies, err = agency.Open(ctx, store, agency.Source{Name: "demo/site.json", Data: demo.SiteJSON()}, clock.Now); err != nil {
			tb.Fatal(err)
		}
		cfg = agencies.Current().Site
	}
	a, err := app.New(ctx, app.Config{Store: store, Agency: agencies, Site: cfg, PublicURL: o.PublicURL, SMTPURL: smtp.URL(), Keys: keys,
		Now: clock.Now, Log: o.Log, MapFrame: o.MapFrame, Captcha: o.Captcha, Feeds: o.Feeds, Metrics: o.Metrics,
		Web: &app.Web{AssetTags: o.AssetTags, AssetVersion: AssetVersion}})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(a.Close) // before the SMTP server and the store
	// Not the test's context: it ends before the cleanups, and the queue
	// must stop in Close, letting the mails being sent finish.
	if err := a.StartMail(context.WithoutCancel(ctx)); err != nil {
		tb.Fatal(err)
	}
	ip, err := lead.NewIPHasher(keys.IPHash)
	if err != nil {
		tb.Fatal(err)
	}
	return &Site{App: a, Store: store, Requests: store.Requests(), Spam: store.Antispam(), SMTP: smtp, Clock: clock,
		IP: ip, Config: cfg}
}

// Run runs each scenario as a subtest against the site.
func (s *Site) Run(t *testing.T, scenarios []apitest.Scenario) {
	t.Helper()
	apitest.Run(t, s.Handler, scenarios)
}

// Count counts the rows of a table.
func (s *Site) Count(tb testing.TB, table string) int {
	tb.Helper()
	db, _ := s.Store.QueueDB()
	var n int
	if err := db.QueryRow("SELECT count(*) FROM " + table).Scan(&n); err != nil {
		tb.Fatal(err)
	}
	return n
}

// Solve answers a fresh challenge as the widget does: it tries numbers
// until the hash matches.
func (s *Site) Solve(tb testing.TB) string {
	tb.Helper()
	c, err := s.Challenges.Challenge()
	if err != nil {
		tb.Fatal(err)
	}
	p, err := altcha.Solve(c)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// Delivered waits for the mails after the first `before` ones and returns
// them parsed.
func (s *Site) Delivered(tb testing.TB, before, n int) []*mail.Message {
	tb.Helper()
	all := s.SMTP.Wait(tb, before+n, smtptest.Patience)
	var out []*mail.Message
	for _, m := range all[before:] {
		msg, err := mail.ReadMessage(strings.NewReader(string(m.Data)))
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, msg)
	}
	return out
}

// DeliveredTo waits for a mail to rcpt after the first `before` ones and
// returns it parsed, whatever else arrives meanwhile (a command's mail
// waits for the queue's next poll, a site's is sent at once).
func (s *Site) DeliveredTo(tb testing.TB, before int, rcpt string) *mail.Message {
	tb.Helper()
	m := s.SMTP.WaitFor(tb, before, rcpt, smtptest.Patience)
	msg, err := mail.ReadMessage(strings.NewReader(string(m.Data)))
	if err != nil {
		tb.Fatal(err)
	}
	return msg
}

// Clock is the site's clock, moved by the tests.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// Now is the clock's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// Set moves the clock to t.
func (c *Clock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }

// Add moves the clock on by d.
func (c *Clock) Add(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.t = c.t.Add(d) }

// Platform is a platform of agencies (app.Platform) on one PostgreSQL
// schema, as `immo serve` runs one: each agency's site built on its first
// request, one queue sending every agency's mails to the test's SMTP
// server, the sites' loops running (the platform's Run).
type Platform struct {
	*app.Platform
	Store storage.Store
	SMTP  *smtptest.Server
	Clock *Clock
}

// NewPlatform builds the platform on o.DatabaseURL after add has added
// its agencies (the first is the implicit agency, the demo's); an added
// agency starts with its starter configuration and no listing.
func NewPlatform(tb testing.TB, o Options, add func(store storage.Store)) *Platform {
	tb.Helper()
	ctx := tb.Context()
	store, err := storage.Open(ctx, tb.TempDir(), o.DatabaseURL)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { store.Close() })
	add(store)
	smtp := smtptest.Start(tb)
	clock := &Clock{t: Start}
	if o.PublicURL == "" {
		o.PublicURL = PublicURL
	}
	p, err := app.NewPlatform(ctx, app.PlatformConfig{
		Site: app.Config{Store: store, PublicURL: o.PublicURL, SMTPURL: smtp.URL(), Now: clock.Now, Log: o.Log, Metrics: o.Metrics,
			Web: &app.Web{Renderer: o.Renderer, AssetTags: o.AssetTags, AssetVersion: AssetVersion}},
		OpenAgency: func(ctx context.Context, bound storage.Store, a platform.Agency) (*agency.Service, error) {
			data := demo.SiteJSON()
			if a.ID != platform.Implicit {
				if data, err = demo.StarterSiteJSON(a.Name, a.Lang, a.Preferred()); err != nil {
					return nil, err
				}
			}
			return agency.Open(ctx, bound, agency.Source{Name: "site.json", Data: data, OnlyIfEmpty: true}, clock.Now)
		},
		KeysFor: func(id int64) (app.Keys, error) { return KeysOf(id), nil },
		Loaded:  o.Loaded,
	})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(p.Close) // before the SMTP server and the store
	if err := p.Run(context.WithoutCancel(ctx)); err != nil {
		tb.Fatal(err)
	}
	return &Platform{Platform: p, Store: store, SMTP: smtp, Clock: clock}
}

// KeysOf is agency id's keys in the tests (each agency's its own).
func KeysOf(id int64) app.Keys {
	if id == platform.Implicit {
		return keys
	}
	k := func(c string) []byte { return []byte(strings.Repeat(c, 31) + strconv.FormatInt(id%10, 10)) }
	return app.Keys{Altcha: k("a"), IPHash: k("i"), Picture: k("p"), TOTP: k("t")}
}

// Delivered waits for the mails after the first `before` ones and returns
// them parsed.
func (p *Platform) Delivered(tb testing.TB, before, n int) []*mail.Message {
	tb.Helper()
	return (&Site{SMTP: p.SMTP}).Delivered(tb, before, n)
}
