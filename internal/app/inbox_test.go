package app_test

import (
	"bufio"
	"context"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"immo/internal/app"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/http/web/session"

	"github.com/pquerna/otp/totp"
)

// staffClient is a browser in the inbox: one address, its cookies kept.
type staffClient struct {
	h       http.Handler
	ip      string
	cookies map[string]*http.Cookie
	inertia bool // asks as the app's router does (JSON page objects)
}

func (c *staffClient) do(t *testing.T, method, path string, form url.Values, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	body := ""
	if form != nil {
		body = form.Encode()
	}
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.RemoteAddr = c.ip + ":4321"
	if form != nil {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if c.inertia {
		r.Header.Set("X-Inertia", "true")
		r.Header.Set("X-Inertia-Version", apptest.AssetVersion)
	}
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	for _, ck := range c.cookies {
		r.AddCookie(ck)
	}
	rec := httptest.NewRecorder()
	c.h.ServeHTTP(rec, r)
	for _, ck := range rec.Result().Cookies() {
		if ck.MaxAge < 0 {
			delete(c.cookies, ck.Name)
		} else {
			c.cookies[ck.Name] = ck
		}
	}
	return rec
}

// inboxPage is the page object of a document (the shell's JSON) or of a
// router's answer.
func inboxPage(t *testing.T, rec *httptest.ResponseRecorder) (string, map[string]any) {
	t.Helper()
	b := rec.Body.String()
	if m := regexp.MustCompile(`(?s)<script type="application/json" id="page">(.*?)</script>`).FindStringSubmatch(b); m != nil {
		b = html.UnescapeString(m[1])
	}
	var obj struct {
		Component string         `json:"component"`
		Props     map[string]any `json:"props"`
	}
	if err := json.Unmarshal([]byte(b), &obj); err != nil {
		t.Fatalf("no page object (%d): %v\n%.400s", rec.Code, err, rec.Body.String())
	}
	return obj.Component, obj.Props
}

var staffLink = regexp.MustCompile(`/admin/password/\?token=[A-Za-z0-9_%.~-]+`)

// newStaff adds a staff member as `immo staff add` does and follows the
// mailed link to choose a password: the logged-in client.
func newStaff(t *testing.T, s *apptest.Site, email string, role account.StaffRole, ip string) *staffClient {
	t.Helper()
	return newStaffIn(t, s, email, role, ip, "en")
}

// newStaffIn is newStaff of a member added in lang (`immo staff add
// --lang`; "": the site's default).
func newStaffIn(t *testing.T, s *apptest.Site, email string, role account.StaffRole, ip, lang string) *staffClient {
	t.Helper()
	before := len(s.SMTP.Messages())
	cfg := app.Config{Store: s.Store, Site: s.Config, PublicURL: apptest.LocalURL, Now: s.Clock.Now}
	if _, err := app.AddStaff(t.Context(), cfg, account.NewStaff{Email: email, FirstName: "Ann", LastName: strings.Split(email, "@")[0], Role: role,
		Lang: lang}); err != nil {
		t.Fatal(err)
	}
	msg := s.DeliveredTo(t, before, email)
	raw, _ := io.ReadAll(msg.Body)
	link := staffLink.FindString(strings.ReplaceAll(string(raw), "=\r\n", ""))
	if link == "" {
		t.Fatalf("no password link in the staff mail:\n%s", raw)
	}
	link = strings.ReplaceAll(link, "=3D", "=")
	c := &staffClient{h: s.Handler, ip: ip, cookies: map[string]*http.Cookie{}}
	if rec := c.do(t, "GET", link, nil); rec.Code != 200 {
		t.Fatalf("password link: %d", rec.Code)
	}
	token, _ := url.ParseQuery(strings.SplitN(link, "?", 2)[1])
	rec := c.do(t, "POST", "/admin/password/", url.Values{"token": {token.Get("token")}, "password": {"short"}, "passwordConfirm": {"short"}})
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("a short password: %d, want 422", rec.Code)
	}
	if _, props := inboxPage(t, rec); props["errors"].(map[string]any)["password"] != "forms.error.passwordShort" {
		t.Fatalf("a short password: errors %v", props["errors"])
	}
	rec = c.do(t, "POST", "/admin/password/", url.Values{"token": {token.Get("token")}, "password": {"a long enough one"}, "passwordConfirm": {"a long enough one"}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/admin/leads/" {
		t.Fatalf("choosing the password: %d → %q", rec.Code, rec.Header().Get("Location"))
	}
	if c.cookies["immo_staff"] == nil || c.cookies["immo_staff"].Path != "/admin/" {
		t.Fatalf("no staff session on /admin/: %v", c.cookies)
	}
	// The link is spent.
	if rec := (&staffClient{h: s.Handler, ip: ip, cookies: map[string]*http.Cookie{}}).do(t, "GET", link, nil); rec.Code != http.StatusNotFound {
		t.Fatalf("a used link: %d, want 404", rec.Code)
	}
	return c
}

// TestInbox walks the inbox as staff and as those it refuses, on both
// databases: a lead stored by the site shows in the list, its status,
// note and assignee change with an audit entry each, the export is a CSV
// Excel reads, and nobody but the staff reaches any of it.
func TestInbox(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ctx := t.Context()
			id, err := s.Requests.Save(ctx, lead.Request{Kind: lead.KindInformation, Lang: "fr", Page: "/fr/", Time: s.Clock.Now(),
				Person: lead.Person{FirstName: "Élodie", LastName: "Dupont", Email: "elodie@example.org"},
				Remark: "=HYPERLINK(\"http://evil\")", IPHash: "x"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			lead := "/admin/leads/" + itoa(id) + "/"
			visit, err := s.Requests.Save(ctx, lead_(4100001, s.Clock.Now()), nil)
			if err != nil {
				t.Fatal(err)
			}

			// Nobody: pages lead to the login, the rest is refused.
			anon := &staffClient{h: s.Handler, ip: "203.0.113.9", cookies: map[string]*http.Cookie{}}
			for _, p := range []string{"/admin/", "/admin/leads/", lead} {
				if rec := anon.do(t, "GET", p, nil); rec.Code != http.StatusFound || rec.Header().Get("Location") != loginFor(p) {
					t.Errorf("nobody GET %s: %d → %q, want the login", p, rec.Code, rec.Header().Get("Location"))
				}
			}
			for _, p := range []string{"/admin/leads.csv", "/admin/events", lead + "files/cv"} {
				if rec := anon.do(t, "GET", p, nil); rec.Code != http.StatusForbidden {
					t.Errorf("nobody GET %s: %d, want 403", p, rec.Code)
				}
			}
			if rec := anon.do(t, "POST", lead, url.Values{"action": {"status"}, "status": {"done"}}); rec.Code != http.StatusForbidden {
				t.Errorf("nobody POST %s: %d, want 403", lead, rec.Code)
			}
			login := anon.do(t, "GET", "/admin/login/", nil, "Accept-Language", "de-BE,de;q=0.9,en;q=0.5")
			if login.Code != 200 || login.Header().Get("X-Robots-Tag") != "noindex, nofollow" ||
				login.Header().Get("Cache-Control") != "private, no-store" || !strings.Contains(login.Body.String(), `<html lang="de">`) {
				t.Errorf("login page: %d %v", login.Code, login.Header())
			}
			if !strings.Contains(login.Body.String(), "<noscript><p class=\"admin-noscript\">Der Posteingang benötigt JavaScript") {
				t.Errorf("without JavaScript the login page says nothing:\n%.600s", login.Body.String())
			}
			if v, props := inboxPage(t, login); v != "AdminLogin" || props["texts"].(map[string]any)["admin.login.submit"] != "Anmelden" {
				t.Errorf("login page in German: %s %v", v, props["texts"].(map[string]any)["admin.login.submit"])
			}

			admin := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")

			// The list, as the router asks for it.
			agent.inertia = true
			rec := agent.do(t, "GET", "/admin/leads/?q=elod", nil)
			view, props := inboxPage(t, rec)
			rows, _ := props["rows"].([]any)
			if rec.Code != 200 || view != "AdminLeads" || len(rows) != 1 || rows[0].(map[string]any)["email"] != "elodie@example.org" {
				t.Fatalf("the list: %d %s %v", rec.Code, view, rows)
			}
			if rec := agent.do(t, "GET", "/admin/leads/?from=2026-99-01", nil); rec.Code != http.StatusBadRequest {
				t.Errorf("a bad date: %d, want 400", rec.Code)
			}
			// The pages around keep the filter, its page size too.
			_, props = inboxPage(t, agent.do(t, "GET", "/admin/leads/?size=1&sort=oldest", nil))
			older, _ := props["next"].(string)
			if u, err := url.Parse(older); err != nil || len(props["rows"].([]any)) != 1 || u.Query().Get("size") != "1" ||
				u.Query().Get("sort") != "oldest" || u.Query().Get("cursor") == "" {
				t.Errorf("a page of one: next %q, want the filter and its size kept", older)
			} else {
				_, props = inboxPage(t, agent.do(t, "GET", older, nil))
				newer, _ := props["prev"].(string)
				if u, err := url.Parse(newer); err != nil || len(props["rows"].([]any)) != 1 || u.Query().Get("size") != "1" {
					t.Errorf("the page after: prev %q, want its size kept", newer)
				}
			}
			agent.inertia = false

			// The agent works the lead: each change audited.
			audits := s.Count(t, "audit_log")
			for _, change := range []url.Values{
				{"action": {"status"}, "status": {"in_progress"}},
				{"action": {"note"}, "note": {"Called back, visit on Monday"}},
				{"action": {"assign"}, "assignee": {itoa(agentID(t, s, "agent@agency.test"))}},
			} {
				if rec := agent.do(t, "POST", lead, change); rec.Code != http.StatusSeeOther {
					t.Fatalf("%v: %d %s", change, rec.Code, rec.Body.String())
				}
			}
			if got := s.Count(t, "audit_log") - audits; got != 3 {
				t.Errorf("audit entries: %d, want 3", got)
			}
			// A move the status does not allow, and a change from another site.
			if rec := agent.do(t, "POST", lead, url.Values{"action": {"status"}, "status": {"nope"}}); rec.Code != http.StatusUnprocessableEntity {
				t.Errorf("an unknown status: %d, want 422", rec.Code)
			}
			if rec := agent.do(t, "POST", lead, url.Values{"action": {"status"}, "status": {"done"}}, "Sec-Fetch-Site", "cross-site"); rec.Code != http.StatusForbidden {
				t.Errorf("a post from another site: %d, want 403", rec.Code)
			}
			// A tab still showing "new" is told the status changed meanwhile.
			stale := agent.do(t, "POST", lead, url.Values{"action": {"status"}, "from": {"new"}, "status": {"spam"}}, "X-Inertia", "true", "X-Inertia-Version", "v1")
			if _, p := inboxPage(t, stale); stale.Code != http.StatusConflict || p["errors"].(map[string]any)["status"] != inbox.KeyChanged {
				t.Errorf("a change from a stale page: %d %v", stale.Code, p["errors"])
			}
			_, props = inboxPage(t, agent.do(t, "GET", lead, nil))
			if props["title"] != "" { // Élodie gave none
				t.Errorf("no title given: %q", props["title"])
			}
			if l := props["lead"].(map[string]any); l["status"] != "in_progress" || l["assignee"] != "Ann agent" || len(props["notes"].([]any)) != 1 {
				t.Errorf("the lead after the changes: %v, notes %v", l, props["notes"])
			}

			// A lead about a property links the property's page.
			speaks(t, s, "agent@agency.test", "nl") // the inbox speaks the member's language, not the browser's
			if _, props := inboxPage(t, agent.do(t, "GET", "/admin/leads/"+itoa(visit)+"/", nil, "Accept-Language", "nl")); props["title"] != "Mevrouw" {
				t.Errorf("the lead's title %q (want Mevrouw)", props["title"])
			} else if l, _ := props["lead"].(map[string]any)["listing"].(map[string]any); !strings.HasPrefix(l["href"].(string), "/nl/te-koop/") ||
				!strings.HasSuffix(l["href"].(string), "/4100001/") {
				t.Errorf("the lead's property page %v", l)
			}

			// The export: BOM, the lead, its formula neutralised.
			speaks(t, s, "boss@agency.test", "fr") // the inbox speaks the member's language, not the browser's
			rec = admin.do(t, "GET", "/admin/leads.csv?status=in_progress", nil, "Accept-Language", "fr")
			csv := rec.Body.String()
			if rec.Code != 200 || !strings.HasPrefix(csv, "\uFEFF") || !strings.Contains(csv, "elodie@example.org") ||
				!strings.Contains(csv, `'=HYPERLINK`) || !strings.Contains(rec.Header().Get("Content-Disposition"), "attachment") {
				t.Errorf("export: %d %q\n%s", rec.Code, rec.Header(), csv)
			}

			// A registrant's or owner's session opens nothing here, nor does
			// their password on the inbox's login.
			if rec := anon.do(t, "POST", "/admin/login/", url.Values{"email": {"boss@agency.test"}, "password": {"wrong password!"}}); rec.Code != http.StatusUnprocessableEntity {
				t.Errorf("a wrong password: %d, want 422", rec.Code)
			}
			rec = anon.do(t, "POST", "/admin/login/", url.Values{"email": {"boss@agency.test"}, "password": {"a long enough one"}})
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/admin/leads/" {
				t.Errorf("the right password: %d → %q", rec.Code, rec.Header().Get("Location"))
			}

			// A second factor: after the password, a code; a wrong one is
			// refused, the right one logs in once; a code typed too late
			// starts the login again.
			boss, err := s.Store.Accounts().ByID(ctx, agentID(t, s, "boss@agency.test"))
			if err != nil {
				t.Fatal(err)
			}
			by := account.Viewer{Account: boss}
			enrol, err := s.Staff.BeginTOTP(ctx, by)
			if err != nil {
				t.Fatal(err)
			}
			code := func(at time.Time) string {
				c, err := totp.GenerateCode(enrol.Secret, at)
				if err != nil {
					t.Fatal(err)
				}
				return c
			}
			if err := s.Staff.ConfirmTOTP(ctx, by, code(s.Clock.Now())); err != nil {
				t.Fatal(err)
			}
			s.Clock.Add(time.Minute) // the confirming code's step is spent
			twoStep := &staffClient{h: s.Handler, ip: "198.51.100.7", cookies: map[string]*http.Cookie{}}
			rec = twoStep.do(t, "POST", "/admin/login/", url.Values{"email": {"boss@agency.test"}, "password": {"a long enough one"}})
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/admin/login/code/" {
				t.Fatalf("a password with a second factor: %d → %q", rec.Code, rec.Header().Get("Location"))
			}
			if rec := twoStep.do(t, "GET", "/admin/leads/", nil); rec.Code != http.StatusFound {
				t.Errorf("between the two steps the leads are shut: %d", rec.Code)
			}
			if rec := twoStep.do(t, "POST", "/admin/login/code/", url.Values{"code": {"000000"}}); rec.Code != http.StatusUnprocessableEntity {
				t.Errorf("a wrong code: %d, want 422", rec.Code)
			}
			if rec := twoStep.do(t, "POST", "/admin/login/code/", url.Values{"code": {code(s.Clock.Now())}}); rec.Code != http.StatusSeeOther ||
				rec.Header().Get("Location") != "/admin/leads/" {
				t.Errorf("the right code: %d → %q", rec.Code, rec.Header().Get("Location"))
			}
			if rec := twoStep.do(t, "GET", "/admin/leads/", nil); rec.Code != http.StatusOK {
				t.Errorf("after the code: %d", rec.Code)
			}
			late := &staffClient{h: s.Handler, ip: "198.51.100.8", cookies: map[string]*http.Cookie{}}
			late.do(t, "POST", "/admin/login/", url.Values{"email": {"boss@agency.test"}, "password": {"a long enough one"}})
			s.Clock.Add(session.AwaitFor + time.Minute)
			if rec := late.do(t, "POST", "/admin/login/code/", url.Values{"code": {code(s.Clock.Now())}}); rec.Code != http.StatusSeeOther ||
				rec.Header().Get("Location") != "/admin/login/" {
				t.Errorf("a code too late: %d → %q, want the login again", rec.Code, rec.Header().Get("Location"))
			}

			// Logging out ends the session.
			if rec := admin.do(t, "POST", "/admin/logout/", url.Values{}); rec.Code != http.StatusSeeOther {
				t.Errorf("logout: %d", rec.Code)
			}
			if rec := admin.do(t, "GET", "/admin/leads/", nil); rec.Code != http.StatusFound {
				t.Errorf("after logout: %d, want the login", rec.Code)
			}
		})
	}
}

