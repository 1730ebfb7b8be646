package app_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"

	"github.com/pquerna/otp/totp"
)

// loginFor is where a page of the inbox asked while logged out sends: the
// login, leading back to the page (?next=; the leads, where it leads
// anyway, need none).
func loginFor(page string) string {
	if page == "/admin/leads/" {
		return "/admin/login/"
	}
	return "/admin/login/?next=" + url.QueryEscape(page)
}

// TestInboxLoginNext: a page asked while logged out is where the login
// leads — through the second factor's step too — and a next that is no
// page of the inbox (another site, a file, a way out of /admin/) leads to
// the leads.
func TestInboxLoginNext(t *testing.T) {
	s := apptest.New(t, apptest.Options{})
	ctx := t.Context()
	boss := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
	password := url.Values{"email": {"boss@agency.test"}, "password": {"a long enough one"}}
	fresh := func(ip string) *staffClient {
		return &staffClient{h: s.Handler, ip: ip, cookies: map[string]*http.Cookie{}}
	}
	expectTo := func(what string, rec interface {
		Result() *http.Response
	}, status int, to string) {
		t.Helper()
		res := rec.Result()
		if res.StatusCode != status || res.Header.Get("Location") != to {
			t.Errorf("%s: %d → %q, want %d → %q", what, res.StatusCode, res.Header.Get("Location"), status, to)
		}
	}

	// Asked while logged out: the login, then the page with its filter.
	c := fresh("203.0.113.10")
	asked := "/admin/mails/?state=failed"
	rec := c.do(t, "GET", asked, nil)
	expectTo("a page logged out", rec, http.StatusFound, "/admin/login/?next=%2Fadmin%2Fmails%2F%3Fstate%3Dfailed")
	login := rec.Header().Get("Location")
	if _, props := inboxPage(t, c.do(t, "GET", login, nil)); props["action"] != login {
		t.Errorf("the login's form posts to %v, want %q", props["action"], login)
	}
	rec = c.do(t, "POST", login, url.Values{"email": {"boss@agency.test"}, "password": {"wrong password!"}})
	if _, props := inboxPage(t, rec); rec.Code != http.StatusUnprocessableEntity || props["action"] != login {
		t.Errorf("a wrong password: %d, the form posting to %v", rec.Code, props["action"])
	}
	expectTo("the password", c.do(t, "POST", login, password), http.StatusSeeOther, asked)
	if rec := c.do(t, "GET", asked, nil); rec.Code != http.StatusOK {
		t.Errorf("the page asked, logged in: %d", rec.Code)
	}
	// Logged in already: the login leads straight there.
	expectTo("logged in", boss.do(t, "GET", "/admin/login/?next=%2Fadmin%2Fowners%2F", nil), http.StatusFound, "/admin/owners/")

	// No open redirect, no file, no way out of the inbox.
	for i, next := range []string{"https://evil.example/", "//evil.example/admin/", "/\\evil.example/", "/admin/../fr/",
		"/admin/%2e%2e/fr/", "/admin/leads.csv", "/admin/events", "/fr/", "/admin/login/"} {
		login := "/admin/login/?next=" + url.QueryEscape(next)
		c := fresh("203.0.113." + itoa(int64(20+i)))
		if _, props := inboxPage(t, c.do(t, "GET", login, nil)); props["action"] != "/admin/login/" {
			t.Errorf("next=%s: the form posts to %v", next, props["action"])
		}
		expectTo("next="+next, c.do(t, "POST", login, password), http.StatusSeeOther, "/admin/leads/")
		expectTo("next="+next+", logged in", c.do(t, "GET", login, nil), http.StatusFound, "/admin/leads/")
	}

	// Through the second factor: the code's step carries next.
	a, err := s.Store.Accounts().ByID(ctx, agentID(t, s, "boss@agency.test"))
	if err != nil {
		t.Fatal(err)
	}
	enrol, err := s.Staff.BeginTOTP(ctx, account.Viewer{Account: a})
	if err != nil {
		t.Fatal(err)
	}
	code := func() string {
		c, err := totp.GenerateCode(enrol.Secret, s.Clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	if err := s.Staff.ConfirmTOTP(ctx, account.Viewer{Account: a}, code()); err != nil {
		t.Fatal(err)
	}
	s.Clock.Add(time.Minute) // the confirming code's step is spent
	c = fresh("203.0.113.40")
	expectTo("a page logged out", c.do(t, "GET", "/admin/agenda/", nil), http.StatusFound, "/admin/login/?next=%2Fadmin%2Fagenda%2F")
	step := "/admin/login/code/?next=%2Fadmin%2Fagenda%2F"
	expectTo("the password", c.do(t, "POST", "/admin/login/?next=%2Fadmin%2Fagenda%2F", password), http.StatusSeeOther, step)
	rec = c.do(t, "POST", step, url.Values{"code": {"000000"}})
	if _, props := inboxPage(t, rec); rec.Code != http.StatusUnprocessableEntity || props["action"] != step {
		t.Errorf("a wrong code: %d, the form posting to %v", rec.Code, props["action"])
	}
	expectTo("the code", c.do(t, "POST", step, url.Values{"code": {code()}}), http.StatusSeeOther, "/admin/agenda/")

	// A code step whose next is another site leads to the leads.
	s.Clock.Add(time.Minute)
	c = fresh("203.0.113.41")
	expectTo("the password", c.do(t, "POST", "/admin/login/?next=%2F%2Fevil.example%2F", password), http.StatusSeeOther, "/admin/login/code/")
	expectTo("the code", c.do(t, "POST", "/admin/login/code/?next=%2F%2Fevil.example%2F", url.Values{"code": {code()}}),
		http.StatusSeeOther, "/admin/leads/")
}
