package catalog

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"immo/internal/domain/rules"
)

// Index answers catalog queries from memory. It is built once per catalog
// version and never changed, so any number of requests may read it.
//
// Lists are answered without sorting at query time: each sort key has a
// precomputed order of row numbers, and a query walks that order (backwards
// for descending), testing a compact row per property. Over 100 000
// properties that is one linear pass over ~40 bytes a row.
type Index struct {
	version    int64
	properties []Property // without their details (details.go)
	details    [][]byte   // each property's details, deflated
	rows       []row
	byID       map[int64]int32
	orders     map[bucket]map[string][]row
	types      []PropertyType
	typeCounts [][2]int // per type: available for sale, for rent
	typeByWeb  map[int]int
	webBits    map[int]uint64
	projects   []Project
	projByID   map[int64]int
	cities     map[string][]City
	places     []string // interned place keys (PlaceKey); row.city points here
	placeNames []string // each place as its first listing spells it
	zips       []string // interned zips; row.zip points here
}

// bucket is the part of a query every list has: the state and the goal.
// Each bucket has its own orders, so an unfiltered list is a slice of one.
type bucket struct {
	sold bool
	goal int // GoalSale, GoalRent or AnyGoal
}

// row is the part of a property a list filter reads. Each order holds its
// own copy of the rows, so a filtered list reads memory sequentially.
type row struct {
	price    float64 // NaN when the price is not published: see hiddenPrice
	types    uint64  // bit per web id, see Index.webBits
	city     int32   // into Index.places
	zip      int32   // into Index.zips
	i        int32   // into Index.properties
	bedrooms int16
	goal     int8
	sold     bool
}

// NewIndex builds the index of c at version.
func NewIndex(c *Catalog, version int64) *Index {
	return newIndex(c, nil, version)
}

// newIndex builds the index of c at version; details, when not nil, are
// the properties' details already taken (patch keeps those of the
// listings it does not change: deflating them is most of a rebuild).
func newIndex(c *Catalog, details [][]byte, version int64) *Index {
	ix := &Index{
		version:   version,
		byID:      make(map[int64]int32, len(c.Properties)),
		typeByWeb: map[int]int{},
		webBits:   map[int]uint64{},
		projByID:  map[int64]int{},
	}
	ix.types = slices.Clone(c.Types)
	slices.SortFunc(ix.types, func(a, b PropertyType) int { return cmp.Compare(a.ShowOrder, b.ShowOrder) })
	for i, t := range ix.types {
		ix.typeByWeb[t.WebID] = i
	}
	ix.properties = slices.Clone(c.Properties)
	ix.details = details
	if details == nil {
		ix.details = make([][]byte, len(ix.properties))
		for i := range ix.properties {
			ix.details[i] = takeDetails(&ix.properties[i])
		}
	}
	ix.rows = make([]row, len(ix.properties))
	cities, zips := interner{}, interner{}
	typeRank := make([]int, len(ix.properties))
	cityName := make([]string, len(ix.properties))
	for i := range ix.properties {
		p := &ix.properties[i]
		ix.byID[p.ID] = int32(i)
		goal := int8(GoalSale)
		if !p.IsSale() {
			goal = GoalRent
		}
		price := p.Price
		if !p.PublishPrice {
			price = hiddenPrice
		}
		ix.rows[i] = row{
			goal: goal, sold: p.Status != StatusAvailable, bedrooms: int16(p.Bedrooms()),
			city: cities.id(PlaceKey(p.City)), zip: zips.id(p.Zip), types: ix.typeMask(p), price: price, i: int32(i),
		}
		if int(ix.rows[i].city) == len(ix.placeNames) {
			ix.placeNames = append(ix.placeNames, strings.TrimSpace(p.City))
		}
		typeRank[i] = ix.typeOrder(p.WebID)
		cityName[i] = rules.Fold(p.City)
	}
	ix.places, ix.zips = cities.list, zips.list
	byKey := map[string]func(a, b int32) int{
		SortDate: func(a, b int32) int { return ix.properties[a].DateCreated.Compare(ix.properties[b].DateCreated) },
		SortPrice: func(a, b int32) int {
			return comparePrice(ix.rows[a].price, ix.rows[b].price, false)
		},
		sortPriceDesc: func(a, b int32) int {
			return comparePrice(ix.rows[a].price, ix.rows[b].price, true)
		},
		SortType: func(a, b int32) int { return cmp.Compare(typeRank[a], typeRank[b]) },
		SortCity: func(a, b int32) int { return strings.Compare(cityName[a], cityName[b]) },
	}
	ix.orders = map[bucket]map[string][]row{}
	for key, compare := range byKey {
		all := ix.order(compare)
		for _, sold := range []bool{false, true} {
			for _, goal := range []int{AnyGoal, GoalSale, GoalRent} {
				b := bucket{sold, goal}
				if ix.orders[b] == nil {
					ix.orders[b] = map[string][]row{}
				}
				var rows []row
				for _, i := range all {
					if r := ix.rows[i]; r.sold == sold && (goal == AnyGoal || int(r.goal) == goal) {
						rows = append(rows, r)
					}
				}
				ix.orders[b][key] = rows
			}
		}
	}
	ix.projects = slices.Clone(c.Projects)
	for i, p := range ix.projects {
		ix.projByID[p.ID] = i
	}
	ix.cities = buildCities(ix.properties)
	ix.typeCounts = ix.countTypes()
	return ix
}