// speaks makes lang the language of the staff member email, as their
// sign-in page's choice does (without its audit entry): the inbox speaks
// it to them whatever their browser asks.
func speaks(t *testing.T, s *apptest.Site, email, lang string) {
	t.Helper()
	err := s.Store.Staff().SetStaffLang(t.Context(), agentID(t, s, email), lang, func(context.Context, mail.Tx, account.Account) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
}

func agentID(t *testing.T, s *apptest.Site, email string) int64 {
	t.Helper()
	list, err := s.Store.Staff().ListStaff(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range list {
		if m.Email == email {
			return m.ID
		}
	}
	t.Fatalf("no staff %s", email)
	return 0
}

// lead_ is an information request about property.
func lead_(property int64, at time.Time) lead.Request {
	return lead.Request{Kind: lead.KindInformation, Lang: "nl", Page: "/nl/", PropertyID: property, Time: at,
		Person: lead.Person{Title: lead.TitleMs, FirstName: "Jan", LastName: "Peeters", Email: "jan@example.be"}, IPHash: "y"}
}

// TestInboxStream: the new-lead stream says when a lead comes, and ends at
// once when the server shuts down (it would hold the shutdown until its
// deadline).
func TestInboxStream(t *testing.T) {
	s := apptest.New(t, apptest.Options{})
	staff := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
	ts := httptest.NewServer(s.Handler)
	t.Cleanup(ts.Close)
	req, _ := http.NewRequestWithContext(t.Context(), "GET", ts.URL+"/admin/events", nil)
	req.AddCookie(staff.cookies["immo_staff"])
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("stream: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	lines := make(chan string, 16)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	next := func(within time.Duration) (string, bool) {
		select {
		case l, ok := <-lines:
			return l, ok
		case <-time.After(within):
			t.Fatalf("nothing on the stream within %s", within)
			return "", false
		}
	}
	// The stream never ends by itself: a wait on it fails only when what
	// is awaited never comes, however loaded the machine.
	const never = 2 * time.Minute
	next(never) // retry:
	id, err := s.Requests.Save(t.Context(), lead_(4100001, s.Clock.Now()), nil)
	if err != nil {
		t.Fatal(err)
	}
	for {
		l, ok := next(never)
		if !ok {
			t.Fatal("the stream ended before the lead")
		}
		if l == "data: "+itoa(id) {
			break
		}
	}
	s.EndStreams()
	for {
		if _, ok := next(never); !ok {
			break // ended by the shutdown
		}
	}
}
