package catalog

import (
	"strconv"
	"strings"

	"immo/internal/rules"
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
// accent-free) query starts a word of the folded name; a property matches
// when its ID starts with the query; a city on its name, its accent-free
// name or its zip. An empty query returns empty groups.
func (ix *Index) Search(q, lang string) Suggestions {
	out := Suggestions{Types: []TypeSuggestion{}, Cities: []City{}, Properties: []Card{}}
	folded := rules.Fold(strings.TrimSpace(q))
	if folded == "" {
		return out
	}
	for _, t := range ix.Types(lang) {
		if len(out.Types) < SuggestLimit && startsWord(rules.Fold(t.Label), folded) {
			out.Types = append(out.Types, TypeSuggestion{
				WebID: t.WebID, Label: t.Label, SaleCount: t.SaleCount, RentCount: t.RentCount,
			})
		}
	}
	for _, c := range ix.cities[CitiesAll] {
		if len(out.Cities) >= SuggestLimit {
			break
		}
		if startsWord(rules.Fold(c.Name), folded) || strings.HasPrefix(c.Zip, folded) {
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
