package app_test

import (
	"encoding/csv"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/lead"
)

// TestInboxExportColumns: the leads' CSV holds what each lead's page
// shows — the sender's title, the page it came from, a valuation's street, postcode, city, goal and type, a visit's
// slot, the requested document, a job's position and motivation, a
// demand's criteria, in the staff's words — and the notes' texts; on both
// databases.
func TestInboxExportColumns(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ctx := t.Context()
			now := s.Clock.Now()
			person := lead.Person{Title: lead.TitleMr, FirstName: "Luc", LastName: "Martin", Email: "luc@example.be", Phone: "+32 470 12 34 56"}
			save := func(r lead.Request) int64 {
				t.Helper()
				r.Lang, r.Page, r.Time, r.IPHash, r.Person = "fr", "/fr/", now, "x"+string(r.Kind), person
				id, err := s.Requests.Save(ctx, r, nil)
				if err != nil {
					t.Fatal(err)
				}
				return id
			}
			slot := time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC) // Thursday 10:00 in Brussels
			ids := map[lead.Kind]int64{
				lead.KindValuation: save(lead.Request{Kind: lead.KindValuation, Fields: map[string]string{"goal": "sale",
					"street": "Grand-Rue 3", "zip": "6700", "city": "Arlon", "propertyType": "Villa", "contactTime": "morning"}}),
				lead.KindVisit:    save(lead.Request{Kind: lead.KindVisit, PropertyID: 4100001, Fields: map[string]string{"slot": slot.Format(time.RFC3339)}}),
				lead.KindDocument: save(lead.Request{Kind: lead.KindDocument, PropertyID: 4100001, Fields: map[string]string{"document": "epc"}}),
				lead.KindJob: save(lead.Request{Kind: lead.KindJob, Fields: map[string]string{"position": "Agent immobilier",
					"motivation": "J'aime les maisons"}}),
				lead.KindDemandRegister: save(lead.Request{Kind: lead.KindDemandRegister, Fields: map[string]string{"purpose": "buy",
					"bedroomsMin": "2", "priceMax": "250000"}}),
			}
			admin := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
			if rec := admin.do(t, "POST", "/admin/leads/"+itoa(ids[lead.KindJob])+"/", url.Values{"action": {"note"}, "note": {"Rappelé, entretien lundi"}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("a note: %d", rec.Code)
			}

			rec := admin.do(t, "GET", "/admin/leads.csv", nil, "Accept-Language", "en")
			if rec.Code != 200 {
				t.Fatalf("export: %d", rec.Code)
			}
			lines, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(rec.Body.String(), "\uFEFF"))).ReadAll()
			if err != nil || len(lines) != 6 {
				t.Fatalf("%d lines, %v\n%s", len(lines), err, rec.Body.String())
			}
			header := lines[0]
			cell := func(kind lead.Kind, column string) string {
				t.Helper()
				i := slices.Index(header, column)
				if i < 0 {
					t.Fatalf("no column %q in %q", column, header)
				}
				for _, l := range lines[1:] {
					if l[0] == itoa(ids[kind]) {
						return l[i]
					}
				}
				t.Fatalf("no line of %s", kind)
				return ""
			}
			for _, c := range []struct {
				kind         lead.Kind
				column, want string
			}{
				{lead.KindValuation, "Title", "Mr"},
				{lead.KindValuation, "Sent from", "/fr/"},
				{lead.KindValuation, "Street", "Grand-Rue 3"},
				{lead.KindValuation, "Postcode", "6700"},
				{lead.KindValuation, "City", "Arlon"},
				{lead.KindValuation, "Goal", "Sell"},
				{lead.KindValuation, "Property type", "Villa"},
				{lead.KindJob, "Position", "Agent immobilier"},
				{lead.KindJob, "Motivation", "J'aime les maisons"},
				{lead.KindDemandRegister, "Bedrooms (min.)", "2"},
				{lead.KindDemandRegister, "Purpose", "Buy"},
				{lead.KindVisit, "Street", ""},
			} {
				if got := cell(c.kind, c.column); got != c.want {
					t.Errorf("%s's %s: %q, want %q", c.kind, c.column, got, c.want)
				}
			}
			if got := cell(lead.KindVisit, "Visit slot"); got == "" || strings.Contains(got, "T09:00") || !strings.Contains(got, "10:00") {
				t.Errorf("the visit's slot: %q, want its day and time", got)
			}
			if got := cell(lead.KindDocument, "Document"); got == "" {
				t.Errorf("the document: %q", got)
			}
			if got := cell(lead.KindJob, "Notes"); !strings.HasSuffix(got, "Ann boss: Rappelé, entretien lundi") {
				t.Errorf("the job's notes: %q", got)
			}
			if got := cell(lead.KindDemandRegister, "Price (max.)"); !strings.Contains(got, "250") {
				t.Errorf("the demand's price: %q", got)
			}
		})
	}
}

