package app_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"immo/internal/account"
	"immo/internal/app/apptest"
	"immo/internal/inbox"
	"immo/internal/testimonial"
	"immo/internal/web/session"
)

// registrantClient is a site registrant's browser, logged in on the site:
// its session cookie, and the same token under the inbox's cookie name (a
// registrant copying their own session there), neither of which may open
// the inbox.
func registrantClient(t *testing.T, s *apptest.Site) *staffClient {
	t.Helper()
	id, err := s.Store.Accounts().Create(t.Context(), account.Account{Role: account.Registrant, Email: "reg@example.be",
		Lang: "nl", Created: s.Clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	m := session.New(session.Options{Store: s.Store.Sessions(), Accounts: s.Store.Accounts(), Now: s.Clock.Now})
	rec := httptest.NewRecorder()
	m.Viewer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := m.Start(r.Context(), id); err != nil {
			t.Fatal(err)
		}
	})).ServeHTTP(rec, httptest.NewRequest("GET", "/nl/account/", nil))
	c := &staffClient{h: s.Handler, ip: "192.0.2.50", cookies: map[string]*http.Cookie{}}
	for _, ck := range rec.Result().Cookies() {
		if ck.Name == session.CookieName {
			c.cookies[ck.Name] = ck
			c.cookies["immo_staff"] = &http.Cookie{Name: "immo_staff", Value: ck.Value}
		}
	}
	if len(c.cookies) != 2 {
		t.Fatal("no registrant session")
	}
	return c
}

// shutOut checks that those the inbox refuses get no page: a GET of a
// page sends them to the login, a post is refused; the registrant's too.
func shutOut(t *testing.T, s *apptest.Site, path string, post url.Values) {
	t.Helper()
	for name, c := range map[string]*staffClient{
		"nobody":     {h: s.Handler, ip: "203.0.113.9", cookies: map[string]*http.Cookie{}},
		"registrant": registrantClient(t, s),
	} {
		if rec := c.do(t, "GET", path, nil); rec.Code != http.StatusFound || rec.Header().Get("Location") != "/admin/login/" {
			t.Errorf("%s GET %s: %d → %q, want the login", name, path, rec.Code, rec.Header().Get("Location"))
		}
		if post != nil {
			if rec := c.do(t, "POST", path, post); rec.Code != http.StatusForbidden {
				t.Errorf("%s POST %s: %d, want 403", name, path, rec.Code)
			}
		}
	}
}

