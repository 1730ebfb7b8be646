package demand

import (
	"slices"
	"testing"
	"time"

	"immo/internal/domain/catalog"
)

func listing(id int64, price float64, mod func(*catalog.Property)) *catalog.Property {
	p := house()
	p.ID, p.Price = id, price
	if mod != nil {
		mod(p)
	}
	return p
}

func TestChanges(t *testing.T) {
	hidden := func(p *catalog.Property) { p.PublishPrice = false }
	sold := func(p *catalog.Property) { p.Status = catalog.StatusSold }
	props := []*catalog.Property{
		listing(1, 300000, nil),    // new
		listing(2, 250000, nil),    // cheaper (was 260 000)
		listing(3, 280000, nil),    // dearer (was 270 000)
		listing(4, 200000, nil),    // unchanged
		listing(5, 100000, hidden), // price hidden now: remembered as 0, no news
		listing(6, 90000, nil),     // was hidden, published now: remembered, no news
		listing(7, 100000, sold),   // not available: ignored
		listing(8, 99999.6, nil),   // cheaper by rounding? 100 000 → 100 000: unchanged
	}
	seen := map[int64]Seen{2: {2, 260000}, 3: {3, 270000}, 4: {4, 200000}, 5: {5, 120000}, 6: {6, 0}, 7: {7, 500000}, 8: {8, 100000}}
	news, remember := Changes(slices.Values(props), seen, false)
	want := []News{{Property: props[0], Reason: ReasonNew}, {Property: props[1], Reason: ReasonCheaper, Was: 260000}}
	if !slices.Equal(news, want) {
		t.Errorf("news = %+v, want %+v", news, want)
	}
	wantRemember := []Seen{{1, 300000}, {2, 250000}, {3, 280000}, {5, 0}, {6, 90000}}
	if !slices.Equal(remember, wantRemember) {
		t.Errorf("remember = %+v, want %+v", remember, wantRemember)
	}

	// The first scan remembers what is online and announces nothing.
	news, remember = Changes(slices.Values(props), map[int64]Seen{}, true)
	if len(news) != 0 || len(remember) != 7 {
		t.Errorf("baseline: %d news, %d remembered; want 0, 7", len(news), len(remember))
	}
}

func TestAlerts(t *testing.T) {
	at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	base := Demand{Goal: catalog.GoalSale, Types: []int{1}, Zips: []string{"BE-6700"}, Confirmed: at.Add(-time.Hour)}
	d1 := base
	d1.ID = 1
	d2 := base // confirmed after the news was found: the listing was online for it
	d2.ID, d2.Confirmed = 2, at.Add(time.Second)
	d3 := base // paused
	d3.ID, d3.Paused = 3, true
	d4 := base // not confirmed
	d4.ID, d4.Confirmed = 4, time.Time{}
	d5 := base // a budget the cheaper listing now fits
	d5.ID, d5.Price = 5, Range{Max: 250000}
	news := []News{{Property: listing(10, 300000, nil), Reason: ReasonNew},
		{Property: listing(11, 250000, nil), Reason: ReasonCheaper, Was: 260000},
		{Property: listing(12, 250000, func(p *catalog.Property) { p.Zip = "6600" }), Reason: ReasonNew}}
	got := Alerts([]Demand{d1, d2, d3, d4, d5}, news, at)
	want := []Alert{{1, 10, ReasonNew, 0}, {1, 11, ReasonCheaper, 260000}, {5, 11, ReasonCheaper, 260000}}
	if !slices.Equal(got, want) {
		t.Errorf("Alerts = %+v, want %+v", got, want)
	}
}

func TestCompose(t *testing.T) {
	d := Demand{Goal: catalog.GoalSale, Types: []int{1}, Zips: []string{"BE-6700"}}
	t0 := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	props := map[int64]*catalog.Property{
		1: listing(1, 300000, nil),
		2: listing(2, 250000, nil),
		3: listing(3, 250000, func(p *catalog.Property) { p.Status = catalog.StatusSold }),
		4: listing(4, 270000, nil), // its price went up again past the drop
	}
	lookup := func(id int64) (*catalog.Property, bool) { p, ok := props[id]; return p, ok }
	pending := []Pending{
		{Property: 1, Reason: ReasonNew, At: t0},
		{Property: 2, Reason: ReasonCheaper, Was: 260000, At: t0.Add(time.Hour)},
		{Property: 3, Reason: ReasonNew, At: t0},
		{Property: 4, Reason: ReasonCheaper, Was: 260000, At: t0},
		{Property: 9, Reason: ReasonNew, At: t0}, // offline
	}
	got := Compose(d, pending, lookup)
	want := []Item{{props[2], ReasonCheaper, 260000}, {props[1], ReasonNew, 0}}
	if !slices.Equal(got, want) {
		t.Errorf("Compose = %+v, want %+v", got, want)
	}
}

func TestCount(t *testing.T) {
	d := Demand{Goal: catalog.GoalSale, Types: []int{1}, Zips: []string{"BE-6700"}, Confirmed: time.Now()}
	paused, other, pending := d, d, d
	paused.Paused = true
	other.Goal = catalog.GoalRent
	pending.Confirmed = time.Time{}
	if n := Count([]Demand{d, d, paused, other, pending}, house()); n != 2 {
		t.Errorf("Count = %d, want 2", n)
	}
}
