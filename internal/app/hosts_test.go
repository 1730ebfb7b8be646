package app_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"immo/internal/app"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/platform"
)

// The site answers on the hosts its agency has (issue #35): its preferred
// one serves, with every link there; another of its hosts redirects to
// it, path and query kept (a form's POST with 308); a host it does not
// have is a 404 with no agency's content; the health checks answer on
// any. Without agencies any host is the one agency's, as before.
func TestHosts(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t), PublicURL: apptest.PublicURL})
			if _, err := (&platform.Service{Store: s.Store.Platform()}).Add(t.Context(), "Immo Arlon", "fr",
				[]string{"www.immo-arlon.be", "immo-arlon.be"}); err != nil {
				t.Fatal(err)
			}
			do := func(method, target string, form url.Values) *httptest.ResponseRecorder {
				var req *http.Request
				if form != nil {
					req = httptest.NewRequest(method, target, strings.NewReader(form.Encode()))
					req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				} else {
					req = httptest.NewRequest(method, target, nil)
				}
				req.RemoteAddr = "203.0.113.9:4000"
				rec := httptest.NewRecorder()
				s.Handler.ServeHTTP(rec, req)
				return rec
			}

			home := do("GET", "https://www.immo-arlon.be/fr/", nil)
			if home.Code != http.StatusOK || !strings.Contains(home.Body.String(), `<link rel="canonical" href="https://www.immo-arlon.be/fr/">`) {
				t.Errorf("the preferred host: %d, canonical %q", home.Code, canonical(home.Body.String()))
			}
			if strings.Contains(home.Body.String(), "immo.example") {
				t.Error("a link names IMMO_PUBLIC_URL's host rather than the agency's")
			}
			robots := do("GET", "https://www.immo-arlon.be/robots.txt", nil)
			if !strings.Contains(robots.Body.String(), "Sitemap: https://www.immo-arlon.be/sitemap.xml") {
				t.Errorf("robots.txt:\n%s", robots.Body)
			}
			sitemap := do("GET", "https://www.immo-arlon.be/sitemap.xml", nil).Body.String()
			locs := sitemapLoc.FindAllStringSubmatch(sitemap, -1)
			if len(locs) == 0 {
				t.Fatalf("sitemap:\n%s", sitemap)
			}
			for _, m := range locs {
				if !strings.HasPrefix(m[1], "https://www.immo-arlon.be/") {
					t.Errorf("a sitemap's address off the preferred host: %s", m[1])
				}
			}

			for _, c := range []struct {
				method, target, location string
				code                     int
			}{
				{"GET", "https://immo-arlon.be/fr/a-vendre/?page=2", "https://www.immo-arlon.be/fr/a-vendre/?page=2", http.StatusMovedPermanently},
				{"HEAD", "http://IMMO-ARLON.be:8080/nl/te-koop/", "https://www.immo-arlon.be/nl/te-koop/", http.StatusMovedPermanently},
				{"POST", "https://immo-arlon.be/fr/contact/", "https://www.immo-arlon.be/fr/contact/", http.StatusPermanentRedirect},
			} {
				var form url.Values
				if c.method == "POST" {
					form = url.Values{"email": {"ann@example.be"}}
				}
				rec := do(c.method, c.target, form)
				if rec.Code != c.code || rec.Header().Get("Location") != c.location {
					t.Errorf("%s %s: %d → %q, want %d → %q", c.method, c.target, rec.Code, rec.Header().Get("Location"), c.code, c.location)
				}
			}

			for _, target := range []string{"https://immo.example/fr/", "https://evil.example/fr/contact/", "https://127.0.0.1/sitemap.xml",
				"https://www.immo-arlon.be.evil.example/fr/", "https://evil.example/api/properties"} {
				rec := do("GET", target, nil)
				body := rec.Body.String()
				if rec.Code != http.StatusNotFound || strings.Contains(body, "Arlon") || strings.Contains(body, "<") || rec.Header().Get("Location") != "" {
					t.Errorf("%s: %d %q, want a plain 404 naming no agency", target, rec.Code, body)
				}
			}
			if n := s.Count(t, "requests"); n != 0 {
				t.Errorf("%d requests stored through redirects and unknown hosts", n)
			}
			if rec := do("GET", "http://10.0.0.5/healthz", nil); rec.Code != http.StatusOK {
				t.Errorf("/healthz by address: %d", rec.Code)
			}

			// The mails' links take the preferred host too (a staff member
			// added from the command line, IMMO_PUBLIC_URL another host).
			before := len(s.SMTP.Messages())
			if _, err := app.AddStaff(t.Context(), app.Config{Store: s.Store, Site: s.Config, PublicURL: apptest.PublicURL, Now: s.Clock.Now},
				account.NewStaff{Email: "new@agency.test", FirstName: "Ann", LastName: "New", Role: account.Admin, Lang: "fr"}); err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(s.Delivered(t, before, 1)[0].Body)
			body := strings.ReplaceAll(string(raw), "=\r\n", "")
			if !strings.Contains(body, "https://www.immo-arlon.be/admin/") || strings.Contains(body, "immo.example") {
				t.Errorf("the staff link is not on the preferred host:\n%s", body)
			}
		})
	}
}

// Without agencies, every host is the one agency's: the site as it always
// was, its links on IMMO_PUBLIC_URL.
func TestHostsNone(t *testing.T) {
	s := apptest.New(t, apptest.Options{PublicURL: apptest.PublicURL})
	for _, target := range []string{"https://immo.example/fr/", "http://localhost:8080/fr/", "http://192.0.2.1/fr/"} {
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `<link rel="canonical" href="https://immo.example/fr/">`) {
			t.Errorf("%s: %d, canonical %q", target, rec.Code, canonical(rec.Body.String()))
		}
	}
}

func canonical(page string) string {
	_, rest, _ := strings.Cut(page, `rel="canonical" href="`)
	link, _, _ := strings.Cut(rest, `"`)
	return link
}
