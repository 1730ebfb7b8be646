package catalog

import (
	"strconv"
	"strings"

	"immo/internal/domain/rules"
)

// SuggestLimit caps each group of search suggestions.
const SuggestLimit = 8

// Suggestions are the three groups the search box shows.
type Suggestions struct {
	Types      []TypeSuggestion `json:"types"`
	Cities     []City           `json:"cities"`
	Properties []Card           `json:"properties"`
}

// TypeSuggestion is a property type matching the query.
type TypeSuggestion struct {
	WebID     int    `json:"WebID"`
	Label     string `json:"Label"`
	SaleCount int    `json:"SaleCount"`
	RentCount int    `json:"RentCount"`
}

// Search returns suggestions for q in lang. Matching is exact in the sense
// of §5: no typo tolerance. Text matches when the folded (lower-case,
// accent-free) query starts a word of the folded name (a type's in any
// language, labelled in lang); a property matches
// when its ID starts with the query; a city on its name, its accent-free
// name, any of its language forms (Aarlen for Arlon) or its zip. An empty
// query returns empty groups.
func (ix *Index) Search(q, lang string) Suggestions {
	out := Suggestions{Types: []TypeSuggestion{}, Cities: []City{}, Properties: []Card{}}
	folded := rules.Fold(strings.TrimSpace(q))
	if folded == "" {
		return out
	}
	for _, t := range ix.Types(lang) {
		if len(out.Types) < SuggestLimit && (startsWord(rules.Fold(t.Label), folded) || nameStarts(t.Name, folded)) {
			out.Types = append(out.Types, TypeSuggestion{
				WebID: t.WebID, Label: t.Label, SaleCount: t.SaleCount, RentCount: t.RentCount,
			})
		}
	}
	key := nameKey(q)
	for _, c := range ix.cities[CitiesAll] {
		if len(out.Cities) >= SuggestLimit {
			break
		}
		if startsWord(rules.Fold(c.Name), folded) || strings.HasPrefix(c.Zip, folded) || ix.formStarts(c.Name, key) {
			out.Cities = append(out.Cities, c)
		}
	}
	if _, err := strconv.ParseUint(folded, 10, 64); err == nil {
		for _, r := range ix.orders[bucket{false, AnyGoal}][SortDate] {
			p := &ix.properties[r.i]
			if len(out.Properties) >= SuggestLimit {
				break
			}
			if strings.HasPrefix(strconv.FormatInt(p.ID, 10), folded) {
				out.Properties = append(out.Properties, p.Card(lang, ix.TypeName))
			}
		}
	}
	return out
}

// nameStarts tells whether q starts a word of the name in any language (a
// type typed in another language than the page's is suggested in the
// page's).
func nameStarts(name Text, q string) bool {
	for _, n := range name {
		if startsWord(rules.Fold(n), q) {
			return true
		}
	}
	return false
}

// startsWord tells whether q starts s or one of its words (split on space,
// hyphen, slash or apostrophe).
func startsWord(s, q string) bool {
	for {
		if strings.HasPrefix(s, q) {
			return true
		}
		i := strings.IndexAny(s, " -/'")
		if i < 0 {
			return false
		}
		s = s[i+1:]
	}
}

// formStarts tells whether key starts a word of one of the language forms of
// the place named name (exonyms.txt).
func (ix *Index) formStarts(name, key string) bool {
	if key == "" {
		return false
	}
	for _, f := range placeForms(PlaceKey(name)) {
		if startsWord(f, key) {
			return true
		}
	}
	return false
}

// What a search text names exactly.
const (
	FoundNothing  = ""
	FoundProperty = "property"
	FoundType     = "type"
	FoundCity     = "city"
	FoundTypeCity = "type+city" // a type and a city together: "appartement Arlon"
)

