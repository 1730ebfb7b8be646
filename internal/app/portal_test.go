package app_test

import (
	"context"
	"encoding/json"
	"html"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"time"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/catalog"
	"immo/internal/domain/demand"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/domain/visit"
	"immo/internal/http/web/route"
)

var pageObject = regexp.MustCompile(`(?s)<script type="application/json" id="page">(.*?)</script>`)

// portalProperties are the properties of a portal page's props.
func portalProperties(t *testing.T, body string) []route.OwnedProperty {
	t.Helper()
	m := pageObject.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no page object in the portal:\n%s", body)
	}
	var page struct {
		Props route.AccountProps `json:"props"`
	}
	if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &page); err != nil {
		if err := json.Unmarshal([]byte(m[1]), &page); err != nil {
			t.Fatalf("the page object: %v", err)
		}
	}
	return page.Props.Properties
}

// Two owners, each with requests, visits by source and a matching demand
// on their property: each portal shows its owner's property with its own
// figures, nothing of the other's; the requester is named by first name
// and initial, without address or phone; the demands are counts.
func TestOwnerPortalScoped(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ctx := t.Context()
			ann := invite(t, s, "ann@example.be", "nl", annProperty1)
			bob := invite(t, s, "bob@example.be", "de", bobProperty)
			now := s.Clock.Now()
			save := func(kind lead.Kind, property int64, ago time.Duration, first, last, remark string) {
				t.Helper()
				r := lead.Request{Kind: kind, Lang: "nl", Page: "/nl/", PropertyID: property, Time: now.Add(-ago), IPHash: "h",
					Person: lead.Person{FirstName: first, LastName: last, Email: "visitor@example.be", Phone: "+32 471 23 45 67"}, Remark: remark}
				if _, err := s.Store.Requests().Save(ctx, r, func(context.Context, mail.Tx, int64) error { return nil }); err != nil {
					t.Fatal(err)
				}
			}
			save(lead.KindInformation, annProperty1, 3*time.Hour, "Marie", "Dubois", "Call me: 0471 23 45 67")
			save(lead.KindPurchaseOffer, annProperty1, time.Hour, "Jan", "Peeters", "Our offer")
			save(lead.KindFriend, annProperty1, time.Minute, "Paul", "Martin", "")
			save(lead.KindInformation, bobProperty, 2*time.Hour, "Greta", "Schmidt", "Bob's visitor")
			today := visit.DayOf(now)
			if err := s.Store.Visits().Add(ctx, map[visit.Key]int{{Property: annProperty1, Day: today}: 3, {Property: bobProperty, Day: today}: 5}); err != nil {
				t.Fatal(err)
			}
			if err := s.Store.Visits().AddSources(ctx, map[visit.SourceKey]int{
				{Property: annProperty1, Day: today, Source: visit.SourceSearch}: 2, {Property: annProperty1, Day: today, Source: visit.SourceMail}: 1,
				{Property: bobProperty, Day: today, Source: visit.SourcePortal}: 5,
			}); err != nil {
				t.Fatal(err)
			}
			// Two registrants' searches around Arlon: one matches both houses, one only on the zone.
			reg, err := s.Store.Accounts().Create(ctx, account.Account{Role: account.Registrant, Email: "seeker@example.be",
				PasswordHash: mustHash(t, "seeker's password"), Created: now, Confirmed: now})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range []demand.Demand{
				{Goal: catalog.GoalSale, Types: []int{1}, Zips: []string{"BE-6700"}, Price: demand.Range{Max: 400000}},
				{Goal: catalog.GoalSale, Types: []int{2}, Zips: []string{"BE-6700"}, Price: demand.Range{Max: 100000}},
			} {
				d.Account, d.Lang, d.Created, d.Confirmed = reg, "nl", now, now
				if _, err := s.Store.Demands().Save(ctx, d); err != nil {
					t.Fatal(err)
				}
			}

			for _, c := range []struct {
				name     string
				invite   string
				lang     string
				property int64
				other    int64
				requests []string
				sources  map[string]int
				visits   int
			}{
				{"ann", ann.Link, "nl", annProperty1, bobProperty, []string{"Jan P.", "Marie D."}, map[string]int{"search": 2, "mail": 1}, 3},
				{"bob", bob.Link, "de", bobProperty, annProperty1, []string{"Greta S."}, map[string]int{"portal": 5}, 5},
			} {
				cl := &client{h: s.Handler, ip: "192.0.2.1"}
				expect(t, c.name+"'s password", setPassword(t, cl, c.invite, c.name+"'s good password"), http.StatusSeeOther, "/"+c.lang+"/owner/")
				rec := cl.do(t, "GET", "/"+c.lang+"/owner/", nil)
				expect(t, c.name+"'s portal", rec, http.StatusOK, "")
				props := portalProperties(t, rec.Body.String())
				if len(props) != 1 || props[0].ID != c.property {
					t.Fatalf("%s's portal lists %+v", c.name, props)
				}
				p := props[0]
				var contacts []string
				for _, r := range p.History {
					contacts = append(contacts, r.Contact)
				}
				if !slices.Equal(contacts, c.requests) || p.Requests != len(c.requests) {
					t.Errorf("%s's history %+v (%d in all), want %v", c.name, p.History, p.Requests, c.requests)
				}
				got := map[string]int{}
				for _, sv := range p.Sources {
					if sv.Count > 0 {
						got[sv.Source] = sv.Count
					}
				}
				if len(p.Sources) != len(visit.Sources) || len(got) != len(c.sources) {
					t.Errorf("%s's sources %+v, want %v", c.name, p.Sources, c.sources)
				}
				for k, n := range c.sources {
					if got[k] != n {
						t.Errorf("%s's %s visits %d, want %d", c.name, k, got[k], n)
					}
				}
				if p.Today != c.visits {
					t.Errorf("%s's visits today %d, want %d", c.name, p.Today, c.visits)
				}
				if p.Demands == nil || *p.Demands != (route.DemandTally{Goal: "sale", Searching: 2, Matching: 1, Budget: 1, Zone: 2, Type: 1, Rooms: 2}) {
					t.Errorf("%s's demands %+v", c.name, p.Demands)
				}
				for _, leak := range []string{"visitor@example.be", "471", "seeker@example.be", `"id":` + itoa(c.other)} {
					if regexp.MustCompile(regexp.QuoteMeta(leak)).MatchString(rec.Body.String()) {
						t.Errorf("%s's portal shows %q", c.name, leak)
					}
				}
			}
			// The portal's first row of ann: the newest, a purchase offer, received.
			cl := &client{h: s.Handler, ip: "192.0.2.3"}
			expect(t, "ann's login", cl.do(t, "POST", "/nl/login/", map[string][]string{"email": {"ann@example.be"}, "password": {"ann's good password"}}),
				http.StatusSeeOther, "/nl/owner/")
			p := portalProperties(t, cl.do(t, "GET", "/nl/owner/", nil).Body.String())[0]
			if r := p.History[0]; r.Kind != string(lead.KindPurchaseOffer) || r.Status != "received" || r.Comment != "Our offer" || r.Date == "" {
				t.Errorf("ann's newest row %+v", r)
			}
			if r := p.History[1]; r.Comment != "Call me: …" {
				t.Errorf("a phone number in a remark: %+v", r)
			}
		})
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
