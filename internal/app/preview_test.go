package app_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"immo/internal/adapter/demo"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"
)

// The mails follow the agency as published, without a restart: once a
// version renames the agency and moves its address, a staff member's
// invitation — a mail no visitor's request carries an agency for — leaves
// from the new address and names the new agency.
func TestMailsFollowThePublishedAgency(t *testing.T) {
	s := apptest.New(t, apptest.Options{Published: true})
	boss := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
	moved := strings.Replace(strings.Replace(string(demo.SiteJSON()), `"name": "Immo Arlon"`, `"name": "Immo Virton"`, 1),
		`"email": "info@immo-arlon.be"`, `"email": "bureau@immo-virton.be"`, 1)
	if !strings.Contains(moved, "Immo Virton") || !strings.Contains(moved, "bureau@immo-virton.be") {
		t.Fatal("the demo's agency is not where the test looks for it")
	}
	if _, err := s.Agency.Publish(t.Context(), "site.json", []byte(moved), "boss@agency.test", "moved"); err != nil {
		t.Fatal(err)
	}
	before := len(s.SMTP.Messages())
	rec := boss.do(t, http.MethodPost, "/admin/staff/", url.Values{"action": {"add"}, "email": {"nina@agency.test"}, "firstName": {"Nina"},
		"lastName": {"Neuer"}, "role": {"agent"}, "lang": {"fr"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("inviting: %d", rec.Code)
	}
	msg := s.Delivered(t, before, 1)[0]
	body, _ := io.ReadAll(msg.Body)
	if from, err := msg.Header.AddressList("From"); err != nil || len(from) != 1 || from[0].Address != "bureau@immo-virton.be" || from[0].Name != "Immo Virton" {
		t.Errorf("the invitation's sender: %q, want Immo Virton <bureau@immo-virton.be>", msg.Header.Get("From"))
	}
	if text := strings.ReplaceAll(string(body), "=\r\n", ""); !strings.Contains(text, "Immo Virton") || strings.Contains(text, "Immo Arlon") {
		t.Errorf("the invitation does not name the agency as published:\n%s", body)
	}
}

// TestDraftPreview: a draft's banner title differs from the published one;
// the staff's preview shows the draft, the public page the published one,
// before and after the preview (no cache entry crosses over); a visitor,
// or another address, gets the inbox's 404; the preview is noindex,
// no-store and counts no visit. On both databases.
func TestDraftPreview(t *testing.T) {
	const (
		published = "Votre agence immobilière à Arlon"
		drafted   = "Le printemps chez Immo Arlon"
		property  = "/fr/a-vendre/arlon/villa-maison-ferme/4100001/"
		firefox   = "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0"
	)
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t), Published: true})
			spring := strings.Replace(string(demo.SiteJSON()), `"fr": "`+published+`"`, `"fr": "`+drafted+`"`, 1)
			if spring == string(demo.SiteJSON()) {
				t.Fatal("the demo's banner title is not where the test looks for it")
			}
			d, err := s.Agency.SaveDraft(t.Context(), 0, "draft", []byte(spring), "boss@agency.test")
			if err != nil {
				t.Fatal(err)
			}
			preview := "/admin/preview/" + strconv.FormatInt(d.ID, 10)
			visitor := func(path string) *httptest.ResponseRecorder {
				rec := httptest.NewRecorder()
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.RemoteAddr = "203.0.113.9:5000"
				req.Header.Set("User-Agent", firefox)
				s.Handler.ServeHTTP(rec, req)
				return rec
			}
			// The public home first: it enters the HTML cache.
			if rec := visitor("/fr/"); rec.Code != 200 || !strings.Contains(rec.Body.String(), published) || strings.Contains(rec.Body.String(), drafted) {
				t.Fatalf("public home: %d, want the published banner", rec.Code)
			}
			staff := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
			rec := staff.do(t, http.MethodGet, preview+"/fr/", nil)
			body := rec.Body.String()
			if rec.Code != 200 || !strings.Contains(body, drafted) || strings.Contains(body, published) {
				t.Fatalf("preview: %d, want the draft's banner\n%.300s", rec.Code, body)
			}
			if rec.Header().Get("X-Robots-Tag") != "noindex, nofollow" || !strings.Contains(rec.Header().Get("Cache-Control"), "no-store") ||
				!strings.Contains(body, `name="robots" content="noindex, nofollow"`) {
				t.Errorf("preview headers %v; want noindex (header and meta) and no-store", rec.Header())
			}
			// The router's JSON of the same preview: the draft too.
			staff.inertia = true
			if rec := staff.do(t, http.MethodGet, preview+"/fr/", nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), drafted) {
				t.Errorf("preview as JSON: %d, want the draft's banner", rec.Code)
			}
			staff.inertia = false
			// A redirect stays in the preview.
			if rec := staff.do(t, http.MethodGet, preview+"/fr", nil); rec.Code != http.StatusMovedPermanently || rec.Header().Get("Location") != preview+"/fr/" {
				t.Errorf("preview of /fr: %d to %q, want 301 to %s/fr/", rec.Code, rec.Header().Get("Location"), preview)
			}
			// The public pages still show the published site: no cache entry of the draft.
			if rec := visitor("/fr/"); !strings.Contains(rec.Body.String(), published) || strings.Contains(rec.Body.String(), drafted) {
				t.Error("after the preview, the public home shows the draft")
			}
			// Strangers: nothing of the draft, 404.
			for _, path := range []string{preview + "/fr/", "/admin/preview/999/fr/", "/admin/preview/x/fr/"} {
				if rec := visitor(path); rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), drafted) {
					t.Errorf("a visitor at %s: %d, want 404 without the draft", path, rec.Code)
				}
			}
			if rec := staff.do(t, http.MethodGet, "/admin/preview/999/fr/", nil); rec.Code != http.StatusNotFound {
				t.Errorf("staff at an unknown draft: %d, want 404", rec.Code)
			}
			// A property page previewed is no visit; a visitor's is.
			if rec := staff.do(t, http.MethodGet, preview+property, nil, "User-Agent", firefox); rec.Code != 200 {
				t.Fatalf("preview of a property: %d", rec.Code)
			}
			if err := s.FlushVisits(t.Context()); err != nil {
				t.Fatal(err)
			}
			if n := s.Count(t, "property_visits"); n != 0 {
				t.Errorf("%d visits counted from a preview", n)
			}
			if rec := visitor(property); rec.Code != 200 {
				t.Fatalf("a visitor's property page: %d", rec.Code)
			}
			if err := s.FlushVisits(t.Context()); err != nil {
				t.Fatal(err)
			}
			if n := s.Count(t, "property_visits"); n != 1 {
				t.Errorf("%d visit rows after a visitor's view, want 1 (the count works)", n)
			}
		})
	}
}

// The inbox follows the agency as published: a version that stops offering
// German takes it from the languages a staff member's mails may be in.
func TestInboxFollowsThePublishedSite(t *testing.T) {
	s := apptest.New(t, apptest.Options{Published: true})
	staff := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
	staff.inertia = true
	langs := func() []any {
		t.Helper()
		rec := staff.do(t, http.MethodGet, "/admin/staff/", nil)
		_, props := inboxPage(t, rec)
		l, _ := props["langs"].([]any)
		return l
	}
	if got := langs(); len(got) != 4 {
		t.Fatalf("languages offered: %v, want the demo's four", got)
	}
	without := strings.Replace(string(demo.SiteJSON()), `"code": "de",
        "use": true`, `"code": "de",
        "use": false`, 1)
	if without == string(demo.SiteJSON()) {
		t.Fatal("the demo's German is not where the test looks for it")
	}
	if _, err := s.Agency.Publish(t.Context(), "site.json", []byte(without), "boss@agency.test", "no German"); err != nil {
		t.Fatal(err)
	}
	if got := langs(); len(got) != 3 || slices.Contains(got, any("de")) {
		t.Errorf("languages offered after German was turned off: %v", got)
	}
}
