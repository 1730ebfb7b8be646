package app_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/catalog"
	"immo/internal/domain/demand"
	"immo/internal/domain/lead"
)

// TestInboxDemands walks the demands page on both databases: each demand
// with its registrant, its search in words, confirmed or not, the
// listings it matches now (the alerts' rule over the catalog) and the
// alerts mailed; the filters and pages, bad ones refused; the CSV of the
// filtered list (BOM, formulas neutralised), its export audited; nobody
// but the staff reaches either.
func TestInboxDemands(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ctx := t.Context()
			// A demand for a listing the catalog has now.
			var listing *catalog.Property
			for p := range catalog.Listings(s.Catalog.Index()) {
				if p.Status == catalog.StatusAvailable {
					listing = p
					break
				}
			}
			reg := func(email, first string) int64 {
				id, err := s.Store.Accounts().Create(ctx, account.Account{Role: account.Registrant, Email: email, FirstName: first,
					LastName: "Peeters", Lang: "nl", PasswordHash: "h", Created: s.Clock.Now(), Confirmed: s.Clock.Now()})
				if err != nil {
					t.Fatal(err)
				}
				return id
			}
			ann, eve := reg("ann@example.be", "Ann"), reg("eve@example.be", "=cmd|' /C calc'!A0")
			match := demand.Demand{Account: ann, Lang: "nl", Goal: listing.Goal, Types: []int{listing.WebID},
				Zips: []string{listing.Postcode()}, Created: s.Clock.Now(), Confirmed: s.Clock.Now()}
			matchID, err := s.Store.Demands().Save(ctx, match)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Store.Demands().MarkAlerted(ctx, matchID, listing.ID); err != nil {
				t.Fatal(err)
			}
			waiting := demand.Demand{Account: eve, Lang: "fr", Goal: catalog.GoalRent, Types: []int{3}, Zips: []string{"BE-6700"},
				Bedrooms: demand.Range{Min: 2}, Garages: demand.Range{Min: 1, Max: 2}, Created: s.Clock.Now().Add(time.Minute)}
			if _, err := s.Store.Demands().Save(ctx, waiting); err != nil {
				t.Fatal(err)
			}
			// Eve's phone is her registration's (the account keeps none).
			if _, err := s.Requests.Save(ctx, lead.Request{Kind: lead.KindDemandRegister, Lang: "fr", Page: "/fr/", Time: s.Clock.Now(),
				IPHash: "eve", Person: lead.Person{FirstName: "Eve", LastName: "Peeters", Email: "eve@example.be", Phone: "+32 470 55 66 77"},
				Fields: map[string]string{"purpose": "rent", "bedroomsMin": "2"}}, nil); err != nil {
				t.Fatal(err)
			}
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			agentNo := agentID(t, s, "agent@agency.test")
			shut(t, s, "/admin/demands/", nil, nil)
			shutFile(t, s, "/admin/demands.csv", nil)

			list := func(query string, status int) map[string]any {
				t.Helper()
				speaks(t, s, "agent@agency.test", "nl") // the inbox speaks the member's language, not the browser's
				rec := agent.do(t, "GET", "/admin/demands/"+query, nil, "Accept-Language", "nl")
				view, props := inboxPage(t, rec)
				if rec.Code != status || view != "AdminDemands" {
					t.Fatalf("demands %s: %d %s, want %d", query, rec.Code, view, status)
				}
				return props
			}
			p := list("", http.StatusOK)
			rows := p["rows"].([]any)
			if len(rows) != 2 || p["export"] != "/admin/demands.csv" {
				t.Fatalf("rows: %v, export %v", rows, p["export"])
			}
			e, a := rows[0].(map[string]any), rows[1].(map[string]any)
			want := demand.Matching(match, catalog.Listings(s.Catalog.Index()))
			if a["email"] != "ann@example.be" || a["matching"] != float64(want) || want < 1 || a["alertsSent"] != float64(1) ||
				a["lastAlert"] == "" || a["confirmed"] == "" || !strings.HasPrefix(a["summary"].(string), "Te koop") {
				t.Errorf("Ann's demand (%d matching): %v", want, a)
			}
			// The listings it matches by title and address, linked: the
			// first five, the count saying how many.
			matches, _ := a["matches"].([]any)
			if len(matches) != min(want, 5) {
				t.Fatalf("Ann's matches: %v, want %d", matches, min(want, 5))
			}
			found := false
			for _, m := range matches {
				m := m.(map[string]any)
				if m["title"] == "" || strings.HasPrefix(m["title"].(string), "#") || m["address"] == "" ||
					!strings.HasPrefix(m["href"].(string), "/nl/") || m["gone"] != false {
					t.Errorf("a match named by number or not linked: %v", m)
				}
				found = found || m["id"] == float64(listing.ID)
			}
			if want <= 5 && !found {
				t.Errorf("the listing alerted is not among the matches: %v", matches)
			}
			if e := rows[0].(map[string]any); !strings.Contains(e["summary"].(string), "min. 2 slaapkamers") ||
				!strings.Contains(e["summary"].(string), "1–2 garages") || e["phone"] != "+32 470 55 66 77" {
				t.Errorf("Eve's summary %q (want her rooms), phone %q", e["summary"], e["phone"])
			}
			if e["email"] != "eve@example.be" || e["confirmed"] != "" || e["alertsSent"] != float64(0) ||
				e["matching"] != float64(demand.Matching(waiting, catalog.Listings(s.Catalog.Index()))) ||
				!strings.HasPrefix(e["summary"].(string), "Te huur") {
				t.Errorf("Eve's demand: %v", e)
			}
			if rows := list("?state=unconfirmed", http.StatusOK)["rows"].([]any); len(rows) != 1 || rows[0].(map[string]any)["email"] != "eve@example.be" {
				t.Errorf("unconfirmed: %v", rows)
			}
			if p := list("?q=ANN&state=confirmed", http.StatusOK); len(p["rows"].([]any)) != 1 || p["export"] != "/admin/demands.csv?q=ANN&state=confirmed" {
				t.Errorf("search: %v %v", p["rows"], p["export"])
			}
			if errs := list("?state=maybe", http.StatusBadRequest)["errors"].(map[string]any); errs["state"] != demand.KeyRegisteredState {
				t.Errorf("a bad state: %v", errs)
			}
			if errs := list("?page=x", http.StatusBadRequest)["errors"].(map[string]any); errs["page"] != "admin.error.cursor" {
				t.Errorf("a bad page: %v", errs)
			}
			if p := list("?page=2", http.StatusOK); len(p["rows"].([]any)) != 0 || p["prev"] != "/admin/demands/" {
				t.Errorf("page 2: %v", p)
			}

			// The export: the filtered list, in the staff's language, audited.
			entries := len(audited(t, s, "demand", 0))
			speaks(t, s, "agent@agency.test", "fr") // the inbox speaks the member's language, not the browser's
			rec := agent.do(t, "GET", "/admin/demands.csv?state=unconfirmed", nil, "Accept-Language", "fr")
			csv := rec.Body.String()
			if rec.Code != http.StatusOK || !strings.HasPrefix(csv, "\uFEFFNuméro,") || !strings.Contains(csv, "eve@example.be") ||
				strings.Contains(csv, "ann@example.be") || !strings.Contains(csv, `'=cmd`) || !strings.Contains(csv, "À louer") ||
				!strings.Contains(csv, ",Téléphone,") || !strings.Contains(csv, ",'+32 470 55 66 77,") || !strings.Contains(csv, "2 chambres min.") ||
				!strings.Contains(rec.Header().Get("Content-Disposition"), "attachment") {
				t.Errorf("export: %d %v\n%s", rec.Code, rec.Header(), csv)
			}
			got := audited(t, s, "demand", 0)
			if len(got) != entries+1 || got[0].Actor != agentNo || got[0].Action != "export" || got[0].After != "state=unconfirmed" {
				t.Errorf("the export's audit: %+v", got)
			}
			if rec := agent.do(t, "GET", "/admin/demands.csv?state=maybe", nil); rec.Code != http.StatusBadRequest {
				t.Errorf("a bad export: %d", rec.Code)
			}
			if rec := agent.do(t, "POST", "/admin/demands/", url.Values{}); rec.Code < 400 {
				t.Errorf("a post: %d", rec.Code)
			}
		})
	}
}
