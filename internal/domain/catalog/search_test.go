package catalog

import (
	"strings"
	"testing"
)

// A place is one line of exonyms.txt; a form naming two places would make a
// search land in the wrong town.
func TestExonymsTable(t *testing.T) {
	seen := map[string]string{}
	for _, line := range strings.Split(exonymsText, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		forms := strings.Split(line, " / ")
		if len(forms) < 2 {
			t.Errorf("%q: a place needs at least two forms", line)
		}
		for _, f := range forms {
			k := nameKey(f)
			if k == "" || f != strings.TrimSpace(f) {
				t.Errorf("%q: bad form %q", line, f)
			}
			if other, ok := seen[k]; ok && other != forms[0] {
				t.Errorf("%q names both %s and %s", f, other, forms[0])
			}
			seen[k] = forms[0]
		}
	}
	same := [][]string{
		{"Arlon", "Aarlen", "Arel", "ARLON", "arel"},
		{"Bruxelles", "Brussel", "Brüssel", "Brussels", "bruxelles"},
		{"Liège", "Luik", "Lüttich", "Liege"},
		{"Namur", "Namen"}, {"Mons", "Bergen"}, {"Tournai", "Doornik"},
		{"Louvain", "Leuven", "Löwen"}, {"Anvers", "Antwerpen", "Antwerp"},
		{"Gand", "Gent", "Ghent"}, {"Malines", "Mechelen"}, {"Courtrai", "Kortrijk"},
		{"Bastogne", "Bastenaken", "Bastnach"}, {"Luxembourg", "Luxemburg", "Lëtzebuerg", "Letzebuerg"},
		{"Saint-Gilles", "Sint-Gillis", "sint gillis"}, {"Uccle", "Ukkel"},
	}
	for _, names := range same {
		for _, n := range names[1:] {
			if PlaceKey(n) != PlaceKey(names[0]) {
				t.Errorf("PlaceKey(%q) = %q, want %q's %q", n, PlaceKey(n), names[0], PlaceKey(names[0]))
			}
		}
	}
	if PlaceKey("Arlon") == PlaceKey("Attert") || PlaceKey("Nowhere") != "nowhere" {
		t.Errorf("distinct places share a key")
	}
}

func TestResolve(t *testing.T) {
	ix := fixture()
	tests := []struct {
		name, q string
		want    Found
	}{
		{"property ID", "102", Found{Kind: FoundProperty, PropertyID: 102}},
		{"sold property ID", " 201 ", Found{Kind: FoundProperty, PropertyID: 201}},
		{"unknown ID", "999", Found{}},
		{"type fr", "appartement", Found{Kind: FoundType, TypeWebID: 2, SaleCount: 3, RentCount: 2}},
		{"type en", "Apartment", Found{Kind: FoundType, TypeWebID: 2, SaleCount: 3, RentCount: 2}},
		{"type nl part", "huis", Found{Kind: FoundType, TypeWebID: 1, SaleCount: 3, RentCount: 1}},
		{"type fr part", "MAISON", Found{Kind: FoundType, TypeWebID: 1, SaleCount: 3, RentCount: 1}},
		{"type full name", "villa/maison/ferme", Found{Kind: FoundType, TypeWebID: 1, SaleCount: 3, RentCount: 1}},
		{"type prefix is not a type", "appart", Found{}},
		{"city", "Arlon", Found{Kind: FoundCity, City: "Arlon|6700", SaleCount: 3, RentCount: 2}},
		{"city nl exonym", "Aarlen", Found{Kind: FoundCity, City: "Arlon|6700", SaleCount: 3, RentCount: 2}},
		{"city de exonym", "arel", Found{Kind: FoundCity, City: "Arlon|6700", SaleCount: 3, RentCount: 2}},
		{"city by zip", "6780", Found{Kind: FoundCity, City: "Messancy|6780", RentCount: 1}},
		{"city accents stripped", "etalle", Found{Kind: FoundCity, City: "Étalle|6740", SaleCount: 2}},
		{"city accents kept", "Étalle", Found{Kind: FoundCity, City: "Étalle|6740", SaleCount: 2}},
		{"city prefix is not a city", "Arl", Found{}},
		{"a known place without listings", "Namur", Found{}},
		{"nothing", "château fort", Found{}},
		{"empty", "  ", Found{}},
		{"punctuation only", "?!", Found{}},
	}
	for _, tt := range tests {
		if got := ix.Resolve(tt.q); got != tt.want {
			t.Errorf("%s: Resolve(%q) = %+v, want %+v", tt.name, tt.q, got, tt.want)
		}
	}
}

