package catalog

import (
	"math"
	"slices"
	"testing"
	"time"
)

var day0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func fixtureTypes() []PropertyType {
	return []PropertyType{
		{ID: 1, WebID: 1, ShowOrder: 1, Sale: true, Rent: true, Name: Text{"fr": "Villa/Maison/Ferme", "nl": "Villa/Huis/Hoeve", "en": "Villa/House/Farm"}},
		{ID: 2, WebID: 2, ShowOrder: 2, Sale: true, Rent: true, Name: Text{"fr": "Appartement", "nl": "Appartement", "en": "Apartment"}},
		{ID: 7, WebID: 7, ShowOrder: 7, Sale: true, Rent: true, Name: Text{"fr": "Garage/parking", "nl": "Garage/parking", "en": "Garage/parking"}},
	}
}

func prop(id int64, goal, web int, price float64, city, zip string, beds, ageDays int) Property {
	return Property{
		ID: id, Goal: goal, WebID: web, WebIDs: "", Price: price, PublishPrice: true, City: city, Zip: zip,
		Status: StatusAvailable, PublishAddress: true, Street: "Grand-Rue", HouseNumber: "1",
		Rooms: &Rooms{Bedrooms: beds}, DateCreated: day0.AddDate(0, 0, ageDays),
		Title: Text{"fr": "Bien", "en": "Home"},
	}
}

func fixture() *Index {
	ps := []Property{
		prop(101, GoalSale, 1, 350000, "Arlon", "6700", 3, 1),
		prop(102, GoalSale, 2, 210000, "Arlon", "6700", 2, 2),
		prop(103, GoalSale, 1, 495000, "Étalle", "6740", 4, 3),
		prop(104, GoalSale, 7, 25000, "Etalle", "6740", 0, 4),
		prop(105, GoalRent, 2, 850, "Arlon", "6700", 1, 5),
		prop(106, GoalRent, 1, 1500, "Messancy", "6780", 3, 6),
		prop(107, GoalSale, 2, 199000, "Arlon", "6700", 2, 7),
		prop(108, GoalRent, 2, 900, "arlon", "6700", 2, 8),
	}
	sold := prop(201, GoalSale, 1, 300000, "Arlon", "6700", 3, 0)
	sold.Status = StatusSold
	rented := prop(202, GoalRent, 2, 700, "Arlon", "6700", 1, 0)
	rented.Status = StatusRented
	hidden := prop(109, GoalSale, 1, 410000, "Attert", "6717", 3, 9)
	hidden.PublishAddress, hidden.Latitude, hidden.Longitude = false, 49.74567, 5.78912
	hidden.WebIDs = "1,2"
	ps = append(ps, sold, rented, hidden)
	return NewIndex(&Catalog{Types: fixtureTypes(), Properties: ps}, 3)
}

func ids(p Page) []int64 {
	out := []int64{}
	for _, c := range p.Items {
		out = append(out, c.ID)
	}
	return out
}

