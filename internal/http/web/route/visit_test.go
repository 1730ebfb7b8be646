package route

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/domain/agency"
	"immo/internal/domain/agenda"
)

type fakeAgenda []agenda.Slot

func (a fakeAgenda) FreeFor(int64) []agenda.Slot { return a }
func (a fakeAgenda) Version() string             { return "7.1" }

func slotAt(s string) agenda.Slot {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, agenda.Brussels)
	if err != nil {
		panic(err)
	}
	return agenda.Slot{Start: t, End: t.Add(30 * time.Minute), Free: 1}
}

// A property page lists the free slots by day, in the page's language and
// Belgian time; the page's forms include the visit only with an agenda.
func TestVisitSlots(t *testing.T) {
	r := demoResolver(t)
	if res := resolvePage(r, "/nl/property/4100001/"); res.Props.(*PropertyProps).Visit != nil || res.Live {
		t.Fatal("a visit form without an agenda")
	}
	v0 := r.Version()
	r.Agenda = fakeAgenda{slotAt("2026-11-24 10:00"), slotAt("2026-11-24 14:30"), slotAt("2026-11-28 10:00")}
	if r.Version() == v0 || !strings.HasSuffix(r.Version(), ".a7.1") {
		t.Fatalf("the pages' version %q does not follow the agenda's", r.Version())
	}
	for _, tc := range []struct{ lang, day string }{
		{"nl", "Dinsdag 24 november"},
		{"fr", "Mardi 24 novembre"},
		{"de", "Dienstag, 24. November"},
		{"en", "Tuesday 24 November"},
	} {
		res := resolvePage(r, "/"+tc.lang+"/property/4100001/")
		p := res.Props.(*PropertyProps)
		if !res.Live { // its free slots: never answered from an earlier render
			t.Errorf("%s: a page of visit slots not Live", tc.lang)
		}
		if p.Visit == nil || len(p.Visit.Days) != 2 {
			t.Fatalf("%s: %+v", tc.lang, p.Visit)
		}
		d := p.Visit.Days[0]
		if d.Date != "2026-11-24" || d.Label != tc.day || len(d.Slots) != 2 ||
			d.Slots[1].Time != "14:30" || d.Slots[1].Value != "2026-11-24T14:30:00+01:00" {
			t.Errorf("%s: %+v", tc.lang, d)
		}
	}
	got := r.PageForms("/fr/property/4100001/", nil).Forms
	if !slices.Equal(got, []string{"contact-me", "send-to-friend", "contact-appointment", "document-request", "purchase-offer", "sign-newsletter"}) {
		t.Fatalf("PageForms with an agenda: %v", got)
	}
	// A sold property is not visited: no form, no post accepted.
	sold := "/fr/property/" + strconv.Itoa(soldID) + "/"
	if p := resolvePage(r, sold).Props.(*PropertyProps); p.Visit != nil {
		t.Error("a visit form on a sold property")
	}
	if got := r.PageForms(sold, nil).Forms; slices.Contains(got, "contact-appointment") {
		t.Errorf("PageForms of a sold property: %v", got)
	}
}

