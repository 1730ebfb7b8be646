package demand

import (
	"maps"
	"slices"
	"testing"

	"immo/internal/domain/catalog"
	"immo/internal/domain/field"
)

func house() *catalog.Property {
	return &catalog.Property{ID: 1, Goal: catalog.GoalSale, WebID: 1, Zip: "6700", City: "Arlon", CountryID: catalog.CountryBelgium, Price: 300000,
		PublishPrice: true, Status: catalog.StatusAvailable, Rooms: &catalog.Rooms{Bedrooms: 3, Bathrooms: 1, Garages: 1}}
}

func TestMatches(t *testing.T) {
	base := Demand{Goal: catalog.GoalSale, Types: []int{1, 2}, Zips: []string{"BE-6700", "BE-6720", "LU-1930"}}
	for _, tc := range []struct {
		name  string
		d     func(Demand) Demand
		p     func(*catalog.Property)
		match bool
	}{
		{"no bounds", nil, nil, true},
		{"other goal", nil, func(p *catalog.Property) { p.Goal = catalog.GoalRent }, false},
		{"sold", nil, func(p *catalog.Property) { p.Status = catalog.StatusSold }, false},
		{"other type", nil, func(p *catalog.Property) { p.WebID = 4 }, false},
		{"other zone", nil, func(p *catalog.Property) { p.Zip = "6600" }, false},
		{"in Luxembourg", nil, func(p *catalog.Property) { p.Zip, p.CountryID = "1930", catalog.CountryLuxembourg }, true},
		{"the same code in Belgium (Zaventem) is not Luxembourg City", nil, func(p *catalog.Property) { p.Zip = "1930" }, false},
		{"a feed without a country is Belgian", nil, func(p *catalog.Property) { p.CountryID = 0 }, true},
		{"another country", nil, func(p *catalog.Property) { p.CountryID = 99 }, false},
		{"within budget", func(d Demand) Demand { d.Price = Range{250000, 300000}; return d }, nil, true},
		{"above budget", func(d Demand) Demand { d.Price = Range{0, 299999}; return d }, nil, false},
		{"below minimum", func(d Demand) Demand { d.Price = Range{Min: 300001}; return d }, nil, false},
		{"price on request, no budget", nil, func(p *catalog.Property) { p.PublishPrice = false }, true},
		{"price on request, a budget", func(d Demand) Demand { d.Price = Range{0, 1e6}; return d }, func(p *catalog.Property) { p.PublishPrice = false }, false},
		{"bedrooms in range", func(d Demand) Demand { d.Bedrooms = Range{2, 3}; return d }, nil, true},
		{"too few bedrooms", func(d Demand) Demand { d.Bedrooms = Range{Min: 4}; return d }, nil, false},
		{"unknown rooms fail a minimum", func(d Demand) Demand { d.Bedrooms = Range{Min: 1}; return d }, func(p *catalog.Property) { p.Rooms = nil }, false},
		{"unknown rooms pass a maximum", func(d Demand) Demand { d.Garages = Range{Max: 2}; return d }, func(p *catalog.Property) { p.Rooms = nil }, true},
		{"bathrooms", func(d Demand) Demand { d.BathroomsMin = 2; return d }, nil, false},
		{"parkings", func(d Demand) Demand { d.Parkings = Range{Min: 1}; return d }, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, p := base, house()
			if tc.d != nil {
				d = tc.d(d)
			}
			if tc.p != nil {
				tc.p(p)
			}
			if got := d.Matches(p); got != tc.match {
				t.Fatalf("Matches = %v, want %v", got, tc.match)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	good := Demand{Goal: catalog.GoalRent, Types: []int{2}, Zips: []string{"BE-6700"}, Price: Range{500, 900}}
	for _, tc := range []struct {
		name   string
		change func(*Demand)
		want   field.Errors
	}{
		{"valid", func(*Demand) {}, field.Errors{}},
		{"no type", func(d *Demand) { d.Types = nil }, field.Errors{"types": field.KeyTypes}},
		{"no zone", func(d *Demand) { d.Zips = nil }, field.Errors{"zips": field.KeyZones}},
		{"bad zone", func(d *Demand) { d.Zips = []string{"BE-67000"} }, field.Errors{"zips": field.KeyZones}},
		{"a code without its country", func(d *Demand) { d.Zips = []string{"6700"} }, field.Errors{"zips": field.KeyZones}},
		{"goal", func(d *Demand) { d.Goal = 7 }, field.Errors{"goal": field.KeyChoice}},
		{"min above max", func(d *Demand) { d.Price = Range{900, 500}; d.Bedrooms = Range{3, 2} },
			field.Errors{"priceMax": field.KeyRange, "bedroomsMax": field.KeyRange}},
		{"min without max", func(d *Demand) { d.Price = Range{Min: 900} }, field.Errors{}},
		// Each bound flagged on its own field: a negative minimum leaves
		// the empty maximum alone.
		{"negative", func(d *Demand) { d.Garages = Range{-1, 0}; d.BathroomsMin = -1 },
			field.Errors{"garagesMin": field.KeyNumber, "bathroomsMin": field.KeyNumber}},
		{"negative maximum", func(d *Demand) { d.Parkings = Range{1, -2} },
			field.Errors{"parkingsMax": field.KeyNumber}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := good
			tc.change(&d)
			got := d.Validate()
			if !maps.Equal(got, tc.want) {
				t.Fatalf("Validate() = %v, want %v", got, tc.want)
			}
			for _, k := range got {
				if !slices.Contains(field.Keys, k) {
					t.Errorf("key %q not in field.Keys", k)
				}
			}
		})
	}
}
