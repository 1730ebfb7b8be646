package app_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/http/web/session"
)

// inboxRoute is one address of the inbox and who may use it: a page (GET,
// nobody sent to the login), a file (GET, nobody refused) or a post
// (nobody refused); adminOnly ones refuse agents too (403).
type inboxRoute struct {
	method, path string
	page         bool
	adminOnly    bool
	form         url.Values
	stream       bool // never ends for staff (TestInboxStream reads it)
}

// inboxRoutes are every address of the inbox behind its login. A post
// here changes nothing it may reach: its form is refused before the
// domain, or names nothing (a test of roles, not of the pages).
var inboxRoutes = []inboxRoute{
	{method: "GET", path: "/admin/", page: true},
	{method: "GET", path: "/admin/leads/", page: true},
	{method: "GET", path: "/admin/leads/1/", page: true},
	{method: "POST", path: "/admin/leads/1/", form: url.Values{"action": {"status"}, "status": {"done"}}},
	{method: "GET", path: "/admin/leads/1/files/cv"},
	{method: "GET", path: "/admin/leads.csv"},
	{method: "GET", path: "/admin/events", stream: true},
	{method: "GET", path: "/admin/agenda/", page: true},
	{method: "POST", path: "/admin/agenda/", form: url.Values{"action": {"cancel"}, "id": {"1"}}},
	{method: "GET", path: "/admin/agenda.csv"},
	{method: "GET", path: "/admin/agenda/rules/", page: true, adminOnly: true},
	{method: "POST", path: "/admin/agenda/rules/", adminOnly: true, form: url.Values{"action": {"reset"}}},
	{method: "GET", path: "/admin/testimonials/", page: true},
	{method: "GET", path: "/admin/mails/", page: true},
	{method: "GET", path: "/admin/staff/", page: true, adminOnly: true},
	{method: "POST", path: "/admin/staff/", adminOnly: true, form: url.Values{"action": {"role"}, "id": {"1"}, "role": {"agent"}}},
	{method: "GET", path: "/admin/account/", page: true},
	{method: "GET", path: "/admin/audit/", page: true, adminOnly: true},
	{method: "GET", path: "/admin/newsletter/", page: true},
	{method: "GET", path: "/admin/newsletter.csv"},
	{method: "GET", path: "/admin/audit.csv", adminOnly: true},
	{method: "GET", path: "/admin/owners/", page: true},
	{method: "POST", path: "/admin/owners/", form: url.Values{"action": {"invite"}, "id": {"999999"}}},
	{method: "GET", path: "/admin/demands/", page: true},
	{method: "GET", path: "/admin/demands.csv"},
	{method: "POST", path: "/admin/mails/", form: url.Values{"action": {"retry"}, "id": {"999999"}}},
	{method: "POST", path: "/admin/testimonials/", form: url.Values{"action": {"reject"}, "id": {"999999"}}},
	{method: "GET", path: "/admin/abuse/", page: true},
	{method: "GET", path: "/admin/abuse.csv"},
	{method: "GET", path: "/admin/mails.csv"},
	{method: "GET", path: "/admin/owners.csv"},
	{method: "POST", path: "/admin/abuse/", form: url.Values{"action": {"release"}, "key": {"none"}, "window": {"2026-11-23T09:00:00Z"}}},
}

// TestInboxRoles: on both databases, every address of the inbox refuses
// nobody, a registrant logged in on the site (their cookie, and their
// session's token in the inbox's cookie) and, where it is an admin's, an
// agent; staff reach the rest.
func TestInboxRoles(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t), Visits: true})
			admin := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")

			// A registrant, logged in on the site (their address confirmed:
			// an unconfirmed one logs in nowhere).
			site := &client{h: s.Handler, ip: "192.0.2.1", cookie: peopleRegistrant(t, s).cookies[session.CookieName]}
			if site.cookie == nil {
				t.Fatal("the registrant has no session")
			}
			nobody := &staffClient{h: s.Handler, ip: "203.0.113.9", cookies: map[string]*http.Cookie{}}
			registrant := &staffClient{h: s.Handler, ip: "192.0.2.1", cookies: map[string]*http.Cookie{session.CookieName: site.cookie}}
			borrowed := *site.cookie
			borrowed.Name, borrowed.Path = "immo_staff", "/admin/"
			smuggler := &staffClient{h: s.Handler, ip: "192.0.2.1", cookies: map[string]*http.Cookie{"immo_staff": &borrowed}}

			audits := s.Count(t, "audit_log")
			for _, r := range inboxRoutes {
				for name, c := range map[string]*staffClient{"nobody": nobody, "a registrant": registrant, "a registrant's token": smuggler} {
					rec := c.do(t, r.method, r.path, r.form)
					switch {
					case r.page && r.method == "GET":
						if rec.Code != http.StatusFound || rec.Header().Get("Location") != loginFor(r.path) {
							t.Errorf("%s %s %s: %d → %q, want the login", name, r.method, r.path, rec.Code, rec.Header().Get("Location"))
						}
					case rec.Code != http.StatusForbidden:
						t.Errorf("%s %s %s: %d, want 403", name, r.method, r.path, rec.Code)
					}
				}
			}
			if n := s.Count(t, "audit_log"); n != audits {
				t.Errorf("refused requests wrote %d audit entries", n-audits)
			}
			for _, r := range inboxRoutes {
				if r.stream {
					continue
				}
				rec := agent.do(t, r.method, r.path, r.form)
				refused := rec.Code == http.StatusForbidden || strings.HasPrefix(rec.Header().Get("Location"), "/admin/login/")
				if r.adminOnly != refused {
					t.Errorf("an agent %s %s: %d (admin's only: %v)", r.method, r.path, rec.Code, r.adminOnly)
				}
				if r.method == "GET" && r.page {
					if rec := admin.do(t, r.method, r.path, nil); rec.Code >= 400 && rec.Code != http.StatusNotFound {
						t.Errorf("an admin GET %s: %d", r.path, rec.Code)
					}
				}
			}
			if body := admin.do(t, "GET", "/admin/leads/", nil).Body.String(); !strings.Contains(body, `"admin":true`) {
				t.Errorf("the admin is not one in the page")
			}
		})
	}
}
