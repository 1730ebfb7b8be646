package route

import (
	"net/url"
	"strings"
	"testing"

	"immo/internal/domain/catalog"
	"immo/internal/domain/demand"
)

// A filtered list is titled for what it shows, not the configured title
// of the whole list; its map view is not indexed; a legal or content page
// without a configured description is described by its text.
func TestListTitleAndDescriptions(t *testing.T) {
	r := demoResolver(t)
	cities := r.Catalog.Index().Cities("sale")
	if len(cities) < 2 {
		t.Fatal("the demo has too few cities")
	}
	city := cities[len(cities)-1]
	res := resolvePage(r, "/en/for-sale/?city="+url.QueryEscape(city.Name+"|"+city.Zip))
	p := res.Props.(*ListProps)
	if want := "For sale in " + city.Name; p.Title != want || !strings.HasPrefix(res.Head.Title, want) {
		t.Errorf("a list of %s titled %q (head %q)", city.Name, p.Title, res.Head.Title)
	}
	res = resolvePage(r, "/fr/a-vendre/?type=2")
	if p := res.Props.(*ListProps); !strings.HasPrefix(p.Title, "Appartement – ") {
		t.Errorf("a list of apartments titled %q", p.Title)
	}
	if res := resolvePage(r, "/en/for-sale/?view=map"); !strings.Contains(res.Head.Robots, "noindex") {
		t.Errorf("the map view is indexed: %q", res.Head.Robots)
	}
	for _, path := range []string{"/en/privacy-statement/", "/fr/avertissement/", "/fr/a-propos/equipe/", "/de/cookie-policy/"} {
		if res := resolvePage(r, path); res.Status != 200 || strings.TrimSpace(res.Head.Description) == "" {
			t.Errorf("%s: %d, description %q", path, res.Status, res.Head.Description)
		}
	}
}

// A demand's summary, in the registrant's area as in the inbox, keeps the
// rooms it asks for.
func TestDemandSummaryRooms(t *testing.T) {
	r := demoResolver(t)
	d := demand.Demand{Goal: catalog.GoalSale, Types: []int{1}, Price: demand.Range{Max: 400000},
		Bedrooms: demand.Range{Min: 2}, Garages: demand.Range{Min: 1, Max: 2}}
	got := r.DemandSummary(d, "en")
	for _, want := range []string{"up to € 400.000", "2 bedrooms min", "1–2 garages"} {
		if !strings.Contains(got, want) {
			t.Errorf("summary %q lacks %q", got, want)
		}
	}
}

// BenchmarkPropertyRedirect: another spelling of a property's address
// answers its 301 without building the page (compare
// BenchmarkPropertyPage).
func BenchmarkPropertyRedirect(b *testing.B) {
	r := demoResolver(b)
	for b.Loop() {
		if res := r.Resolve("/fr/property/4100001/", nil); res.Redirect == "" {
			b.Fatal("no redirect")
		}
	}
}

func BenchmarkPropertyPage(b *testing.B) {
	r := demoResolver(b)
	to := r.Resolve("/fr/property/4100001/", nil).Redirect
	for b.Loop() {
		if res := r.Resolve(to, nil); res.Status != 200 {
			b.Fatal(res.Status)
		}
	}
}