// TestInboxNoticeLinksTheLead: the agency's notice of a request sent on the
// site links to the request's page in the inbox.
func TestInboxNoticeLinksTheLead(t *testing.T) {
	s := apptest.New(t, apptest.Options{Visits: true})
	before := len(s.SMTP.Messages())
	bookVisit(t, s, "192.0.2.10", "Anne", "anne@example.be", agendaSlot10)
	id, err := s.Store.Inbox().Latest(t.Context())
	if err != nil || id == 0 {
		t.Fatalf("the visit's lead: %d, %v", id, err)
	}
	want := apptest.LocalURL + "/admin/leads/" + itoa(id) + "/"
	notices := 0
	for _, m := range s.Delivered(t, before, 2) {
		if !strings.Contains(m.Header.Get("To"), s.Config.Agency.Email) {
			continue
		}
		notices++
		raw, _ := io.ReadAll(m.Body)
		body := strings.NewReplacer("=\r\n", "", "=3D", "=").Replace(string(raw))
		if !strings.Contains(body, `href="`+want+`"`) || !strings.Contains(body, "\n"+want+"\r\n") {
			t.Errorf("the agency's notice does not link %s:\n%s", want, body)
		}
	}
	if notices != 1 {
		t.Fatalf("%d notices to the agency", notices)
	}
}

// TestInboxExportCrossSite: an export is a GET that writes an audit entry,
// so another site's page may not make a staff member's browser fetch it
// (Sec-Fetch-Site, else the Origin); the inbox's own page may, as may an
// address typed or bookmarked. Refused, nothing is written.
func TestInboxExportCrossSite(t *testing.T) {
	s := apptest.New(t, apptest.Options{Visits: true})
	admin := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
	exports := []string{"/admin/leads.csv", "/admin/agenda.csv", "/admin/newsletter.csv", "/admin/audit.csv", "/admin/demands.csv",
		"/admin/abuse.csv", "/admin/mails.csv", "/admin/owners.csv"}
	for _, p := range exports {
		audits := s.Count(t, "audit_log")
		for _, h := range [][]string{
			{"Sec-Fetch-Site", "cross-site", "Sec-Fetch-Mode", "navigate"},
			{"Sec-Fetch-Site", "same-site", "Sec-Fetch-Mode", "no-cors"},
			{"Origin", "https://evil.example"},
		} {
			rec := admin.do(t, "GET", p, nil, h...)
			if rec.Code != http.StatusForbidden || strings.Contains(rec.Header().Get("Content-Disposition"), "attachment") {
				t.Errorf("GET %s %v: %d %q, want 403", p, h, rec.Code, rec.Header().Get("Content-Disposition"))
			}
		}
		if got := s.Count(t, "audit_log") - audits; got != 0 {
			t.Errorf("%s refused: %d audit entries written", p, got)
		}
		for _, h := range [][]string{
			{"Sec-Fetch-Site", "same-origin", "Sec-Fetch-Mode", "navigate"},
			{"Sec-Fetch-Site", "none"},
			{"Origin", "http://example.com"}, // httptest's host
			{},
		} {
			if rec := admin.do(t, "GET", p, nil, h...); rec.Code != http.StatusOK {
				t.Errorf("GET %s %v: %d, want 200", p, h, rec.Code)
			}
		}
	}
	// A navigation refused is the inbox's own page, in the staff's words.
	rec := admin.do(t, "GET", "/admin/leads.csv", nil, "Sec-Fetch-Site", "cross-site", "Sec-Fetch-Mode", "navigate", "Accept-Language", "fr")
	if view, _ := inboxPage(t, rec); view != "AdminError" {
		t.Errorf("a refused navigation: %s", view)
	}
}
