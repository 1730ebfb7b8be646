package demand

import (
	"math/rand/v2"
	"testing"

	"immo/internal/domain/catalog"
)

// Each criterion on its own: the house of TestMatches against demands that
// differ from an all-met one by one criterion.
func TestCriteria(t *testing.T) {
	base := Demand{Goal: catalog.GoalSale, Types: []int{1, 2}, Zips: []string{"BE-6700", "LU-1930"}}
	all := Criteria{Budget: true, Zone: true, Type: true, Rooms: true}
	for _, tc := range []struct {
		name string
		d    func(Demand) Demand
		p    func(*catalog.Property)
		want Criteria
	}{
		{"everything", nil, nil, all},
		{"no budget: any price", func(d Demand) Demand { d.Price = Range{}; return d }, nil, all},
		{"within budget", func(d Demand) Demand { d.Price = Range{250000, 300000}; return d }, nil, all},
		{"over budget", func(d Demand) Demand { d.Price = Range{Max: 299999}; return d }, nil, Criteria{Zone: true, Type: true, Rooms: true}},
		{"under the minimum", func(d Demand) Demand { d.Price = Range{Min: 300001}; return d }, nil, Criteria{Zone: true, Type: true, Rooms: true}},
		{"price on request meets no budget", func(d Demand) Demand { d.Price = Range{Max: 1e6}; return d },
			func(p *catalog.Property) { p.PublishPrice = false }, Criteria{Zone: true, Type: true, Rooms: true}},
		{"another zone", nil, func(p *catalog.Property) { p.Zip = "6600" }, Criteria{Budget: true, Type: true, Rooms: true}},
		{"Zaventem is not Luxembourg City", func(d Demand) Demand { d.Zips = []string{"LU-1930"}; return d },
			func(p *catalog.Property) { p.Zip = "1930" }, Criteria{Budget: true, Type: true, Rooms: true}},
		{"another type", nil, func(p *catalog.Property) { p.WebID = 4 }, Criteria{Budget: true, Zone: true, Rooms: true}},
		{"too few bedrooms", func(d Demand) Demand { d.Bedrooms = Range{Min: 4}; return d }, nil, Criteria{Budget: true, Zone: true, Type: true}},
		{"too many bedrooms", func(d Demand) Demand { d.Bedrooms = Range{Max: 2}; return d }, nil, Criteria{Budget: true, Zone: true, Type: true}},
		{"a garage too few", func(d Demand) Demand { d.Garages = Range{Min: 2}; return d }, nil, Criteria{Budget: true, Zone: true, Type: true}},
		{"no parking", func(d Demand) Demand { d.Parkings = Range{Min: 1}; return d }, nil, Criteria{Budget: true, Zone: true, Type: true}},
		{"a bathroom too few", func(d Demand) Demand { d.BathroomsMin = 2; return d }, nil, Criteria{Budget: true, Zone: true, Type: true}},
		{"rooms unknown", func(d Demand) Demand { d.Bedrooms = Range{Min: 1}; return d }, func(p *catalog.Property) { p.Rooms = nil },
			Criteria{Budget: true, Zone: true, Type: true}},
		{"nothing", func(d Demand) Demand { d.Price, d.BathroomsMin = Range{Max: 1000}, 5; return d },
			func(p *catalog.Property) { p.Zip, p.WebID = "6600", 4 }, Criteria{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, p := base, house()
			if tc.d != nil {
				d = tc.d(d)
			}
			if tc.p != nil {
				tc.p(p)
			}
			if got := d.Criteria(p); got != tc.want {
				t.Fatalf("Criteria = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// For an available listing of the demand's goal, Matches is every
// criterion met: over random demands and listings.
func TestCriteriaAgreeWithMatches(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pick := func(n int) int64 { return int64(r.IntN(n)) }
	for range 20000 {
		d := Demand{Goal: catalog.GoalSale, Types: []int{1 + r.IntN(3)}, Zips: []string{[]string{"BE-6700", "LU-1930", "BE-1930"}[r.IntN(3)]},
			Price: Range{pick(3) * 100000, pick(4) * 100000}, Bedrooms: Range{pick(4), pick(4)}, Garages: Range{pick(2), pick(3)},
			Parkings: Range{pick(2), pick(3)}, BathroomsMin: pick(3)}
		p := house()
		p.WebID, p.Zip, p.Price, p.PublishPrice = 1+r.IntN(3), []string{"6700", "1930"}[r.IntN(2)], float64(pick(5)*75000), r.IntN(4) > 0
		p.CountryID = []int{catalog.CountryBelgium, catalog.CountryLuxembourg}[r.IntN(2)]
		p.Rooms = &catalog.Rooms{Bedrooms: r.IntN(5), Garages: r.IntN(3), Parkings: r.IntN(3), Bathrooms: r.IntN(3)}
		if r.IntN(10) == 0 {
			p.Rooms = nil
		}
		if got, want := d.Criteria(p).All(), d.Matches(p); got != want {
			t.Fatalf("Criteria %+v all %v, Matches %v\ndemand %+v\nlisting %+v %+v", d.Criteria(p), got, want, d, p, p.Rooms)
		}
	}
}

func TestTallyOf(t *testing.T) {
	p := house()
	demands := []Demand{
		{Goal: catalog.GoalSale, Types: []int{1}, Zips: []string{"BE-6700"}},                                 // matches
		{Goal: catalog.GoalSale, Types: []int{1}, Zips: []string{"BE-6700"}, Price: Range{Max: 200000}},      // budget no
		{Goal: catalog.GoalSale, Types: []int{2}, Zips: []string{"BE-6600"}, Bedrooms: Range{Min: 4}},        // budget only
		{Goal: catalog.GoalSale, Types: []int{1}, Zips: []string{"BE-6600"}, Price: Range{Min: 100000}},      // zone no
		{Goal: catalog.GoalRent, Types: []int{1}, Zips: []string{"BE-6700"}},                                 // another goal
		{Goal: catalog.GoalSale, Types: []int{1, 2}, Zips: []string{"BE-6700", "LU-1930"}, BathroomsMin: 1},  // matches
		{Goal: catalog.GoalSale, Types: []int{2}, Zips: []string{"BE-6700"}, Garages: Range{Min: 1, Max: 1}}, // type no
	}
	want := Tally{Searching: 6, Matching: 2, Budget: 5, Zone: 4, Type: 4, Rooms: 5}
	if got := TallyOf(demands, p); got != want {
		t.Fatalf("TallyOf = %+v, want %+v", got, want)
	}
	p.Status = catalog.StatusSold // sold: nothing matches, the criteria still say why
	want.Matching = 0
	if got := TallyOf(demands, p); got != want {
		t.Fatalf("sold: TallyOf = %+v, want %+v", got, want)
	}
	if got := TallyOf(nil, p); got != (Tally{}) {
		t.Fatalf("no demand: %+v", got)
	}
}
