package app_test

import (
	"net/http"
	"net/url"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/http/web"
)

// A login tells the browser who is logged in (web.ViewerCookie, a role),
// for the cached pages' header; a logout clears it and lands on the login,
// which says so.
func TestViewerCookie(t *testing.T) {
	s := apptest.New(t, apptest.Options{})
	if _, err := s.Store.Accounts().Create(t.Context(), account.Account{Role: account.Registrant, Email: "reg@example.be",
		PasswordHash: mustHash(t, "registrant words"), Lang: "fr", Created: s.Clock.Now(), Confirmed: s.Clock.Now()}); err != nil {
		t.Fatal(err)
	}
	viewer := func(res *http.Response) *http.Cookie {
		for _, c := range res.Cookies() {
			if c.Name == web.ViewerCookie {
				return c
			}
		}
		return nil
	}
	c := &client{h: s.Handler, ip: "192.0.2.80"}
	in := c.do(t, "POST", "/fr/account/login/", url.Values{"email": {"reg@example.be"}, "password": {"registrant words"}})
	if v := viewer(in.Result()); in.Code != http.StatusSeeOther || v == nil || v.Value != "registrant" || v.HttpOnly {
		t.Fatalf("the login's viewer cookie: %d %+v", in.Code, v)
	}
	out := c.do(t, "POST", "/fr/account/", url.Values{"action": {"logout"}})
	if v := viewer(out.Result()); v == nil || v.MaxAge >= 0 || out.Header().Get("Location") != "/fr/account/login/?done=logged-out" {
		t.Fatalf("the logout: %q %+v", out.Header().Get("Location"), v)
	}
	expect(t, "logged out, said", c.do(t, "GET", "/fr/account/login/?done=logged-out", nil), http.StatusOK, "", "registrant.notice.loggedOut")

	ann := invite(t, s, "ann@example.be", "fr", annProperty1)
	o := &client{h: s.Handler, ip: "192.0.2.81"}
	if res := setPassword(t, o, ann.Link, "ann's good password"); viewer(res.Result()) == nil || viewer(res.Result()).Value != "owner" {
		t.Fatalf("the owner's first login: %+v", viewer(res.Result()))
	}
	out = o.do(t, "POST", "/fr/owner/", url.Values{"action": {"logout"}})
	if v := viewer(out.Result()); v == nil || v.MaxAge >= 0 || out.Header().Get("Location") != "/fr/login/?done=logged-out" {
		t.Fatalf("the owner's logout: %d %q %+v", out.Code, out.Header().Get("Location"), v)
	}
	expect(t, "the owner logged out, said", o.do(t, "GET", "/fr/login/?done=logged-out", nil), http.StatusOK, "", "account.portal.loggedOut")
}