// Found is what a search text names exactly (SPEC §5: exact match, no
// fuzzy threshold), with what a list of it holds per goal.
type Found struct {
	Kind       string
	PropertyID int64  // FoundProperty
	TypeWebID  int    // FoundType, FoundTypeCity
	City       string // FoundCity, FoundTypeCity: a list's city filter, "name|zip" or "zip"
	SaleCount  int    // FoundType, FoundCity, FoundTypeCity: available for sale
	RentCount  int    // FoundType, FoundCity, FoundTypeCity: available for rent
}

// Resolve says what q names, by the exact rules the suggestions follow:
// a property by its ID; a type by its name, or a part of it ("Huis" of
// "Villa/Huis/Hoeve"), in any language; a city by its name in any of its
// language forms (exonyms.txt), accents and case aside, or by its zip.
// A type and a city together, in either order ("appartement Arlon", "Aarlen
// appartement"), name the list filtered by both (FoundTypeCity, counted for
// that type in that city, even when none is there). FoundNothing when q
// names nothing that holds a listing.
func (ix *Index) Resolve(q string) Found {
	q = strings.TrimSpace(q)
	key := nameKey(q)
	if q == "" || key == "" {
		return Found{}
	}
	if id, err := strconv.ParseInt(q, 10, 64); err == nil {
		if _, ok := ix.byID[id]; ok {
			return Found{Kind: FoundProperty, PropertyID: id}
		}
	}
	if f, ok := ix.resolveType(key); ok {
		return f
	}
	if f, ok := ix.resolveCity(q); ok {
		return f
	}
	words := strings.Fields(q)
	for i := 1; i < len(words); i++ {
		head, tail := strings.Join(words[:i], " "), strings.Join(words[i:], " ")
		for _, pair := range [2][2]string{{head, tail}, {tail, head}} {
			t, ok := ix.resolveType(nameKey(pair[0]))
			if !ok {
				continue
			}
			if c, ok := ix.resolveCity(pair[1]); ok {
				f := Found{Kind: FoundTypeCity, TypeWebID: t.TypeWebID, City: c.City}
				f.SaleCount = ix.count(Query{Goal: GoalSale, State: StateAvailable, City: c.City, TypeWebID: t.TypeWebID})
				f.RentCount = ix.count(Query{Goal: GoalRent, State: StateAvailable, City: c.City, TypeWebID: t.TypeWebID})
				return f
			}
		}
	}
	return Found{}
}

// count is how many listings q matches.
func (ix *Index) count(q Query) int {
	q.Sort, q.Page, q.PageSize = SortDate, 1, 1
	return ix.walk(q, func(*Property) {})
}

// resolveType is the type key names (Resolve's rule for a type).
func (ix *Index) resolveType(key string) (Found, bool) {
	for i, t := range ix.types {
		if typeNamed(t, key) {
			return Found{Kind: FoundType, TypeWebID: t.WebID, SaleCount: ix.typeCounts[i][0], RentCount: ix.typeCounts[i][1]}, true
		}
	}
	return Found{}, false
}

// resolveCity is the city q names (Resolve's rule for a city).
func (ix *Index) resolveCity(q string) (Found, bool) {
	place := PlaceKey(q)
	var hits []City
	for _, c := range ix.cities[CitiesAll] {
		if PlaceKey(c.Name) == place || c.Zip == q {
			hits = append(hits, c)
		}
	}
	if len(hits) == 0 {
		return Found{}, false
	}
	f := Found{Kind: FoundCity}
	for _, c := range hits {
		f.SaleCount += c.SaleCount
		f.RentCount += c.RentCount
	}
	switch {
	case len(hits) == 1:
		f.City = hits[0].Name + "|" + hits[0].Zip
	case hits[0].Zip == q:
		f.City = q // one zip, several towns
	default:
		f.City = hits[0].Name // one town, several zips or spellings
	}
	return f, true
}

// typeNamed tells whether key is a type's name, or one of its
// slash-separated parts, in any language.
func typeNamed(t PropertyType, key string) bool {
	for _, name := range t.Name {
		if nameKey(name) == key {
			return true
		}
		for _, part := range strings.Split(name, "/") {
			if nameKey(part) == key {
				return true
			}
		}
	}
	return false
}