func TestCityFilterAndSuggestionsTakeAnyLanguageForm(t *testing.T) {
	ix := fixture()
	for _, city := range []string{"Arlon", "Aarlen", "Arel|6700", "ARLON|6700"} {
		q := NewQuery()
		q.Goal, q.City = GoalSale, city
		if got := ix.List(q); got.Total != 3 {
			t.Errorf("city=%s: %d sale listings, want Arlon's 3", city, got.Total)
		}
	}
	for _, typed := range []string{"Aar", "aarlen", "Are"} {
		s := ix.Search(typed, "nl")
		if len(s.Cities) != 1 || s.Cities[0].Name != "Arlon" {
			t.Errorf("suggestions for %q: %+v", typed, s.Cities)
		}
	}
}

// A price the agency does not publish sorts last both ways and matches no
// price range: neither the order nor a filter reveals it.
func TestHiddenPriceRevealsNothing(t *testing.T) {
	cheap := prop(301, GoalSale, 2, 1000, "Arlon", "6700", 1, 1)
	cheap.PublishPrice = false
	dear := prop(302, GoalSale, 2, 9_000_000, "Arlon", "6700", 1, 2)
	dear.PublishPrice = false
	ps := []Property{
		prop(311, GoalSale, 2, 200000, "Arlon", "6700", 1, 3),
		dear,
		prop(312, GoalSale, 2, 100000, "Arlon", "6700", 1, 4),
		cheap,
		prop(313, GoalSale, 2, 300000, "Arlon", "6700", 1, 5),
	}
	ix := NewIndex(&Catalog{Types: fixtureTypes(), Properties: ps}, 1)
	q := NewQuery()
	q.Goal, q.Sort = GoalSale, SortPrice
	for _, tt := range []struct {
		desc bool
		want []int64
	}{
		{false, []int64{312, 311, 313, 301, 302}},
		{true, []int64{313, 311, 312, 301, 302}},
	} {
		q.Desc = tt.desc
		if got := ids(ix.List(q)); !equal(got, tt.want) {
			t.Errorf("price desc=%v: %v, want %v", tt.desc, got, tt.want)
		}
		q.City = "Arlon" // the filtered pass walks the same order
		if got := ids(ix.List(q)); !equal(got, tt.want) {
			t.Errorf("price desc=%v, filtered: %v, want %v", tt.desc, got, tt.want)
		}
		q.City = ""
	}
	for _, c := range ix.List(q).Items {
		if !c.PublishPrice && c.Price != 0 {
			t.Errorf("%d: a price on request is sent (%v)", c.ID, c.Price)
		}
	}
	if p, _ := ix.Property(302, "fr"); p.Price != 0 {
		t.Errorf("property page sends the hidden price %v", p.Price)
	}
	q.Desc, q.PriceMin, q.PriceMax = false, 1, 10_000_000
	if got := ids(ix.List(q)); !equal(got, []int64{312, 311, 313}) {
		t.Errorf("price range: %v", got)
	}
	q.PriceMin, q.PriceMax = 0, 0
	q.Page, q.PageSize = 2, 2
	if got := ids(ix.List(q)); !equal(got, []int64{313, 301}) {
		t.Errorf("page 2: %v", got)
	}
}

func equal(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A type and a city together name the list filtered by both, in either
// order and any language form; counted for that type in that city.
func TestResolveTypeAndCity(t *testing.T) {
	ix := fixture()
	count := func(goal int) int {
		q := NewQuery()
		q.Goal, q.City, q.TypeWebID = goal, "Arlon|6700", 2
		return ix.List(q).Total
	}
	want := Found{Kind: FoundTypeCity, TypeWebID: 2, City: "Arlon|6700", SaleCount: count(GoalSale), RentCount: count(GoalRent)}
	if want.SaleCount == 0 {
		t.Fatal("the fixture has no apartment for sale in Arlon")
	}
	for _, q := range []string{"appartement Arlon", "Arlon appartement", "apartment aarlen", "APARTMENT  Arel", "appartement 6700"} {
		if got := ix.Resolve(q); got != want {
			t.Errorf("Resolve(%q) = %+v, want %+v", q, got, want)
		}
	}
	for _, q := range []string{"appartement Namur", "château Arlon", "appartement maison"} {
		if got := ix.Resolve(q); got.Kind != FoundNothing {
			t.Errorf("Resolve(%q) = %+v, want nothing", q, got)
		}
	}
}

// A type typed in any of the four languages is suggested, named in the
// page's language (the fixture has no German name: French, Text.In's
// fallback).
func TestSuggestTypeInAnyLanguage(t *testing.T) {
	ix := fixture()
	for _, lang := range []string{"nl", "fr", "en", "de"} {
		for _, typed := range []string{"appartement", "apart", "Apartment"} {
			s := ix.Search(typed, lang)
			if len(s.Types) != 1 || s.Types[0].WebID != 2 {
				t.Errorf("%s: %q suggests %+v, want the apartment type", lang, typed, s.Types)
				continue
			}
			if wantLabel := map[string]string{"nl": "Appartement", "fr": "Appartement", "en": "Apartment", "de": "Appartement"}[lang]; s.Types[0].Label != wantLabel {
				t.Errorf("%s: labelled %q, want %q", lang, s.Types[0].Label, wantLabel)
			}
		}
	}
}