// auditOf is the audit log's entries about target kind, newest first.
func auditOf(t *testing.T, s *apptest.Site, kind string) []inbox.Entry {
	t.Helper()
	list, err := s.Store.Inbox().Audit(t.Context(), inbox.AuditQuery{TargetKind: kind, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// TestInboxTestimonials: staff moderate the testimonials on both
// databases — the pending one listed first, a refused edit changing
// nothing, an edit, an approval the home page shows at once (no watcher
// runs in the tests: the moderation's own refresh does it), a rejection
// that removes it from the home page, each change audited — and nobody
// else reaches the page.
func TestInboxTestimonials(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ctx := t.Context()
			id, err := s.Store.AddTestimonial(ctx, testimonial.Testimonial{Name: "Zoë Q.", Comment: "Vlotte verkoop, altijd bereikbaar",
				Lang: "nl", CreatedAt: s.Clock.Now()})
			if err != nil {
				t.Fatal(err)
			}
			const page = "/admin/testimonials/"
			shutOut(t, s, page, url.Values{"action": {"approve"}, "id": {itoa(id)}})
			if list, _ := s.Store.Testimonials(ctx, true); !slices.ContainsFunc(list, func(x testimonial.Testimonial) bool { return x.ID == id }) {
				t.Fatalf("a refused approval published it: %+v", list)
			}

			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			agentID := agentID(t, s, "agent@agency.test")
			agent.inertia = true
			rec := agent.do(t, "GET", page, nil, "Accept-Language", "de")
			view, props := inboxPage(t, rec)
			rows, _ := props["rows"].([]any)
			if rec.Code != 200 || view != "AdminTestimonials" || len(rows) < 2 {
				t.Fatalf("the list: %d %s %d rows", rec.Code, view, len(rows))
			}
			mine, published := -1, false
			for i, r := range rows {
				r := r.(map[string]any)
				if r["id"] == float64(id) {
					mine = i
				}
				if r["approved"] == false && published {
					t.Errorf("a pending testimonial after a published one: %v", rows)
				}
				published = r["approved"] == true
			}
			if mine < 0 || rows[mine].(map[string]any)["approved"] != false || !published {
				t.Errorf("pending first (ours among them), then the published: %v", rows)
			}
			agent.inertia = false
			home := func() string { return get(t, s, "/nl/").Body.String() }
			if strings.Contains(home(), "Vlotte verkoop") {
				t.Fatal("a pending testimonial on the home page")
			}

			// A refused edit says why and changes nothing.
			rec = agent.do(t, "POST", page, url.Values{"action": {"edit"}, "id": {itoa(id)}, "name": {"  "}, "comment": {"Goed"}})
			if _, props := inboxPage(t, rec); rec.Code != http.StatusUnprocessableEntity ||
				props["errors"].(map[string]any)["name"] != testimonial.KeyNameEmpty || props["form"].(map[string]any)["form"] != "edit-"+itoa(id) {
				t.Errorf("an empty name: %d %v %v", rec.Code, props["errors"], props["form"])
			}
			if rec := agent.do(t, "POST", page, url.Values{"action": {"edit"}, "id": {itoa(id)}, "name": {"Zoë"}, "comment": {"a\x00b"}}); rec.Code != http.StatusUnprocessableEntity {
				t.Errorf("a control character: %d", rec.Code)
			}
			if n := len(auditOf(t, s, testimonial.AuditTarget)); n != 0 {
				t.Fatalf("refusals logged %d entries", n)
			}

			// Edit, approve: the home page shows the new words at once.
			for _, change := range []url.Values{
				{"action": {"edit"}, "id": {itoa(id)}, "name": {" Zoë  Q. "}, "comment": {"Vlotte verkoop, altijd bereikbaar en eerlijk"}},
				{"action": {"approve"}, "id": {itoa(id)}},
				{"action": {"approve"}, "id": {itoa(id)}}, // again: nothing changes, nothing is logged
			} {
				if rec := agent.do(t, "POST", page, change); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != page {
					t.Fatalf("%v: %d → %q", change, rec.Code, rec.Header().Get("Location"))
				}
			}
			if h := home(); !strings.Contains(h, "Vlotte verkoop, altijd bereikbaar en eerlijk") || !strings.Contains(h, "Zoë Q.") {
				t.Errorf("the approved testimonial is not on the home page")
			}
			log := auditOf(t, s, testimonial.AuditTarget)
			if len(log) != 2 || log[1].Action != "testimonial.edit" || log[1].Before != "Zoë Q.: Vlotte verkoop, altijd bereikbaar" ||
				log[1].After != "Zoë Q.: Vlotte verkoop, altijd bereikbaar en eerlijk" || log[0].Action != "testimonial.approve" ||
				log[0].Actor != agentID || log[0].TargetID != id {
				t.Errorf("the audit log: %+v", log)
			}

			// Reject: gone from the store and the home page; a second
			// rejection finds nothing and says so.
			if rec := agent.do(t, "POST", page, url.Values{"action": {"reject"}, "id": {itoa(id)}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("reject: %d", rec.Code)
			}
			if strings.Contains(home(), "Vlotte verkoop") {
				t.Error("a rejected testimonial stays on the home page")
			}
			rec = agent.do(t, "POST", page, url.Values{"action": {"reject"}, "id": {itoa(id)}})
			if _, props := inboxPage(t, rec); rec.Code != http.StatusNotFound || props["errors"].(map[string]any)["form"] != testimonial.KeyGone {
				t.Errorf("a second rejection: %d %v", rec.Code, props["errors"])
			}
			if rec := agent.do(t, "POST", page, url.Values{"action": {"publish-all"}, "id": {"1"}}); rec.Code != http.StatusUnprocessableEntity {
				t.Errorf("an unknown action: %d", rec.Code)
			}
			if log := auditOf(t, s, testimonial.AuditTarget); len(log) != 3 || log[0].Action != "testimonial.reject" ||
				!strings.HasPrefix(log[0].Before, "Zoë Q.: ") {
				t.Errorf("the rejection's entry: %+v", log)
			}
		})
	}
}
