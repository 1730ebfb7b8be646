package app_test

import (
	"net/http"
	"strings"
	"testing"

	"immo/internal/account"
	"immo/internal/app/apptest"
	"immo/internal/inbox"
	"immo/internal/lead"
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