func TestVisitCancelPage(t *testing.T) {
	r := demoResolver(t)
	for path, want := range map[string]string{"/nl/cancel-visit/": "nl", "/de/cancel-visit/": "de",
		"/nl/cancel-visit": "", "/nl/cancel-visit/x/": "", "/xx/cancel-visit/": "", "/nl/contact/": ""} {
		lang, ok := r.VisitCancelLang(path)
		if lang != want || ok != (want != "") {
			t.Errorf("VisitCancelLang(%s) = %q %v", path, lang, ok)
		}
	}
	if u := r.VisitCancelURL("AB+C", "fr"); u != "/fr/cancel-visit/?token=AB%2BC" {
		t.Errorf("VisitCancelURL = %s", u)
	}
	b := &agenda.Booking{Start: slotAt("2026-11-24 10:00").Start.UTC(), Property: 4100001}
	res := r.VisitCancel("nl", "confirm", "tok", b)
	p := res.Props.(*VisitCancelProps)
	if res.Status != http.StatusOK || res.Cacheable || res.Head.Robots != "noindex" || p.Token != "tok" ||
		p.When != "Dinsdag 24 november om 10:00" || p.PropertyTitle == "" || !strings.HasPrefix(p.PropertyURL, "/nl/") {
		t.Fatalf("confirm: %d %+v %+v", res.Status, res.Head, p)
	}
	res = r.VisitCancel("de", "unknown", "tok", nil)
	if p := res.Props.(*VisitCancelProps); res.Status != http.StatusNotFound || p.Token != "" || p.When != "" {
		t.Fatalf("unknown: %d %+v", res.Status, p)
	}
	if p := r.VisitCancel("fr", "done", "tok", b).Props.(*VisitCancelProps); p.Token != "" || p.When == "" {
		t.Fatalf("done: %+v", p)
	}
}

// SPEC §8: a property not found says so with the language switcher, to
// each language's sale list (the address names nothing in any).
func TestMissingPropertySwitcher(t *testing.T) {
	r := demoResolver(t)
	res := resolvePage(r, "/fr/property/9999999/")
	p := res.Props.(*PropertyProps)
	if res.Status != 404 || p.Notice == "" || len(p.Site.Languages) != 4 {
		t.Fatalf("missing property: %d %q %+v", res.Status, p.Notice, p.Site.Languages)
	}
	for _, l := range p.Site.Languages {
		if l.Href != r.ListURL(ListSale, l.Lang, nil) {
			t.Errorf("the switcher's %s: %s", l.Lang, l.Href)
		}
	}
}

// An agency whose published configuration no longer has appointments
// offers no visit, though the server's agenda runs: its property pages
// show no slots and hold no visit form.
func TestNoVisitsWithoutAppointments(t *testing.T) {
	r := demoResolver(t)
	r.Agenda = fakeAgenda{slotAt("2026-11-24 10:00")}
	if r.Site.Appointments == nil {
		t.Fatal("the demo's configuration has no appointments")
	}
	if p := resolvePage(r, "/fr/property/4100001/").Props.(*PropertyProps); p.Visit == nil {
		t.Fatal("no visit form with appointments")
	}
	without := *r.Site
	without.Appointments = nil
	f := r.For(&agency.Agency{Site: &without, Version: 2})
	if p := resolvePage(f, "/fr/property/4100001/").Props.(*PropertyProps); p.Visit != nil {
		t.Error("a visit form where the agency takes none")
	}
	if slices.Contains(f.PageForms("/fr/property/4100001/", nil).Forms, "contact-appointment") {
		t.Error("the visit form is among the page's forms")
	}
}

// An agency that started without appointments and publishes a version
// with them offers visits on that version's pages, with no restart: the
// resolver holds the agenda (Visits) though its first site offered none.
func TestVisitsOnceAVersionTakesThem(t *testing.T) {
	r := demoResolver(t)
	with := r.Site
	without := *r.Site
	without.Appointments = nil
	r.Site, r.Agenda, r.Visits = &without, nil, fakeAgenda{slotAt("2026-11-24 10:00")}
	if p := resolvePage(r, "/fr/property/4100001/").Props.(*PropertyProps); p.Visit != nil {
		t.Fatal("a visit form on the first site, which takes none")
	}
	f := r.For(&agency.Agency{Site: with, Version: 2})
	if p := resolvePage(f, "/fr/property/4100001/").Props.(*PropertyProps); p.Visit == nil {
		t.Error("no visit form on the version that takes visits")
	}
	if !slices.Contains(f.PageForms("/fr/property/4100001/", nil).Forms, "contact-appointment") {
		t.Error("the visit form is not among the version's page's forms")
	}
}
