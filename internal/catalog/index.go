package catalog

import (
	"cmp"
	"slices"
	"strings"

	"immo/internal/rules"
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
	properties []Property
	rows       []row
	byID       map[int64]int32
	orders     map[string][]int32
	types      []PropertyType
	typeCounts [][2]int // per type: available for sale, for rent
	typeByWeb  map[int]int
	webBits    map[int]uint64
	projects   []Project
	projByID   map[int64]int
	cities     map[string][]City
	cityFold   []string // interned folded city names; row.city points here
}

// row is the part of a property a list filter reads.
type row struct {
	goal     int8
	sold     bool
	bedrooms int16
	city     int32 // into Index.cityFold
	zip      string
	types    uint64 // bit per web id, see Index.webBits
	price    float64
}

// NewIndex builds the index of c at version.
func NewIndex(c *Catalog, version int64) *Index {
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
	ix.rows = make([]row, len(ix.properties))
	cityIDs := map[string]int32{}
	for i := range ix.properties {
		p := &ix.properties[i]
		ix.byID[p.ID] = int32(i)
		folded := rules.Fold(p.City)
		id, ok := cityIDs[folded]
		if !ok {
			id = int32(len(ix.cityFold))
			cityIDs[folded] = id
			ix.cityFold = append(ix.cityFold, folded)
		}
		goal := int8(GoalSale)
		if !p.IsSale() {
			goal = GoalRent
		}
		ix.rows[i] = row{
			goal: goal, sold: p.Status != StatusAvailable, bedrooms: int16(p.Bedrooms()),
			city: id, zip: p.Zip, types: ix.typeMask(p), price: p.Price,
		}
	}
	ix.orders = map[string][]int32{
		SortDate:  ix.order(func(a, b *Property) int { return a.DateCreated.Compare(b.DateCreated) }),
		SortPrice: ix.order(func(a, b *Property) int { return cmp.Compare(a.Price, b.Price) }),
		SortType:  ix.order(func(a, b *Property) int { return cmp.Compare(ix.typeOrder(a.WebID), ix.typeOrder(b.WebID)) }),
		SortCity:  ix.order(func(a, b *Property) int { return strings.Compare(rules.Fold(a.City), rules.Fold(b.City)) }),
	}
	ix.projects = slices.Clone(c.Projects)
	for i, p := range ix.projects {
		ix.projByID[p.ID] = i
	}
	ix.cities = buildCities(ix.properties)
	ix.typeCounts = ix.countTypes()
	return ix
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

// order sorts row numbers by less, ties by ID, so pages never shuffle.
func (ix *Index) order(compare func(a, b *Property) int) []int32 {
	o := make([]int32, len(ix.properties))
	for i := range o {
		o[i] = int32(i)
	}
	slices.SortFunc(o, func(a, b int32) int {
		pa, pb := &ix.properties[a], &ix.properties[b]
		if c := compare(pa, pb); c != 0 {
			return c
		}
		return cmp.Compare(pa.ID, pb.ID)
	})
	return o
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
	match := ix.matcher(q)
	order := ix.orders[q.Sort]
	skip := (q.Page - 1) * q.PageSize
	items := make([]Card, 0, q.PageSize)
	total := 0
	visit := func(i int32) {
		if !match(&ix.rows[i], i) {
			return
		}
		if total >= skip && len(items) < q.PageSize {
			items = append(items, ix.properties[i].Card(q.Lang, ix.TypeName))
		}
		total++
	}
	if q.Desc {
		for k := len(order) - 1; k >= 0; k-- {
			visit(order[k])
		}
	} else {
		for _, i := range order {
			visit(i)
		}
	}
	pages := (total + q.PageSize - 1) / q.PageSize
	return Page{Items: items, Total: total, Page: q.Page, Pages: pages}
}

func (ix *Index) matcher(q Query) func(r *row, i int32) bool {
	wantSold := q.State == StateSold
	cityName, zip := CityFilter(q.City)
	city := int32(-1)
	if cityName != "" {
		city = int32(slices.Index(ix.cityFold, rules.Fold(cityName)))
	}
	var typeBit uint64
	if q.TypeWebID != 0 {
		typeBit = ix.webBits[q.TypeWebID]
	}
	return func(r *row, i int32) bool {
		if r.sold != wantSold || (q.Goal != AnyGoal && int(r.goal) != q.Goal) {
			return false
		}
		if cityName != "" && r.city != city {
			return false
		}
		if zip != "" && r.zip != zip {
			return false
		}
		if q.TypeWebID != 0 && (r.types&typeBit == 0 || !ix.matchesType(i, q.TypeWebID)) {
			return false
		}
		if q.PriceMin > 0 && r.price < q.PriceMin || q.PriceMax > 0 && r.price > q.PriceMax {
			return false
		}
		return int(r.bedrooms) >= q.BedroomsMin
	}
}

// matchesType settles the rare case where the bit is shared by several ids.
func (ix *Index) matchesType(i int32, webID int) bool {
	if len(ix.webBits) < 64 {
		return true
	}
	return slices.Contains(webIDs(&ix.properties[i]), webID)
}

// Property returns the property with id in lang, whatever its status: the
// view decides what a sold or rented one shows.
func (ix *Index) Property(id int64, lang string) (Property, error) {
	i, ok := ix.byID[id]
	if !ok {
		return Property{}, ErrPropertyNotFound
	}
	return ix.properties[i].Public(lang, ix.TypeName), nil
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
		if p.Price > 0 {
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

// Projects returns the online projects.
func (ix *Index) Projects() []Project { return ix.projects }

// Project returns one project.
func (ix *Index) Project(id int64) (Project, error) {
	i, ok := ix.projByID[id]
	if !ok {
		return Project{}, ErrProjectNotFound
	}
	return ix.projects[i], nil
}
