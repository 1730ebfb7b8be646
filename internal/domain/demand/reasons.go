package demand

import (
	"slices"

	"immo/internal/domain/catalog"
)

// Criteria say which of a demand's criteria a property meets, each on its
// own: what an owner's portal counts as the reasons a property matches the
// registered demands, or does not (SPEC: counts with their reasons, never
// who registered them).
type Criteria struct {
	// Budget: the listed price is within the demand's price bounds (a
	// demand without bounds is met by any price; a price on request meets
	// no bound, as in Matches).
	Budget bool
	// Zone: the listing's postcode is in one of the demand's zones.
	Zone bool
	// Type: the listing's type is one the demand asks for.
	Type bool
	// Rooms: every room bound holds (bedrooms, garages, parkings,
	// bathrooms).
	Rooms bool
}

// Criteria are which of d's criteria p meets. The goal and the listing's
// availability are no criterion: they are whom the question is asked of
// (Tally counts the demands of p's goal). For an available listing of d's
// goal, Matches is all four criteria met.
func (d Demand) Criteria(p *catalog.Property) Criteria {
	c := Criteria{
		Type:   slices.Contains(d.Types, p.WebID),
		Zone:   slices.Contains(d.Zips, p.Postcode()),
		Budget: d.Price == (Range{}) || (p.PublishPrice && d.Price.holds(int64(p.Price))),
	}
	var rooms catalog.Rooms
	if p.Rooms != nil {
		rooms = *p.Rooms
	}
	c.Rooms = d.Bedrooms.holds(int64(rooms.Bedrooms)) && d.Garages.holds(int64(rooms.Garages)) &&
		d.Parkings.holds(int64(rooms.Parkings)) && int64(rooms.Bathrooms) >= d.BathroomsMin
	return c
}

// All tells every criterion met.
func (c Criteria) All() bool { return c.Budget && c.Zone && c.Type && c.Rooms }

// Tally is what an owner is told of the demands about their property: only
// counts.
type Tally struct {
	// Searching are the demands of the property's goal (to buy when it is
	// for sale, to rent when it is for rent): those the others count among.
	Searching int
	// Matching are those it matches now (Matches: every criterion, and
	// the listing available).
	Matching int
	// Budget, Zone, Type and Rooms are those that one criterion holds for,
	// whatever the others.
	Budget, Zone, Type, Rooms int
}

// TallyOf counts, among demands, those of p's goal, those p matches and
// those each criterion of p meets. Give it the active demands (Store.Active).
func TallyOf(demands []Demand, p *catalog.Property) Tally {
	var t Tally
	for i := range demands {
		d := &demands[i]
		if d.Goal != p.Goal {
			continue
		}
		t.Searching++
		c := d.Criteria(p)
		if c.Budget {
			t.Budget++
		}
		if c.Zone {
			t.Zone++
		}
		if c.Type {
			t.Type++
		}
		if c.Rooms {
			t.Rooms++
		}
		if p.Status == catalog.StatusAvailable && c.All() { // Matches, its criteria computed once
			t.Matching++
		}
	}
	return t
}
