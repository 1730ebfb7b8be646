package catalog

import (
	"cmp"
	"slices"

	"immo/internal/domain/rules"
)

// City lists.
const (
	CitiesAll  = "all"
	CitiesSale = "sale"
	CitiesRent = "rent"
)

type cityKey struct{ name, zip string }

// buildCities counts available properties per city (folded name + zip) for
// the three lists. Entries of the all list carry the derived sale and rent
// counts, matched on name ignoring case and accents plus the same zip.
func buildCities(props []Property) map[string][]City {
	lists := map[string]map[cityKey]*City{CitiesAll: {}, CitiesSale: {}, CitiesRent: {}}
	for i := range props {
		p := &props[i]
		if p.Status != StatusAvailable {
			continue
		}
		key := cityKey{rules.Fold(p.City), p.Zip}
		goalList := CitiesRent
		if p.IsSale() {
			goalList = CitiesSale
		}
		for _, list := range []string{CitiesAll, goalList} {
			c := lists[list][key]
			if c == nil {
				c = &City{Name: p.City, Zip: p.Zip, CountryID: p.CountryID, CountryName: p.CountryName}
				lists[list][key] = c
			}
			c.PropertyCount++
		}
	}
	out := map[string][]City{}
	for name, m := range lists {
		for key, c := range m {
			if name == CitiesAll {
				if s := lists[CitiesSale][key]; s != nil {
					c.SaleCount = s.PropertyCount
				}
				if r := lists[CitiesRent][key]; r != nil {
					c.RentCount = r.PropertyCount
				}
			}
			out[name] = append(out[name], *c)
		}
		slices.SortFunc(out[name], func(a, b City) int {
			return cmp.Or(cmp.Compare(rules.Fold(a.Name), rules.Fold(b.Name)), cmp.Compare(a.Zip, b.Zip))
		})
	}
	for _, list := range []string{CitiesSale, CitiesRent} {
		for i := range out[list] {
			c := &out[list][i]
			if list == CitiesSale {
				c.SaleCount = c.PropertyCount
			} else {
				c.RentCount = c.PropertyCount
			}
		}
	}
	return out
}

// Cities returns the list named all, sale or rent; nil for another name.
func (ix *Index) Cities(list string) []City {
	if c, ok := ix.cities[list]; ok {
		if c == nil {
			return []City{}
		}
		return c
	}
	return nil
}

// TypeCount is a property type with its available listings per goal.
type TypeCount struct {
	PropertyType
	Label     string `json:"Label"`
	SaleCount int    `json:"SaleCount"`
	RentCount int    `json:"RentCount"`
}

// Types returns every type in show order with its counts, labelled in lang.
func (ix *Index) Types(lang string) []TypeCount {
	out := make([]TypeCount, len(ix.types))
	for i, t := range ix.types {
		out[i] = TypeCount{PropertyType: t, Label: t.Name.In(lang), SaleCount: ix.typeCounts[i][0], RentCount: ix.typeCounts[i][1]}
	}
	return out
}

// countTypes counts available listings per type and goal, once per index.
func (ix *Index) countTypes() [][2]int {
	counts := make([][2]int, len(ix.types))
	for i := range ix.properties {
		p := &ix.properties[i]
		if p.Status != StatusAvailable {
			continue
		}
		for _, id := range webIDs(p) {
			if k, ok := ix.typeByWeb[id]; ok && p.IsSale() {
				counts[k][0]++
			} else if ok {
				counts[k][1]++
			}
		}
	}
	return counts
}

// Totals counts available properties for sale and for rent, for the home
// page's search block placeholders.
func (ix *Index) Totals() (sale, rent int) {
	for _, r := range ix.rows {
		if r.sold {
			continue
		}
		if r.goal == GoalSale {
			sale++
		} else {
			rent++
		}
	}
	return sale, rent
}