func TestListFilters(t *testing.T) {
	ix := fixture()
	q := func(mod func(*Query)) Query {
		q := NewQuery()
		q.Sort, q.Desc = SortPrice, false
		mod(&q)
		if err := q.Validate(); err != nil {
			t.Fatal(err)
		}
		return q
	}
	tests := []struct {
		name  string
		query Query
		want  []int64
	}{
		{"sale", q(func(q *Query) { q.Goal = GoalSale }), []int64{104, 107, 102, 101, 109, 103}},
		{"rent", q(func(q *Query) { q.Goal = GoalRent }), []int64{105, 108, 106}},
		{"sold and rented", q(func(q *Query) { q.State = StateSold }), []int64{202, 201}},
		{"city name and zip, any case", q(func(q *Query) { q.Goal = GoalRent; q.City = "ARLON|6700" }), []int64{105, 108}},
		{"city name ignores accents", q(func(q *Query) { q.City = "etalle" }), []int64{104, 103}},
		{"zip alone", q(func(q *Query) { q.City = "6740" }), []int64{104, 103}},
		{"city with wrong zip", q(func(q *Query) { q.City = "Arlon|6740" }), []int64{}},
		{"unknown city", q(func(q *Query) { q.City = "Namur" }), []int64{}},
		{"type by web id", q(func(q *Query) { q.Goal = GoalSale; q.TypeWebID = 2 }), []int64{107, 102, 109}},
		{"price range inclusive", q(func(q *Query) { q.PriceMin = 199000; q.PriceMax = 350000 }), []int64{107, 102, 101}},
		{"bedrooms min", q(func(q *Query) { q.Goal = GoalSale; q.BedroomsMin = 3 }), []int64{101, 109, 103}},
		{"price desc", q(func(q *Query) { q.Goal = GoalRent; q.Desc = true }), []int64{106, 108, 105}},
		{"date desc", q(func(q *Query) { q.Goal = GoalRent; q.Sort = SortDate; q.Desc = true }), []int64{108, 106, 105}},
		{"city asc, ties by id", q(func(q *Query) { q.Goal = GoalRent; q.Sort = SortCity }), []int64{105, 108, 106}},
		{"type asc", q(func(q *Query) { q.Goal = GoalSale; q.Sort = SortType }), []int64{101, 103, 109, 102, 107, 104}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ix.List(tt.query)
			if !slices.Equal(ids(got), tt.want) {
				t.Fatalf("got %v, want %v", ids(got), tt.want)
			}
			if got.Total != len(tt.want) {
				t.Fatalf("total %d, want %d", got.Total, len(tt.want))
			}
		})
	}
}

func TestListPaging(t *testing.T) {
	ix := fixture()
	q := NewQuery()
	q.Goal, q.Sort, q.Desc, q.PageSize = GoalSale, SortPrice, false, 4
	first := ix.List(q)
	if first.Total != 6 || first.Pages != 2 || len(first.Items) != 4 || first.Page != 1 {
		t.Fatalf("first page %+v", first)
	}
	q.Page = 2
	second := ix.List(q)
	if !slices.Equal(ids(second), []int64{109, 103}) || second.Pages != 2 {
		t.Fatalf("second page %v", ids(second))
	}
	q.Page = 3
	if beyond := ix.List(q); len(beyond.Items) != 0 || beyond.Total != 6 {
		t.Fatalf("page beyond the end %+v", beyond)
	}
	// Found by FuzzResolve: the page's offset overflowed and panicked.
	for _, page := range []int{math.MaxInt, math.MaxInt/4 + 1} {
		for _, filtered := range []bool{false, true} {
			q.Page, q.BedroomsMin = page, 0
			if filtered {
				q.BedroomsMin = 1
			}
			if far := ix.List(q); len(far.Items) != 0 || far.Page != page {
				t.Fatalf("page %d (filtered %v): %+v", page, filtered, far)
			}
		}
	}
}

