package app_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
)

// TestInboxTitlesAndCount: each lead's page has its own title (its tab
// says which lead it is), and the list says how many leads its filter
// selects — spam left out unless asked for; on both databases.
func TestInboxTitlesAndCount(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ctx := t.Context()
			save := func(first string) int64 {
				t.Helper()
				id, err := s.Requests.Save(ctx, lead.Request{Kind: lead.KindSiteContact, Lang: "fr", Page: "/fr/", Time: s.Clock.Now(),
					Person: lead.Person{FirstName: first, LastName: "<b>Dupont</b>", Email: strings.ToLower(first) + "@example.org"},
					Remark: "Bonjour", IPHash: first}, nil)
				if err != nil {
					t.Fatal(err)
				}
				return id
			}
			anne, marc, spam := save("Anne"), save("Marc"), save("Spam")
			admin := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
			if err := (&inbox.Service{Store: s.Store.Inbox()}).SetStatus(ctx, 1, spam, inbox.StatusSpam); err != nil {
				t.Fatal(err)
			}
			titles := map[string]bool{}
			for _, id := range []int64{anne, marc} {
				rec := admin.do(t, "GET", "/admin/leads/"+itoa(id)+"/", nil, "Accept-Language", "en")
				b := rec.Body.String()
				i, j := strings.Index(b, "<title>"), strings.Index(b, "</title>")
				if rec.Code != http.StatusOK || i < 0 || j < i {
					t.Fatalf("lead %d: %d, no title", id, rec.Code)
				}
				title := b[i+len("<title>") : j]
				if !strings.Contains(title, "Contact") || !strings.Contains(title, "&lt;b&gt;Dupont&lt;/b&gt;") || titles[title] {
					t.Errorf("lead %d's title %q: want its kind and its sender's name, escaped, its own", id, title)
				}
				titles[title] = true
			}
			admin.inertia = true
			for query, want := range map[string]float64{"": 2, "?status=spam": 1, "?q=anne": 1, "?status=new,spam": 3} {
				_, props := inboxPage(t, admin.do(t, "GET", "/admin/leads/"+query, nil))
				if props["count"] != want || props["more"] != false {
					t.Errorf("%q: count %v (more %v), want %v", query, props["count"], props["more"], want)
				}
			}
		})
	}
}

// TestInboxLanguage: the inbox speaks the language its member chose — at
// `immo staff add --lang`, then on their sign-in page — whatever the
// browser asks; before the login, the browser's if the site speaks it,
// else the site's default (a Spanish browser gets French, not English). A
// choice is audited; a language the site does not speak is refused and
// changes nothing.
func TestInboxLanguage(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			anon := &staffClient{h: s.Handler, ip: "203.0.113.9", cookies: map[string]*http.Cookie{}}
			if rec := anon.do(t, "GET", "/admin/login/", nil, "Accept-Language", "es-ES,es;q=0.9,pt;q=0.8"); !strings.Contains(rec.Body.String(), `<html lang="fr">`) {
				t.Errorf("a Spanish browser's login: want the site's French\n%.300s", rec.Body.String())
			}
			boss := newStaffIn(t, s, "boss@agency.test", account.Admin, "198.51.100.1", "de")
			boss.inertia = true
			lang := func() string {
				t.Helper()
				_, props := inboxPage(t, boss.do(t, "GET", "/admin/leads/", nil, "Accept-Language", "en-GB,en;q=0.9"))
				return props["lang"].(string)
			}
			if got := lang(); got != "de" {
				t.Errorf("added with --lang de, an English browser: %q", got)
			}
			audits := s.Count(t, "audit_log")
			rec := boss.do(t, "POST", "/admin/account/", url.Values{"action": {"lang"}, "lang": {"es"}})
			if _, props := inboxPage(t, rec); rec.Code != http.StatusUnprocessableEntity || props["errors"].(map[string]any)["lang"] == nil {
				t.Errorf("a language the site does not speak: %d %v", rec.Code, props["errors"])
			}
			if got := lang(); got != "de" || s.Count(t, "audit_log") != audits {
				t.Errorf("after a refused choice: %q, %d audit entries", got, s.Count(t, "audit_log")-audits)
			}
			rec = boss.do(t, "POST", "/admin/account/", url.Values{"action": {"lang"}, "lang": {"nl"}})
			if rec.Code != http.StatusSeeOther && rec.Code != http.StatusConflict {
				t.Fatalf("choosing Dutch: %d", rec.Code)
			}
			_, props := inboxPage(t, boss.do(t, "GET", "/admin/account/?done=lang", nil))
			if props["lang"] != "nl" || props["chosenLang"] != "nl" || props["notice"] != "admin.account.done.lang" {
				t.Errorf("after choosing Dutch: %v %v %v", props["lang"], props["chosenLang"], props["notice"])
			}
			if got := audited(t, s, "staff", 0); len(got) == 0 || got[0].Action != "staff.lang" || got[0].Before != "de" || got[0].After != "nl" {
				t.Errorf("the choice's audit: %+v", got)
			}
		})
	}
}

// TestInboxListingNames: the leads list and a lead's page name a property
// by its title and address, linked to its page, and a property the site no
// longer has by its number, marked gone.
func TestInboxListingNames(t *testing.T) {
	s := apptest.New(t, apptest.Options{})
	ctx := t.Context()
	shown, err := s.Requests.Save(ctx, lead_(4100001, s.Clock.Now()), nil)
	if err != nil {
		t.Fatal(err)
	}
	gone, err := s.Requests.Save(ctx, lead_(9999999, s.Clock.Now()), nil)
	if err != nil {
		t.Fatal(err)
	}
	admin := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
	admin.inertia = true
	_, props := inboxPage(t, admin.do(t, "GET", "/admin/leads/", nil))
	byID := map[float64]map[string]any{}
	for _, r := range props["rows"].([]any) {
		r := r.(map[string]any)
		byID[r["id"].(float64)] = r["listing"].(map[string]any)
	}
	l := byID[float64(shown)]
	if l == nil || strings.HasPrefix(l["title"].(string), "#") || l["title"] == "" || !strings.Contains(l["address"].(string), "Arlon") ||
		!strings.HasSuffix(l["href"].(string), "/4100001/") || l["gone"] != false {
		t.Errorf("a property on the site: %v", l)
	}
	if l := byID[float64(gone)]; l == nil || l["title"] != "#9999999" || l["gone"] != true || l["href"] != "" {
		t.Errorf("a property gone: %v", l)
	}
	_, props = inboxPage(t, admin.do(t, "GET", "/admin/leads/"+itoa(shown)+"/", nil))
	if l := props["lead"].(map[string]any)["listing"].(map[string]any); strings.HasPrefix(l["title"].(string), "#") {
		t.Errorf("the lead's property: %v", l)
	}
}
