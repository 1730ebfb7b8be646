package app_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/app"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/field"
	"immo/internal/domain/visit"
	"immo/internal/http/web"
	"immo/internal/http/web/route"
	"immo/internal/http/web/session"
)

// client is a browser without JavaScript on the site: one address, one
// session cookie kept between requests.
type client struct {
	h      http.Handler
	ip     string
	cookie *http.Cookie
}

func (c *client) do(t *testing.T, method, path string, form url.Values) *httptest.ResponseRecorder {
	t.Helper()
	var body *strings.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	} else {
		body = strings.NewReader("")
	}
	r := httptest.NewRequest(method, path, body)
	r.RemoteAddr = c.ip + ":4321"
	if form != nil {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if c.cookie != nil {
		r.AddCookie(c.cookie)
	}
	rec := httptest.NewRecorder()
	c.h.ServeHTTP(rec, r)
	for _, ck := range rec.Result().Cookies() {
		if ck.Name == session.CookieName {
			if ck.MaxAge < 0 {
				c.cookie = nil
			} else {
				c.cookie = ck
			}
		}
	}
	return rec
}

func invite(t *testing.T, s *apptest.Site, email, lang string, props ...int64) app.InviteResult {
	t.Helper()
	res, err := app.InviteOwner(t.Context(), app.Config{Store: s.Store, Site: s.Config, PublicURL: apptest.LocalURL, Now: s.Clock.Now},
		account.Invitation{Email: email, FirstName: "Ann", LastName: "Peeters", Lang: lang, Properties: props})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func expect(t *testing.T, what string, rec *httptest.ResponseRecorder, status int, location string, contains ...string) {
	t.Helper()
	if rec.Code != status || rec.Header().Get("Location") != location {
		t.Fatalf("%s: %d %q, want %d %q\n%s", what, rec.Code, rec.Header().Get("Location"), status, location, rec.Body)
	}
	for _, c := range contains {
		if !strings.Contains(rec.Body.String(), c) {
			t.Fatalf("%s: the page lacks %q:\n%s", what, c, rec.Body)
		}
	}
	if status == http.StatusOK || status == http.StatusUnprocessableEntity || status == http.StatusNotFound {
		if cc := rec.Header().Get("Cache-Control"); cc != "private, no-store" {
			t.Errorf("%s: Cache-Control %q", what, cc)
		}
		if !strings.Contains(rec.Body.String(), `name="robots" content="noindex`) {
			t.Errorf("%s: not noindex", what)
		}
	}
}

func setPassword(t *testing.T, c *client, link, password string) *httptest.ResponseRecorder {
	t.Helper()
	u, _ := url.Parse(link)
	return c.do(t, "POST", u.Path, url.Values{"token": {u.Query().Get("token")}, "password": {password}, "passwordConfirm": {password}})
}

const (
	annProperty1, annProperty2, bobProperty = 4100001, 4100002, 4100003
)

// An owner invited sets their password with the mailed link (once), lands
// on their portal, which shows their properties only with their visits,
// logs out, and logs in again; anyone else is sent to the login page, and
// no page of theirs sets a cookie before a login.
func TestOwnerPortal(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ann := invite(t, s, "ann@example.be", "fr", annProperty1, annProperty2)
			bob := invite(t, s, "bob@example.be", "nl", bobProperty)
			if !ann.Created || !strings.HasPrefix(ann.Link, "/fr/password/?token=") {
				t.Fatalf("ann's invitation %+v", ann)
			}
			mails := s.Delivered(t, 0, 2)
			var annMail string
			for _, m := range mails {
				if m.Header.Get("To") == `"Ann Peeters" <ann@example.be>` || strings.Contains(m.Header.Get("To"), "ann@example.be") {
					b := new(strings.Builder)
					buf := make([]byte, 1<<16)
					n, _ := m.Body.Read(buf)
					b.Write(buf[:n])
					annMail = b.String()
				}
			}
			if !strings.Contains(annMail, "password/?token=") {
				t.Fatalf("ann's mail holds no link:\n%s", annMail)
			}
			// Visits of ann's first property: today 2, 3 days ago 5, 20 days ago 7, 100 days ago 11.
			now := s.Clock.Now()
			if err := s.Store.Visits().Add(t.Context(), map[visit.Key]int{
				{Property: annProperty1, Day: visit.DayOf(now)}:                     2,
				{Property: annProperty1, Day: visit.DayOf(now.AddDate(0, 0, -3))}:   5,
				{Property: annProperty1, Day: visit.DayOf(now.AddDate(0, 0, -20))}:  7,
				{Property: annProperty1, Day: visit.DayOf(now.AddDate(0, 0, -100))}: 11,
				{Property: bobProperty, Day: visit.DayOf(now)}:                      1,
			}); err != nil {
				t.Fatal(err)
			}

			c := &client{h: s.Handler, ip: "192.0.2.1"}
			expect(t, "portal, anonymous", c.do(t, "GET", "/fr/owner/", nil), http.StatusSeeOther, "/fr/login/")
			expect(t, "login page", c.do(t, "GET", "/fr/login/", nil), http.StatusOK, "", "Account")
			expect(t, "password page", c.do(t, "GET", ann.Link, nil), http.StatusOK, "", "Account", `"page":"password"`, "ann@example.be")
			expect(t, "unknown link", c.do(t, "GET", "/fr/password/?token=nope", nil), http.StatusNotFound, "", `"state":"unknown"`)
			if c.cookie != nil {
				t.Fatal("a cookie set before a login")
			}
			expect(t, "short password", setPassword(t, c, ann.Link, "short"), http.StatusUnprocessableEntity, "", field.KeyPasswordShort)
			rec := setPassword(t, c, ann.Link, "ann's good password")
			expect(t, "password set", rec, http.StatusSeeOther, "/fr/owner/")
			if c.cookie == nil {
				t.Fatal("no session after the password was set")
			}
			expect(t, "link again", c.do(t, "GET", ann.Link, nil), http.StatusNotFound, "", `"state":"unknown"`)
			expect(t, "link posted again", setPassword(t, &client{h: s.Handler, ip: "192.0.2.9"}, ann.Link, "another password!"),
				http.StatusNotFound, "", `"state":"unknown"`)

			rec = c.do(t, "GET", "/fr/owner/", nil)
			expect(t, "ann's portal", rec, http.StatusOK, "", `"page":"portal"`, `"id":4100001`, `"id":4100002`,
				// Monday 2 March: this week and this month hold today alone.
				`"today":2,"week":2,"month":2,"total":25`)
			if strings.Contains(rec.Body.String(), `"id":4100003`) {
				t.Fatal("ann sees bob's property")
			}
			// The chart's days: the last 30, today last, with the visits stored.
			want := map[visit.Day]int{visit.DayOf(now): 2, visit.DayOf(now.AddDate(0, 0, -3)): 5, visit.DayOf(now.AddDate(0, 0, -20)): 7}
			last30 := portalLast30(t, rec.Body.String(), annProperty1)
			if len(last30) != 30 || last30[29].Day != string(visit.DayOf(now)) || last30[0].Day != string(visit.DayOf(now.AddDate(0, 0, -29))) {
				t.Fatalf("ann's last 30 days: %+v", last30)
			}
			for _, d := range last30 {
				if d.Count != want[visit.Day(d.Day)] {
					t.Errorf("ann's visits on %s: %d, want %d", d.Day, d.Count, want[visit.Day(d.Day)])
				}
			}
			expect(t, "login page, logged in", c.do(t, "GET", "/fr/login/", nil), http.StatusFound, "/fr/owner/")
			// Logged out: on to the home page, the session gone.
			old := c.cookie
			// The weekly report's switch: off, then on again.
			weekly := func() bool {
				t.Helper()
				a, err := s.Store.Accounts().ByEmail(t.Context(), account.Owner, "ann@example.be")
				if err != nil {
					t.Fatal(err)
				}
				return a.WeeklyReport
			}
			if !weekly() {
				t.Fatal("an invited owner gets no weekly report")
			}
			expect(t, "report off", c.do(t, "POST", "/fr/owner/", url.Values{"report": {"off"}}), http.StatusSeeOther, "/fr/owner/?done=report-off")
			expect(t, "report off, said", c.do(t, "GET", "/fr/owner/?done=report-off", nil), http.StatusOK, "", `"notice":"account.portal.reportOff"`)
			if weekly() {
				t.Fatal("the report still on")
			}
			expect(t, "report on", c.do(t, "POST", "/fr/owner/", url.Values{"report": {"on"}}), http.StatusSeeOther, "/fr/owner/?done=report-on")
			if !weekly() {
				t.Fatal("the report still off")
			}
			expect(t, "logout", c.do(t, "POST", "/fr/owner/", url.Values{}), http.StatusSeeOther, "/fr/login/?done=logged-out")
			if c.cookie != nil {
				t.Fatal("the cookie outlives the logout")
			}
			c.cookie = old
			expect(t, "old cookie", c.do(t, "GET", "/fr/owner/", nil), http.StatusSeeOther, "/fr/login/")
			c.cookie = nil

			// Wrong, unknown, then right.
			wrong := c.do(t, "POST", "/fr/login/", url.Values{"email": {"ann@example.be"}, "password": {"not the password"}})
			expect(t, "wrong password", wrong, http.StatusUnprocessableEntity, "", web.KeyOwnerLogin, "ann@example.be")
			unknown := c.do(t, "POST", "/fr/login/", url.Values{"email": {"nobody@example.be"}, "password": {"not the password"}})
			expect(t, "unknown address", unknown, http.StatusUnprocessableEntity, "", web.KeyOwnerLogin)
			if c.cookie != nil {
				t.Fatal("a refused login set a cookie")
			}
			expect(t, "login", c.do(t, "POST", "/fr/login/", url.Values{"email": {" ANN@example.be"}, "password": {"ann's good password"}}),
				http.StatusSeeOther, "/fr/owner/")
			expect(t, "portal again", c.do(t, "GET", "/fr/owner/", nil), http.StatusOK, "", `"id":4100002`)

			// Bob sees his own property only.
			b := &client{h: s.Handler, ip: "192.0.2.2"}
			expect(t, "bob's password", setPassword(t, b, bob.Link, "bob's good password"), http.StatusSeeOther, "/nl/owner/")
			rec = b.do(t, "GET", "/nl/owner/", nil)
			expect(t, "bob's portal", rec, http.StatusOK, "", `"id":4100003`, `"today":1,"week":1,"month":1,"total":1`)
			if strings.Contains(rec.Body.String(), `"id":4100001`) || strings.Contains(rec.Body.String(), `"id":4100002`) {
				t.Fatal("bob sees ann's properties")
			}
			// A registrant's session opens no portal.
			if _, err := s.Store.Accounts().Create(t.Context(), account.Account{Role: account.Registrant, Email: "ann@example.be",
				PasswordHash: mustHash(t, "registrant password"), Created: now}); err != nil {
				t.Fatal(err)
			}
			r := &client{h: s.Handler, ip: "192.0.2.3"}
			expect(t, "a registrant's login", r.do(t, "POST", "/fr/login/", url.Values{"email": {"bob@example.be"}, "password": {"registrant password"}}),
				http.StatusUnprocessableEntity, "", web.KeyOwnerLogin)
		})
	}
}