func TestQueryValidateNamesParameter(t *testing.T) {
	tests := []struct {
		field string
		mod   func(*Query)
	}{
		{"goal", func(q *Query) { q.Goal = 5 }},
		{"state", func(q *Query) { q.State = "gone" }},
		{"sort", func(q *Query) { q.Sort = "size" }},
		{"priceMin", func(q *Query) { q.PriceMin = -1 }},
		{"priceMin", func(q *Query) { q.PriceMin, q.PriceMax = 10, 5 }},
		{"priceMax", func(q *Query) { q.PriceMax = -1 }},
		// Found by FuzzListQuery: ?priceMin=Inf was accepted.
		{"priceMin", func(q *Query) { q.PriceMin = math.Inf(1) }},
		{"priceMax", func(q *Query) { q.PriceMax = math.Inf(1) }},
		{"priceMax", func(q *Query) { q.PriceMax = math.NaN() }},
		{"bedroomsMin", func(q *Query) { q.BedroomsMin = -2 }},
		{"page", func(q *Query) { q.Page = 0 }},
		{"pageSize", func(q *Query) { q.PageSize = MaxPageSize + 1 }},
		{"pageSize", func(q *Query) { q.PageSize = 0 }},
		// Bounds that keep (page-1)×pageSize and the filters overflow-free.
		{"page", func(q *Query) { q.Page = MaxPage + 1 }},
		{"page", func(q *Query) { q.Page = math.MaxInt }},
		{"priceMin", func(q *Query) { q.PriceMin = math.NaN() }},
		{"priceMin", func(q *Query) { q.PriceMin = math.Inf(1) }},
		{"priceMax", func(q *Query) { q.PriceMax = MaxPrice * 2 }},
		{"bedroomsMin", func(q *Query) { q.BedroomsMin = MaxBedrooms + 1 }},
		{"type", func(q *Query) { q.TypeWebID = MaxTypeWebID + 1 }},
	}
	for _, tt := range tests {
		q := NewQuery()
		tt.mod(&q)
		err := q.Validate()
		e, ok := err.(interface{ Error() string })
		if !ok || err == nil {
			t.Fatalf("%s: no error", tt.field)
		}
		if got := Invalid(tt.field, "").Error(); len(e.Error()) < len(tt.field) || e.Error()[:len(tt.field)] != got[:len(tt.field)] {
			t.Errorf("error %q does not name %s", e.Error(), tt.field)
		}
	}
	if err := NewQuery().Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestPropertyHidesPrivateAddress(t *testing.T) {
	ix := fixture()
	p, err := ix.Property(109, "en")
	if err != nil {
		t.Fatal(err)
	}
	if p.Street != "" || p.HouseNumber != "" || p.Latitude != 49.75 || p.Longitude != 5.79 {
		t.Fatalf("private address leaked: %q %q %v %v", p.Street, p.HouseNumber, p.Latitude, p.Longitude)
	}
	if p.TypeDescription != "Villa/House/Farm" {
		t.Fatalf("type not localised: %q", p.TypeDescription)
	}
	if _, err := ix.Property(999, "en"); err != ErrPropertyNotFound {
		t.Fatalf("missing property: %v", err)
	}
	if sold, err := ix.Property(201, "fr"); err != nil || sold.Status != StatusSold {
		t.Fatalf("sold property must still resolve: %v %v", sold.Status, err)
	}
}

func TestSimilar(t *testing.T) {
	ix := fixture()
	got := ix.Similar(101, 3, "fr")
	want := []int64{109, 103, 102} // the closer price wins among same-city apartments
	var gotIDs []int64
	for _, c := range got {
		gotIDs = append(gotIDs, c.ID)
		if c.Goal != GoalSale || c.Status != StatusAvailable || c.ID == 101 {
			t.Fatalf("unexpected similar %+v", c)
		}
	}
	if !slices.Equal(gotIDs, want) {
		t.Fatalf("similar = %v, want %v", gotIDs, want)
	}
}

func TestCitiesDerivedCounts(t *testing.T) {
	ix := fixture()
	all := ix.Cities(CitiesAll)
	byName := map[string]City{}
	for _, c := range all {
		byName[c.Zip] = c
	}
	if len(all) != 4 {
		t.Fatalf("all cities: %+v", all)
	}
	if a := byName["6700"]; a.PropertyCount != 5 || a.SaleCount != 3 || a.RentCount != 2 {
		t.Fatalf("Arlon counts (case-insensitive merge): %+v", a)
	}
	if e := byName["6740"]; e.PropertyCount != 2 || e.SaleCount != 2 || e.RentCount != 0 {
		t.Fatalf("Étalle counts (accent-insensitive merge): %+v", e)
	}
	if rent := ix.Cities(CitiesRent); len(rent) != 2 || rent[0].Name != "Arlon" || rent[0].PropertyCount != 2 {
		t.Fatalf("rent cities: %+v", rent)
	}
	if ix.Cities("nope") != nil {
		t.Fatal("unknown list must be nil")
	}
}

func TestTypesCounts(t *testing.T) {
	got := fixture().Types("en")
	if len(got) != 3 || got[0].Label != "Villa/House/Farm" {
		t.Fatalf("types %+v", got)
	}
	// 101, 103, 109 for sale; 106 for rent; the sold 201 does not count.
	if got[0].SaleCount != 3 || got[0].RentCount != 1 {
		t.Fatalf("house counts %+v", got[0])
	}
	// 109 lists web ids 1,2, so it counts as an apartment too.
	if got[1].SaleCount != 3 || got[1].RentCount != 2 {
		t.Fatalf("apartment counts %+v", got[1])
	}
}

func TestSearch(t *testing.T) {
	ix := fixture()
	if s := ix.Search("  ", "fr"); len(s.Types)+len(s.Cities)+len(s.Properties) != 0 {
		t.Fatalf("empty query must return nothing: %+v", s)
	}
	s := ix.Search("eta", "fr")
	if len(s.Cities) != 1 || s.Cities[0].Zip != "6740" {
		t.Fatalf("accent-free city match: %+v", s.Cities)
	}
	if s := ix.Search("67", "fr"); len(s.Cities) != 4 {
		t.Fatalf("zip prefix: %+v", s.Cities)
	}
	if s := ix.Search("maison", "fr"); len(s.Types) != 1 || s.Types[0].WebID != 1 {
		t.Fatalf("type by a word of its name: %+v", s.Types)
	}
	if s := ix.Search("house", "en"); len(s.Types) != 1 {
		t.Fatalf("type in English: %+v", s.Types)
	}
	// Nine available IDs start with 10 (101–109); a group stops at the limit.
	if s := ix.Search("10", "fr"); len(s.Properties) != SuggestLimit {
		t.Fatalf("id prefix: %d suggestions, want %d", len(s.Properties), SuggestLimit)
	}
	if s := ix.Search("105", "fr"); len(s.Properties) != 1 || s.Properties[0].ID != 105 {
		t.Fatalf("exact id: %+v", s.Properties)
	}
	if s := ix.Search("201", "fr"); len(s.Properties) != 0 {
		t.Fatal("a sold property is not suggested")
	}
	if s := ix.Search("arlno", "fr"); len(s.Cities) != 0 {
		t.Fatal("no fuzzy matching")
	}
}

func TestTotals(t *testing.T) {
	sale, rent := fixture().Totals()
	if sale != 6 || rent != 3 {
		t.Fatalf("totals %d %d", sale, rent)
	}
}

func TestProjectHidesPrivateAddress(t *testing.T) {
	ix := NewIndex(&Catalog{Projects: []Project{
		{ID: 1, Street: "Rue X", HouseNumber: "3", PublicAddress: false, Latitude: 49.68321},
		{ID: 2, Street: "Rue Y", HouseNumber: "4", PublicAddress: true},
	}}, 1)
	p, err := ix.Project(1)
	if err != nil || p.Street != "" || p.HouseNumber != "" {
		t.Fatalf("private project address leaked: %+v %v", p, err)
	}
	if all := ix.Projects(); all[0].Street != "" || all[1].Street != "Rue Y" {
		t.Fatalf("projects list: %+v", all)
	}
}

// Modified is the feed's DateModified, else its DateCreated.
func TestModified(t *testing.T) {
	created := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	changed := created.Add(48 * time.Hour)
	ix := NewIndex(&Catalog{Properties: []Property{
		{ID: 1, DateCreated: created, DateModified: changed, Status: StatusAvailable},
		{ID: 2, DateCreated: created, Status: StatusAvailable},
		{ID: 3, Status: StatusAvailable},
	}}, 1)
	for _, tc := range []struct {
		id   int64
		want time.Time
		ok   bool
	}{{1, changed, true}, {2, created, true}, {3, time.Time{}, false}, {4, time.Time{}, false}} {
		if got, ok := ix.Modified(tc.id); !got.Equal(tc.want) || ok != tc.ok {
			t.Errorf("%d: %v %v, want %v %v", tc.id, got, ok, tc.want, tc.ok)
		}
	}
}
