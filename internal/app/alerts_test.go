package app_test

import (
	"context"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"net/textproto"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/smtptest"
	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/app"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/agenda"
	"immo/internal/domain/catalog"
	"immo/internal/domain/demand"
	"immo/internal/domain/lead"
	"immo/internal/domain/visit"
)

// The demo's sale houses in Arlon: 4100001 to 4100004 (4100003 at
// € 250 000). A demand for them, and listings the tests add or change.
const (
	newHouse   = 4100901 // a new listing, a copy of 4100001
	cheaper    = 4100003 // its price lowered to € 240 000
	untouched  = 4100004
	alertsWait = smtptest.Patience
)

func arlonHouses() demand.Demand {
	return demand.Demand{Goal: catalog.GoalSale, Types: []int{1}, Zips: []string{"BE-6700"}}
}

// registrantWith creates a registrant (daily or not) with a confirmed
// demand for arlonHouses, confirmed at the clock's time.
func registrantWith(t *testing.T, s *apptest.Site, email, lang string, freq account.Frequency) demand.Demand {
	t.Helper()
	id, err := s.Store.Accounts().Create(t.Context(), account.Account{Role: account.Registrant, Email: email, FirstName: "Ann",
		LastName: "Lambert", Lang: lang, PasswordHash: "h", Created: s.Clock.Now(), AlertFrequency: freq, Confirmed: s.Clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	d := arlonHouses()
	d.Account, d.Lang, d.Created, d.Confirmed = id, lang, s.Clock.Now(), s.Clock.Now()
	if d.ID, err = s.Store.Demands().Save(t.Context(), d); err != nil {
		t.Fatal(err)
	}
	return d
}

// importDemo imports the demo catalog changed by change, and has the site
// serve it, as an import and the catalog watcher do.
func importDemo(t *testing.T, s *apptest.Site, change func(c *catalog.Catalog)) {
	t.Helper()
	c, err := demo.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	if change != nil {
		change(c)
	}
	if _, err := s.Store.Import(t.Context(), c, catalog.Keep{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Catalog.Reload(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// newAndCheaper adds newHouse and lowers cheaper's price.
func newAndCheaper(c *catalog.Catalog) {
	for i := range c.Properties {
		p := &c.Properties[i]
		switch p.ID {
		case 4100001:
			n := *p
			n.ID, n.Price = newHouse, 299000
			c.Properties = append(c.Properties, n)
		case cheaper:
			p.Price = 240000
		}
	}
}

func scanAlerts(t *testing.T, s *apptest.Site) demand.Scanned {
	t.Helper()
	res, err := s.ScanAlerts(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// mailText is m's text part, decoded.
func mailText(t *testing.T, m *mail.Message) string {
	t.Helper()
	var out strings.Builder
	var walk func(h textproto.MIMEHeader, r io.Reader)
	walk = func(h textproto.MIMEHeader, r io.Reader) {
		mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
		if err != nil {
			mt = "text/plain"
		}
		if strings.HasPrefix(mt, "multipart/") {
			mr := multipart.NewReader(r, params["boundary"])
			for {
				p, err := mr.NextRawPart()
				if err != nil {
					return
				}
				walk(p.Header, p)
			}
		}
		if strings.EqualFold(h.Get("Content-Transfer-Encoding"), "quoted-printable") {
			r = quotedprintable.NewReader(r)
		}
		if strings.HasPrefix(mt, "text/plain") {
			b, err := io.ReadAll(r)
			if err != nil {
				t.Fatal(err)
			}
			out.Write(b)
		}
	}
	walk(textproto.MIMEHeader(m.Header), m.Body)
	return out.String()
}

func subject(t *testing.T, m *mail.Message) string {
	t.Helper()
	s, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// oneClick checks m's one-click unsubscribe (RFC 8058) and returns its
// address on the site (path and query).
func oneClick(t *testing.T, m *mail.Message, text string) string {
	t.Helper()
	h := m.Header.Get("List-Unsubscribe")
	match := regexp.MustCompile(`^<(` + regexp.QuoteMeta(apptest.LocalURL) + `(/[a-z]{2}/unsubscribe/\?token=[A-Za-z0-9_-]{43}))>$`).FindStringSubmatch(h)
	if match == nil || m.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
		t.Fatalf("List-Unsubscribe %q, List-Unsubscribe-Post %q", h, m.Header.Get("List-Unsubscribe-Post"))
	}
	if !strings.Contains(text, match[1]) {
		t.Fatalf("the body lacks the unsubscribe link %s:\n%s", match[1], text)
	}
	return match[2]
}

// postOneClick is a mail client's one-click unsubscribe: a POST of
// List-Unsubscribe=One-Click to the link, no cookie, no other field.
func postOneClick(t *testing.T, s *apptest.Site, path string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, path, strings.NewReader("List-Unsubscribe=One-Click"))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, r)
	return rec
}

func get(t *testing.T, s *apptest.Site, path string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec
}

func active(t *testing.T, s *apptest.Site) map[int64]bool {
	t.Helper()
	ds, err := s.Store.Demands().Active(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]bool{}
	for _, d := range ds {
		out[d.ID] = true
	}
	return out
}

// Alerts on both databases: nothing for what was online when the demands
// were confirmed; a new listing and a price drop announced at once to an
// instant registrant (one mail, in their language) and in the digest to a
// daily one; each once; nothing for a registrant confirmed after them; the
// one-click unsubscribe pausing the demand without logging in.
func TestAlerts(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ann := registrantWith(t, s, "ann@example.be", "fr", account.Instant)
			dee := registrantWith(t, s, "dee@example.be", "nl", account.Daily)
			s.Clock.Add(time.Hour)

			// The first scan remembers what is online: all four houses
			// match, none is news.
			if res := scanAlerts(t, s); !res.Ran || !res.Baseline || res.Alerts != 0 {
				t.Fatalf("first scan: %+v", res)
			}
			if res := scanAlerts(t, s); res.Ran {
				t.Fatalf("the same version scanned twice: %+v", res)
			}

			importDemo(t, s, newAndCheaper)
			if res := scanAlerts(t, s); !res.Ran || res.Baseline || res.News != 2 || res.Alerts != 4 {
				t.Fatalf("scan of the new version: %+v", res)
			}
			// Ann (instant) gets one mail of both, in French, at once.
			m := s.Delivered(t, 0, 1)[0]
			text := mailText(t, m)
			if m.Header.Get("To") != "\"Ann Lambert\" <ann@example.be>" && !strings.Contains(m.Header.Get("To"), "ann@example.be") {
				t.Fatalf("the alert went to %s", m.Header.Get("To"))
			}
			if sub := subject(t, m); !strings.Contains(sub, "Un bien pour votre recherche") {
				t.Errorf("subject %q", sub)
			}
			for _, want := range []string{"/fr/", "4100901", "4100003", "€ 299.000", "€ 240.000 (baissé de € 250.000)"} {
				if !strings.Contains(text, want) {
					t.Errorf("the alert lacks %q:\n%s", want, text)
				}
			}
			if strings.Contains(text, "4100004") || strings.Contains(text, "4100001/") {
				t.Errorf("the alert names a listing online before:\n%s", text)
			}
			unsubscribe := oneClick(t, m, text)

			// Carl confirms now: the listings are online for him.
			registrantWith(t, s, "carl@example.be", "en", account.Instant)
			s.Clock.Add(time.Minute)
			// An import changing nothing that matters, then one lowering
			// the new house a second time: Ann was told of it, once.
			importDemo(t, s, func(c *catalog.Catalog) {
				newAndCheaper(c)
				c.Properties[0].Reference = "changed"
			})
			if res := scanAlerts(t, s); !res.Ran || res.News != 0 || res.Alerts != 0 {
				t.Fatalf("scan of an unchanged catalog: %+v", res)
			}
			importDemo(t, s, func(c *catalog.Catalog) {
				newAndCheaper(c)
				c.Properties[len(c.Properties)-1].Price = 289000
			})
			if res := scanAlerts(t, s); !res.Ran || res.News != 1 || res.Alerts != 1 {
				t.Fatalf("scan of a second drop: %+v (Carl alone is told)", res)
			}
			carl := s.Delivered(t, 1, 1)[0]
			if !strings.Contains(carl.Header.Get("To"), "carl@example.be") || !strings.Contains(mailText(t, carl), "€ 289.000") {
				t.Fatalf("the second drop's mail: %v\n%s", carl.Header, mailText(t, carl))
			}

			// Dee (daily) hears in the digest, once.
			if n, err := s.SendDigests(t.Context()); err != nil || n != 1 {
				t.Fatalf("SendDigests = %d, %v", n, err)
			}
			if n, err := s.SendDigests(t.Context()); err != nil || n != 0 {
				t.Fatalf("SendDigests again = %d, %v", n, err)
			}
			digest := s.Delivered(t, 2, 1)[0]
			dtext := mailText(t, digest)
			if !strings.Contains(digest.Header.Get("To"), "dee@example.be") || !strings.Contains(subject(t, digest), "De panden van vandaag") ||
				!strings.Contains(dtext, "4100901") || !strings.Contains(dtext, "4100003") {
				t.Fatalf("the digest: %v\n%s", digest.Header, dtext)
			}
			oneClick(t, digest, dtext)
			time.Sleep(1500 * time.Millisecond) // the queue polls every second
			if n := len(s.SMTP.Messages()); n != 3 {
				t.Fatalf("%d mails sent, want 3", n)
			}

			// The link shows a button saying what it stops; a mail
			// client's one-click POST pauses Ann's demand, Dee's not.
			if rec := get(t, s, unsubscribe); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"what":"alert"`) {
				t.Fatalf("GET %s: %d\n%s", unsubscribe, rec.Code, rec.Body)
			}
			if on := active(t, s); !on[ann.ID] || !on[dee.ID] {
				t.Fatal("a GET changed something")
			}
			for range 2 { // twice: the second says the same
				if rec := postOneClick(t, s, unsubscribe); rec.Code != http.StatusOK ||
					!strings.Contains(rec.Body.String(), `"step":"unsubscribed"`) || !strings.Contains(rec.Body.String(), `"what":"alert"`) {
					t.Fatalf("one-click POST: %d\n%s", rec.Code, rec.Body)
				}
			}
			if on := active(t, s); on[ann.ID] || !on[dee.ID] {
				t.Fatalf("active demands after the unsubscribe: %v", on)
			}
			// An unknown token is a 404 page.
			unknown := "/fr/unsubscribe/?token=" + strings.Repeat("A", 43)
			if rec := postOneClick(t, s, unknown); rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), `"step":"unknown"`) {
				t.Fatalf("unknown token: %d\n%s", rec.Code, rec.Body)
			}
		})
	}
}

// Two servers on one PostgreSQL database: each notices the new catalog
// version and scans it (one does), and both run the daily digest and the
// weekly report at once: every mail goes out once.
func TestAlertsAndReportsTwoServers(t *testing.T) {
	url := pgtest.URL(t)
	a := apptest.New(t, apptest.Options{DatabaseURL: url})
	b := apptest.New(t, apptest.Options{DatabaseURL: url})
	registrantWith(t, a, "ann@example.be", "fr", account.Daily)
	registrantWith(t, a, "bob@example.be", "en", account.Daily)
	registrantWith(t, a, "cid@example.be", "de", account.Instant)
	invite(t, a, "owner1@example.be", "nl", 4100001)
	invite(t, a, "owner2@example.be", "fr", 4100002, 4100003)
	invites := 2
	// The servers share the queue: either may send any mail, to its own SMTP server.
	total := func() int { return len(a.SMTP.Messages()) + len(b.SMTP.Messages()) }
	waitTotal := func(want int) {
		t.Helper()
		deadline := time.Now().Add(alertsWait)
		for total() < want && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		time.Sleep(1500 * time.Millisecond) // and no more comes
		if got := total(); got != want {
			t.Fatalf("%d mails, want %d", got, want)
		}
	}
	waitTotal(invites)
	for _, s := range []*apptest.Site{a, b} {
		s.Clock.Set(time.Date(2026, 3, 9, 7, 0, 0, 0, agenda.Brussels)) // a Monday
	}
	scanBoth := func() (ran int) {
		t.Helper()
		var wg sync.WaitGroup
		var mu sync.Mutex
		for _, s := range []*apptest.Site{a, b} {
			wg.Go(func() {
				if res := scanAlerts(t, s); res.Ran {
					mu.Lock()
					ran++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		return ran
	}
	if n := scanBoth(); n != 1 {
		t.Fatalf("the first version scanned by %d servers", n)
	}
	importDemo(t, a, newAndCheaper)
	if err := b.Catalog.Reload(t.Context()); err != nil {
		t.Fatal(err)
	}
	if n := scanBoth(); n != 1 {
		t.Fatalf("the new version scanned by %d servers", n)
	}
	waitTotal(invites + 1) // Cid's alert, once

	run := func(what string, fn func(*apptest.Site) (int, error)) int {
		t.Helper()
		var wg sync.WaitGroup
		var mu sync.Mutex
		sum := 0
		for range 2 {
			for _, s := range []*apptest.Site{a, b} {
				wg.Go(func() {
					n, err := fn(s)
					if err != nil {
						t.Errorf("%s: %v", what, err)
					}
					mu.Lock()
					sum += n
					mu.Unlock()
				})
			}
		}
		wg.Wait()
		return sum
	}
	if n := run("digest", func(s *apptest.Site) (int, error) { return s.SendDigests(context.WithoutCancel(t.Context())) }); n != 2 {
		t.Errorf("digests queued: %d, want 2 (Ann's and Bob's)", n)
	}
	waitTotal(invites + 3)
	if n := run("report", func(s *apptest.Site) (int, error) { return s.SendReports(context.WithoutCancel(t.Context())) }); n != 2 {
		t.Errorf("reports queued: %d, want 2", n)
	}
	waitTotal(invites + 5)
}

// The weekly report on both databases: its figures against the week's
// visits, requests and bookings, the demands matching now; once a week;
// its one-click unsubscribe turning it off.
func TestWeeklyReport(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ctx := t.Context()
			owner := invite(t, s, "owner@example.be", "en", 4100001, 4100005).Account
			s.Delivered(t, 0, 1) // the invitation
			registrantWith(t, s, "ann@example.be", "fr", account.Instant)
			registrantWith(t, s, "bob@example.be", "fr", account.Daily)
			paused := arlonHouses() // not counted
			paused.Account, paused.Lang, paused.Created, paused.Confirmed, paused.Paused = owner.ID, "en", s.Clock.Now(), s.Clock.Now(), true
			if _, err := s.Store.Demands().Save(ctx, paused); err != nil {
				t.Fatal(err)
			}
			// The week of 2 to 8 March 2026, and the one before.
			if err := s.Store.Visits().Add(ctx, map[visit.Key]int{
				{Property: 4100001, Day: "2026-03-02"}: 4, {Property: 4100001, Day: "2026-03-08"}: 3,
				{Property: 4100001, Day: "2026-02-28"}: 5, {Property: 4100001, Day: "2026-03-09"}: 50,
				{Property: 4100005, Day: "2026-03-04"}: 2,
			}); err != nil {
				t.Fatal(err)
			}
			at := func(day, hour int) time.Time { return time.Date(2026, 3, day, hour, 0, 0, 0, agenda.Brussels) }
			for _, r := range []struct {
				kind     lead.Kind
				property int64
				at       time.Time
			}{
				{lead.KindInformation, 4100001, at(2, 9)},
				{lead.KindInformation, 4100001, at(8, 22)},
				{lead.KindVisit, 4100001, at(5, 10)},
				{lead.KindInformation, 4100001, at(1, 23)}, // the Sunday before
				{lead.KindInformation, 4100001, at(9, 0)},  // this Monday
				{lead.KindPurchaseOffer, 4100005, at(6, 10)},
				{lead.KindInformation, 4100002, at(6, 10)}, // another owner's
			} {
				req := lead.Request{Kind: r.kind, Lang: "fr", PropertyID: r.property, Time: r.at, IPHash: "ip",
					Person: lead.Person{FirstName: "A", LastName: "B", Email: "a@example.be"}}
				if _, err := s.Store.Requests().Save(ctx, req, nil); err != nil {
					t.Fatal(err)
				}
			}
			s.Clock.Set(at(9, 7)) // Monday 07:00
			if n, err := s.SendReports(ctx); err != nil || n != 1 {
				t.Fatalf("SendReports = %d, %v", n, err)
			}
			if n, err := s.SendReports(ctx); err != nil || n != 0 {
				t.Fatalf("SendReports again = %d, %v", n, err)
			}
			m := s.Delivered(t, 1, 1)[0]
			text := mailText(t, m)
			if sub := subject(t, m); !strings.Contains(sub, "02/03/2026 – 08/03/2026") {
				t.Errorf("subject %q", sub)
			}
			for _, want := range []string{
				"(4100001)", "Page visits: 7 (+40 % on the week before: 5)",
				"Requests: Information request: 2, Visit request: 1",
				"Registered searches matching it now: 2", // Ann's and Bob's, not the paused one
				"(4100005)", "Page visits: 2 (the week before: 0)", "Requests: Purchase offer: 1",
				"Registered searches matching it now: 0",
			} {
				if !strings.Contains(text, want) {
					t.Errorf("the report lacks %q:\n%s", want, text)
				}
			}
			link := oneClick(t, m, text)
			if rec := get(t, s, link); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"what":"report"`) {
				t.Fatalf("GET %s: %d\n%s", link, rec.Code, rec.Body)
			}
			if rec := postOneClick(t, s, link); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"what":"report"`) {
				t.Fatalf("one-click POST: %d\n%s", rec.Code, rec.Body)
			}
			if a, err := s.Store.Accounts().ByID(ctx, owner.ID); err != nil || a.WeeklyReport {
				t.Fatalf("the report still on: %+v, %v", a, err)
			}
			s.Clock.Add(7 * 24 * time.Hour)
			if n, err := s.SendReports(ctx); err != nil || n != 0 {
				t.Fatalf("SendReports after the unsubscribe = %d, %v", n, err)
			}
		})
	}
}

// The periodic jobs' schedule: the digest every day at 08:00, the report
// on Mondays at 07:00, Brussels time across the change to summer time.
func TestJobSchedule(t *testing.T) {
	at := func(day, hour, minute int) time.Time {
		return time.Date(2026, 3, day, hour, minute, 0, 0, agenda.Brussels)
	}
	digest, report := app.Schedules()
	for _, c := range []struct {
		from, digest, report time.Time
	}{
		{at(27, 7, 59), at(27, 8, 0), at(30, 7, 0)},
		{at(27, 8, 0), at(28, 8, 0), at(30, 7, 0)},
		{at(29, 9, 0), at(30, 8, 0), at(30, 7, 0)}, // the Sunday of the change
		{at(30, 7, 0), at(30, 8, 0), time.Date(2026, 4, 6, 7, 0, 0, 0, agenda.Brussels)},
	} {
		if got := digest.Next(c.from); !got.Equal(c.digest) {
			t.Errorf("digest after %v: %v, want %v", c.from, got, c.digest)
		}
		if got := report.Next(c.from); !got.Equal(c.report) {
			t.Errorf("report after %v: %v, want %v", c.from, got, c.report)
		}
	}
}
