//go:build pathtrace

package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"immo/internal/app"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/lead"
	"immo/internal/http/web/respond"
)

// TestRequestPath serves, on the demo site warmed up, the request
// IMMO_PATH_REQUEST names — "list-miss", a list page on a cache miss,
// "info-nojs", an information request posted without JavaScript, or
// "inbox-lead", a lead's page in the inbox for a staff member signed in —
// or none.
// bench/paths/run.sh runs it with coverage with and without the request:
// the blocks the request adds are its path (docs/ARCHITECTURE.md, "The
// paths of two requests").
func TestRequestPath(t *testing.T) {
	// The agency as immo serve has it: a version published in the store.
	s := newSite(t, apptest.Options{Published: true})
	const propertyPage = "/nl/te-koop/arlon/villa-huis-hoeve/4100002/"
	serve := func(req *http.Request) int {
		req = req.WithContext(respond.WithNonce(req.Context(), respond.NewNonce()))
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		return rec.Code
	}
	// Warm: every lazy initialisation done, the property page resolved once,
	// a staff member signed in who opened a lead once.
	serve(httptest.NewRequest("GET", "/nl/te-koop/?page=1&warm", nil))
	serve(httptest.NewRequest("GET", propertyPage, nil))
	leadPage, cookies := signedInStaff(t, s, serve)
	inbox := func() *http.Request {
		req := httptest.NewRequest("GET", leadPage, nil)
		req.Header.Set("X-Inertia", "true")
		req.Header.Set("X-Inertia-Version", apptest.AssetVersion)
		for _, c := range cookies {
			req.AddCookie(c)
		}
		return req
	}
	if code := serve(inbox()); code != 200 {
		t.Fatalf("the lead's page, warming: %d", code)
	}
	switch os.Getenv("IMMO_PATH_REQUEST") {
	case "list-miss":
		if code := serve(httptest.NewRequest("GET", "/nl/te-koop/?page=2", nil)); code != 200 {
			t.Fatalf("list: %d", code)
		}
	case "info-nojs":
		body := contactPost(map[string][]string{"form": {"contact-me"}}).Encode()
		req := httptest.NewRequest("POST", propertyPage, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.RemoteAddr = "192.0.2.7:1234"
		if code := serve(req); code != http.StatusSeeOther {
			t.Fatalf("information request: %d", code)
		}
	case "inbox-lead":
		if code := serve(inbox()); code != 200 {
			t.Fatalf("the lead's page: %d", code)
		}
	}
}

// signedInStaff adds a staff member as `immo staff add` does, follows the
// mailed link to choose a password, and stores a lead: the lead's page and
// the member's cookies.
func signedInStaff(t *testing.T, s *formSite, serve func(*http.Request) int) (string, []*http.Cookie) {
	t.Helper()
	before := len(s.SMTP.Messages())
	cfg := app.Config{Store: s.Store, Site: s.Config, PublicURL: apptest.LocalURL, Now: s.Clock.Now}
	if _, err := app.AddStaff(t.Context(), cfg, account.NewStaff{Email: "ann@agency.test", FirstName: "Ann", Role: account.Admin}); err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(s.Delivered(t, before, 1)[0].Body)
	link := regexp.MustCompile(`token=3D[A-Za-z0-9_%.~-]+`).FindString(strings.ReplaceAll(string(raw), "=\r\n", ""))
	if link == "" {
		t.Fatalf("no password link in the staff mail:\n%s", raw)
	}
	form := url.Values{"token": {strings.TrimPrefix(link, "token=3D")}, "password": {"a long enough one"}, "passwordConfirm": {"a long enough one"}}
	req := httptest.NewRequest("POST", "/admin/password/", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = "198.51.100.1:1234"
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("the password chosen: %d", rec.Code)
	}
	id, err := s.Requests.Save(t.Context(), lead.Request{Kind: lead.KindInformation, Lang: "nl", PropertyID: 4100002, Time: s.Clock.Now(),
		Person: lead.Person{FirstName: "Jan", LastName: "Peeters", Email: "jan@example.be"}, Remark: "Is het nog te koop?"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return "/admin/leads/" + strconv.FormatInt(id, 10) + "/", rec.Result().Cookies()
}