// hiddenPrice stands for a price the agency does not publish ("price on
// request"): it never matches a price range and sorts after every published
// price in both directions, so neither a filter nor an order reveals it.
var hiddenPrice = math.NaN()

// sortPriceDesc is the order of a descending price sort. It is its own
// order, walked forwards, because hidden prices go last both ways: the
// ascending order walked backwards would put them first.
const sortPriceDesc = "price-desc"

// comparePrice orders published prices (cheapest first, or dearest first
// when desc) before hidden ones, which tie (the ID then decides).
func comparePrice(a, b float64, desc bool) int {
	switch ha, hb := math.IsNaN(a), math.IsNaN(b); {
	case ha || hb:
		return cmp.Compare(btoi(ha), btoi(hb))
	case desc:
		return cmp.Compare(b, a)
	}
	return cmp.Compare(a, b)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// typeMask gives each distinct web id a bit; ids beyond 64 share the last
// bit and are checked exactly in matchesType.
func (ix *Index) typeMask(p *Property) uint64 {
	var mask uint64
	for _, id := range webIDs(p) {
		bit, ok := ix.webBits[id]
		if !ok {
			bit = 1 << min(len(ix.webBits), 63)
			ix.webBits[id] = bit
		}
		mask |= bit
	}
	return mask
}

func webIDs(p *Property) []int {
	ids := []int{p.WebID}
	for _, s := range strings.Split(p.WebIDs, ",") {
		if n, ok := atoi(strings.TrimSpace(s)); ok && n != p.WebID {
			ids = append(ids, n)
		}
	}
	return ids
}

func atoi(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' || n > 1e8 {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	return n, true
}

func (ix *Index) typeOrder(webID int) int {
	if i, ok := ix.typeByWeb[webID]; ok {
		return i
	}
	return len(ix.types)
}

// order sorts row numbers by compare, ties by ID, so pages never shuffle.
func (ix *Index) order(compare func(a, b int32) int) []int32 {
	o := make([]int32, len(ix.properties))
	for i := range o {
		o[i] = int32(i)
	}
	slices.SortFunc(o, func(a, b int32) int {
		if c := compare(a, b); c != 0 {
			return c
		}
		return cmp.Compare(ix.properties[a].ID, ix.properties[b].ID)
	})
	return o
}

// interner numbers distinct strings, so rows compare int32s, not strings.
type interner struct {
	ids  map[string]int32
	list []string
}

func (in *interner) id(s string) int32 {
	if id, ok := in.ids[s]; ok {
		return id
	}
	if in.ids == nil {
		in.ids = map[string]int32{}
	}
	id := int32(len(in.list))
	in.ids[s] = id
	in.list = append(in.list, s)
	return id
}

// Version is the catalog version the index was built from.
func (ix *Index) Version() int64 { return ix.version }

// TypeName returns the type's name in lang, "" when the web id is unknown.
func (ix *Index) TypeName(webID int, lang string) string {
	if i, ok := ix.typeByWeb[webID]; ok {
		return ix.types[i].Name.In(lang)
	}
	return ""
}

// List answers a validated query.
func (ix *Index) List(q Query) Page {
	items := make([]Card, 0, q.PageSize)
	total := ix.walk(q, func(p *Property) { items = append(items, p.Card(q.Lang, ix.TypeName)) })
	pages := (total + q.PageSize - 1) / q.PageSize
	return Page{Items: items, Total: total, Page: q.Page, Pages: pages}
}

// Markers are the map markers of the properties on q's page that have a
// position; href gives each its page.
func (ix *Index) Markers(q Query, href func(*Card) string) []Marker {
	out := []Marker{}
	ix.walk(q, func(p *Property) {
		pub := p.Public(q.Lang, ix.TypeName)
		if pub.Latitude == 0 && pub.Longitude == 0 {
			return
		}
		card := pub.card(p.SmallPictureItem, q.Lang)
		m := pub.Marker()
		m.Picture, m.Href = p.SmallPictureItem.Url, href(&card)
		out = append(out, m)
	})
	return out
}

// walk calls visit with each property on q's page, in q's order, and
// returns how many properties q matches in all.
func (ix *Index) walk(q Query, visit func(*Property)) int {
	order := ix.orders[bucket{q.State == StateSold, q.Goal}][q.Sort]
	if q.Sort == SortPrice && q.Desc {
		order, q.Desc = ix.orders[bucket{q.State == StateSold, q.Goal}][sortPriceDesc], false
	}
	// The rows before the page, computed so that no page number overflows:
	// a page past the last row skips them all.
	skip := len(order)
	if q.Page-1 <= len(order)/q.PageSize {
		skip = (q.Page - 1) * q.PageSize
	}
	at := func(k int) *row {
		if q.Desc {
			return &order[len(order)-1-k]
		}
		return &order[k]
	}
	f, ok := ix.filter(q)
	if !ok {
		for k := skip; k < min(len(order), skip+q.PageSize); k++ {
			visit(&ix.properties[at(k).i])
		}
		return len(order)
	}
	// Collect the matching rows of the page while counting them all; a row
	// beyond the page only costs the test.
	total, shown := 0, 0
	exactType := q.TypeWebID != 0 && len(ix.webBits) >= 64
	test := func(r *row) {
		if !f.match(r) || exactType && !ix.matchesType(r.i, q.TypeWebID) {
			return
		}
		if total >= skip && shown < q.PageSize {
			visit(&ix.properties[r.i])
			shown++
		}
		total++
	}
	if q.Desc {
		for k := len(order) - 1; k >= 0; k-- {
			test(&order[k])
		}
	} else {
		for k := range order {
			test(&order[k])
		}
	}
	return total
}

// filter is a query's conditions beyond state and goal, in row terms.
type filter struct {
	byCity, byZip      bool
	byPrice            bool
	city, zip          int32
	types              uint64
	priceMin, priceMax float64
	bedroomsMin        int16
}

func (f *filter) match(r *row) bool {
	return (!f.byCity || r.city == f.city) && (!f.byZip || r.zip == f.zip) &&
		(f.types == 0 || r.types&f.types != 0) &&
		(!f.byPrice || r.price >= f.priceMin && r.price <= f.priceMax) && r.bedrooms >= f.bedroomsMin
}

// filter translates q; ok is false when q filters nothing beyond its bucket.
func (ix *Index) filter(q Query) (f filter, ok bool) {
	cityName, zipText := CityFilter(q.City)
	if cityName == "" && zipText == "" && q.TypeWebID == 0 && q.PriceMin == 0 && q.PriceMax == 0 && q.BedroomsMin == 0 {
		return f, false
	}
	f = filter{byCity: cityName != "", byZip: zipText != "", byPrice: q.PriceMin > 0 || q.PriceMax > 0, city: -1, zip: -1,
		priceMin: q.PriceMin, priceMax: q.PriceMax, bedroomsMin: int16(min(q.BedroomsMin, 1<<15-1))}
	if f.byCity {
		f.city = int32(slices.Index(ix.places, PlaceKey(cityName)))
	}
	if f.byZip {
		f.zip = int32(slices.Index(ix.zips, zipText))
	}
	if q.PriceMax == 0 {
		f.priceMax = math.Inf(1)
	}
	if q.TypeWebID != 0 {
		f.types = ix.webBits[q.TypeWebID]
		if f.types == 0 { // no property has this type
			f.byCity, f.city = true, -1
		}
	}
	return f, true
}

// matchesType settles the rare case where the bit is shared by several ids
// (more than 64 distinct web ids).
func (ix *Index) matchesType(i int32, webID int) bool {
	return slices.Contains(webIDs(&ix.properties[i]), webID)
}

// Property returns the property with id in lang, whatever its status: the
// view decides what a sold or rented one shows.
func (ix *Index) Property(id int64, lang string) (PublicProperty, error) {
	i, ok := ix.byID[id]
	if !ok {
		return PublicProperty{}, ErrPropertyNotFound
	}
	p := withDetails(ix.properties[i], ix.details[i])
	return p.Public(lang, ix.TypeName).In(lang), nil
}

// Pictures are property id's gallery and large picture, only their
// addresses (the sitemap's images): read without inflating the page's
// details, which Property does.
func (ix *Index) Pictures(id int64) (gallery []Picture, large Picture, ok bool) {
	i, ok := ix.byID[id]
	if !ok {
		return nil, Picture{}, false
	}
	p := &ix.properties[i]
	for _, pic := range p.Pictures {
		gallery = append(gallery, Picture{Url: pic.Url})
	}
	return gallery, Picture{Url: p.XLargePictureItem.Url}, true
}

// Card returns the card of the property with id in lang, whatever its status.
func (ix *Index) Card(id int64, lang string) (Card, error) {
	i, ok := ix.byID[id]
	if !ok {
		return Card{}, ErrPropertyNotFound
	}
	return ix.properties[i].Card(lang, ix.TypeName), nil
}

// Similar returns up to n available properties like p: same goal, the same
// type or city, price close to p's; closest first.
func (ix *Index) Similar(id int64, n int, lang string) []Card {
	i, ok := ix.byID[id]
	if !ok {
		return nil
	}
	p, self := &ix.properties[i], ix.rows[i]
	type scored struct {
		i     int32
		score float64
	}
	var found []scored
	for j := range ix.rows {
		r := &ix.rows[j]
		if int32(j) == i || r.sold || r.goal != self.goal {
			continue
		}
		sameType, sameCity := r.types&self.types != 0, r.city == self.city
		if !sameType && !sameCity {
			continue
		}
		score := 0.0
		if sameType {
			score += 2
		}
		if sameCity {
			score++
		}
		if p.Price > 0 && !math.IsNaN(r.price) && !math.IsNaN(self.price) {
			diff := (r.price - p.Price) / p.Price
			score -= min(diff*diff*4, 2)
		}
		found = append(found, scored{int32(j), score})
	}
	slices.SortFunc(found, func(a, b scored) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(ix.properties[a.i].ID, ix.properties[b.i].ID)
	})
	out := make([]Card, 0, n)
	for _, s := range found[:min(n, len(found))] {
		out = append(out, ix.properties[s.i].Card(lang, ix.TypeName))
	}
	return out
}

// Projects returns the online projects, fit to show.
func (ix *Index) Projects() []PublicProject {
	out := make([]PublicProject, len(ix.projects))
	for i := range ix.projects {
		out[i] = ix.projects[i].Public()
	}
	return out
}

// Project returns one project.
func (ix *Index) Project(id int64) (PublicProject, error) {
	i, ok := ix.projByID[id]
	if !ok {
		return PublicProject{}, ErrProjectNotFound
	}
	return ix.projects[i].Public(), nil
}
