package app_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/domain/visit"
	"immo/internal/http/web"
)

// An owner's own visits to their property's page are not visits: the
// portal gives their browser a signed list of what they own
// (web.OwnsCookie), which the counting reads; a forged one counts.
func TestOwnerVisitsNotCounted(t *testing.T) {
	s := apptest.New(t, apptest.Options{})
	ann := invite(t, s, "ann@example.be", "fr", annProperty1)
	c := &client{h: s.Handler, ip: "192.0.2.1"}
	expect(t, "password", setPassword(t, c, ann.Link, "ann's good password"), http.StatusSeeOther, "/fr/owner/")
	portal := c.do(t, "GET", "/fr/owner/", nil)
	var owns *http.Cookie
	for _, ck := range portal.Result().Cookies() {
		if ck.Name == web.OwnsCookie {
			owns = ck
		}
	}
	if owns == nil || !strings.HasPrefix(owns.Value, "4100001.") {
		t.Fatalf("the portal's owns cookie: %+v", owns)
	}
	visitFrom := func(ip string, cookie *http.Cookie) {
		req := httptest.NewRequest("GET", "/fr/property/4100001/", nil)
		req.RemoteAddr = ip + ":50000"
		req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0")
		if cookie != nil {
			req.AddCookie(cookie)
		}
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		// The old address answers 301; the page's own is followed.
		if loc := rec.Header().Get("Location"); loc != "" {
			req = httptest.NewRequest("GET", loc, nil)
			req.RemoteAddr = ip + ":50000"
			req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0")
			if cookie != nil {
				req.AddCookie(cookie)
			}
			rec = httptest.NewRecorder()
			s.Handler.ServeHTTP(rec, req)
		}
		if rec.Code != http.StatusOK {
			t.Fatalf("the property page: %d", rec.Code)
		}
	}
	visitFrom("203.0.113.1", owns) // the owner
	visitFrom("203.0.113.2", nil)  // a visitor
	forged := *owns
	forged.Value = "4100001." + strings.Repeat("a", len(owns.Value)-len("4100001."))
	visitFrom("203.0.113.3", &forged) // a stranger's forged cookie
	if err := s.FlushVisits(t.Context()); err != nil {
		t.Fatal(err)
	}
	from, to := visit.Range(s.Clock.Now())
	if _, total, err := s.Store.Visits().Daily(t.Context(), annProperty1, from, to); err != nil || total != 2 {
		t.Fatalf("%d visits counted (%v), want the visitor's and the forger's", total, err)
	}
}