func mustHash(t *testing.T, pw string) string {
	t.Helper()
	h, err := account.HashPassword(pw)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// An invitation's link works 7 days.
func TestOwnerLinkExpires(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ann := invite(t, s, "ann@example.be", "en", annProperty1)
			c := &client{h: s.Handler, ip: "192.0.2.1"}
			s.Clock.Add(account.InviteValidity - time.Minute)
			expect(t, "a minute before its end", c.do(t, "GET", ann.Link, nil), http.StatusOK, "", `"state":"form"`)
			s.Clock.Add(time.Minute)
			expect(t, "at its end", c.do(t, "GET", ann.Link, nil), http.StatusNotFound, "", `"state":"unknown"`)
			expect(t, "posted at its end", setPassword(t, c, ann.Link, "a good password"), http.StatusNotFound, "", `"state":"unknown"`)
			if c.cookie != nil {
				t.Fatal("an expired link started a session")
			}
		})
	}
}

// Past 5 attempts in a quarter of an hour from one address on one account,
// the login is locked, even with the right password, until the quarter
// ends; the owner logging in from another address is not locked out.
func TestOwnerLoginLockout(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			s.Clock.Set(s.Clock.Now().Truncate(account.LoginWindow))
			ann := invite(t, s, "ann@example.be", "nl", annProperty1)
			owner := &client{h: s.Handler, ip: "192.0.2.1"}
			expect(t, "password", setPassword(t, owner, ann.Link, "ann's good password"), http.StatusSeeOther, "/nl/owner/")
			stranger := &client{h: s.Handler, ip: "198.51.100.7"}
			login := func(c *client, pw string) *httptest.ResponseRecorder {
				return c.do(t, "POST", "/nl/login/", url.Values{"email": {"ann@example.be"}, "password": {pw}})
			}
			for i := range account.LoginPerAccountAddress {
				expect(t, "wrong "+string(rune('1'+i)), login(stranger, "guess"), http.StatusUnprocessableEntity, "", web.KeyOwnerLogin)
			}
			expect(t, "locked", login(stranger, "ann's good password"), http.StatusUnprocessableEntity, "", web.KeyLoginLocked)
			if stranger.cookie != nil {
				t.Fatal("a locked login started a session")
			}
			expect(t, "the owner elsewhere", login(&client{h: s.Handler, ip: "192.0.2.1"}, "ann's good password"), http.StatusSeeOther, "/nl/owner/")
			s.Clock.Add(account.LoginWindow - time.Second)
			expect(t, "still locked", login(stranger, "ann's good password"), http.StatusUnprocessableEntity, "", web.KeyLoginLocked)
			s.Clock.Add(time.Second)
			expect(t, "unlocked", login(stranger, "ann's good password"), http.StatusSeeOther, "/nl/owner/")
			// One address guessing many accounts: 20 attempts a quarter.
			s.Clock.Add(account.LoginWindow)
			sprayer := &client{h: s.Handler, ip: "203.0.113.5"}
			for i := range account.LoginPerAddress {
				email := "owner" + string(rune('a'+i)) + "@example.be"
				expect(t, "spray", sprayer.do(t, "POST", "/nl/login/", url.Values{"email": {email}, "password": {"x"}}),
					http.StatusUnprocessableEntity, "", web.KeyOwnerLogin)
			}
			expect(t, "spray locked", sprayer.do(t, "POST", "/nl/login/", url.Values{"email": {"other@example.be"}, "password": {"x"}}),
				http.StatusUnprocessableEntity, "", web.KeyLoginLocked)
		})
	}
}

// portalLast30 are the last30 days of property id in a portal page's props.
func portalLast30(t *testing.T, body string, id int64) []route.DayVisits {
	t.Helper()
	m := regexp.MustCompile(`"id":` + strconv.FormatInt(id, 10) + `,.*?"last30":(\[.*?\])`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no last30 of %d in the portal", id)
	}
	var days []route.DayVisits
	if err := json.Unmarshal([]byte(m[1]), &days); err != nil {
		t.Fatalf("last30 of %d: %v", id, err)
	}
	return days
}
