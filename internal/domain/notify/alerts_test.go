package notify

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"immo/internal/domain/account"
	"immo/internal/domain/catalog"
	"immo/internal/domain/demand"
	"immo/internal/domain/i18n"
	"immo/internal/domain/report"
)

// golden compares a mail with its files in testdata (go test -update
// rewrites them).
func golden(t *testing.T, name, subject, text, html string) {
	t.Helper()
	for ext, got := range map[string]string{".html": html, ".txt": "Subject: " + subject + "\n\n" + text} {
		path := filepath.Join("testdata", name+ext)
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update once)", err)
		}
		if got != string(want) {
			t.Errorf("%s differs from the composed mail; go test ./internal/domain/notify/ -update, then review the diff", path)
		}
	}
}

// An alert and a digest in every language: each listing with its price (or
// its drop) and absolute link, the one-click link in the body and the
// header, no raw key; golden in en (instant) and fr (digest).
func TestAlertMails(t *testing.T) {
	c := composer(t)
	p := &catalog.Property{ID: propertyID, Price: 245000, PublishPrice: true, Rooms: &catalog.Rooms{Bedrooms: 3},
		Surfaces: &catalog.Surfaces{Living: 182.4, Total: 600}}
	hidden := &catalog.Property{ID: propertyID, Price: 245000}
	for _, lang := range i18n.Languages {
		r := demand.Recipient{Demand: demand.Demand{ID: 5, Lang: lang}, Email: "an.peeters@example.com", FirstName: "An", LastName: "Peeters"}
		for _, daily := range []bool{false, true} {
			items := []demand.Item{{Property: p, Reason: demand.ReasonCheaper, Was: 260000}}
			if daily {
				items = append(items, demand.Item{Property: hidden, Reason: demand.ReasonNew}, demand.Item{Property: &catalog.Property{ID: 999}})
			}
			m, err := c.Alert(r, items, "uns456", daily)
			if err != nil {
				t.Fatalf("%s: %v", lang, err)
			}
			link := "https://www.immo-arlon.be/" + lang + "/unsubscribe/?token=uns456"
			if m.ListUnsubscribe != link || !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, link) ||
				!strings.Contains(m.Text, "https://www.immo-arlon.be/nl/te-koop/arlon/villa/1234/") ||
				!strings.Contains(m.Text, "€ 245.000") || !strings.Contains(m.Text, "€ 260.000") ||
				m.Lang != lang || m.To[0].Email != r.Email || rawKey.MatchString(m.Text+m.Subject) || strings.Contains(m.Text, "999") {
				t.Errorf("%s alert (daily %v): %+v\n%s", lang, daily, m, m.Text)
			}
			// As the portals' alerts: rooms and surface, the picture and the
			// title linked, the way to change or pause the search.
			if !strings.Contains(m.Text, i18n.Tf(lang, "mail.alert.bedrooms", "n", "3")+" · 182 m²") ||
				!strings.Contains(m.HTML, `<a href="https://www.immo-arlon.be/nl/te-koop/arlon/villa/1234/"><img`) ||
				!strings.Contains(m.Text, "https://www.immo-arlon.be/"+lang+"/account/") {
				t.Errorf("%s alert (daily %v): no card as the portals'\n%s", lang, daily, m.Text)
			}
			if daily && !strings.Contains(m.Text, i18n.T(lang, "mail.alert.onRequest")) {
				t.Errorf("%s digest: the hidden price is not 'on request':\n%s", lang, m.Text)
			}
			switch {
			case lang == "en" && !daily:
				golden(t, "alert-en", m.Subject, m.Text, m.HTML)
			case lang == "fr" && daily:
				golden(t, "alert-daily-fr", m.Subject, m.Text, m.HTML)
			}
		}
	}
	// A title that says its city is not followed by it again.
	for l, want := range map[Listing]string{{Title: "Maison 4 chambres à Arlon", City: "arlon"}: "Maison 4 chambres à Arlon",
		{Title: "Villa met tuin", City: "Arlon"}: "Villa met tuin – Arlon", {Title: "Studio", City: ""}: "Studio"} {
		if got := titleCity(l); got != want {
			t.Errorf("titleCity(%+v) = %q, want %q", l, got, want)
		}
	}
	r := demand.Recipient{Demand: demand.Demand{Lang: "fr"}, Email: "a@example.com"}
	if _, err := c.Alert(r, []demand.Item{{Property: p}}, "", false); err == nil {
		t.Error("an alert without its unsubscribe link")
	}
	if _, err := c.Alert(r, []demand.Item{{Property: &catalog.Property{ID: 999}}}, "t", false); err == nil {
		t.Error("an alert of no listing online")
	}
}

// The weekly report in every language: the week's dates, each property's
// figures, the one-click link; golden in nl.
func TestOwnerReportMail(t *testing.T) {
	c := composer(t)
	w := report.Week{Monday: "2026-03-23"}
	figs := []report.Figures{
		{Property: propertyID, Visits: 15, VisitsBefore: 10, Requests: map[string]int{"contact-appointment": 2, "contact-me": 1}, Booked: 1, Demands: 3},
		{Property: 999, Requests: map[string]int{}},
	}
	for _, lang := range i18n.Languages {
		o := report.Owner{Account: account.Account{ID: 7, Role: account.Owner, Email: "ann@example.com", FirstName: "Ann", LastName: "Peeters", Lang: lang}}
		m, err := c.OwnerReport(o, w, figs, "rep789")
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		link := "https://www.immo-arlon.be/" + lang + "/unsubscribe/?token=rep789"
		from, to := "23/03/2026", "29/03/2026"
		if lang == "de" {
			from, to = "23.03.2026", "29.03.2026"
		}
		if m.ListUnsubscribe != link || !strings.Contains(m.Text, link) || !strings.Contains(m.Subject, from) || !strings.Contains(m.Subject, to) ||
			!strings.Contains(m.Text, "+50 %") || !strings.Contains(m.Text, i18n.T(lang, "mail.kind.contact-appointment")+": 2") ||
			!strings.Contains(m.Text, "Villa met tuin") || !strings.Contains(m.Text, "999") || rawKey.MatchString(m.Text+m.Subject) {
			t.Errorf("%s report: %+v\n%s", lang, m, m.Text)
		}
		if lang == "nl" {
			golden(t, "report-nl", m.Subject, m.Text, m.HTML)
		}
	}
}
