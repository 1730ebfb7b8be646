package catalog

import (
	"net/url"
	"strconv"
	"unicode/utf8"
)

// Linker builds the site's addresses (route.Resolver is one), so search
// suggestions carry where each leads while the catalog knows no URL.
type Linker interface {
	CardURL(c *Card, lang string) string
	ListURL(list, lang string, query url.Values) string
}

// The lists a suggestion opens, as Linker.ListURL names them.
const (
	ListSale = "sale"
	ListRent = "rent"
)

// SearchAnswer is Suggestions with an address on every entry.
type SearchAnswer struct {
	Types      []TypeHit     `json:"types"`
	Cities     []CityHit     `json:"cities"`
	Properties []PropertyHit `json:"properties"`
}

// TypeHit is a type suggestion and the lists it opens: the sale list when it
// has some for sale, the rent list when it has some for rent, each showing
// the count the suggestion names.
type TypeHit struct {
	TypeSuggestion
	SaleHref string `json:"saleHref,omitempty"`
	RentHref string `json:"rentHref,omitempty"`
}

// CityHit is a city suggestion and its sale and rent lists, as TypeHit.
type CityHit struct {
	City
	SaleHref string `json:"saleHref,omitempty"`
	RentHref string `json:"rentHref,omitempty"`
}

// PropertyHit is a property suggestion and its page.
type PropertyHit struct {
	Card
	Href string `json:"href,omitempty"`
}

// MaxSearchText bounds the text a search looks at, in bytes: no name or ID
// is longer.
const MaxSearchText = 100

// ClipSearchText cuts q to MaxSearchText bytes without splitting a
// character.
func ClipSearchText(q string) string {
	if len(q) <= MaxSearchText {
		return q
	}
	q = q[:MaxSearchText]
	for len(q) > 0 && !utf8.ValidString(q) {
		q = q[:len(q)-1]
	}
	return q
}

// Suggest is the search box's answer for q in lang (links may be nil: then
// no entry has an address).
func (ix *Index) Suggest(q, lang string, links Linker) SearchAnswer {
	s := ix.Search(ClipSearchText(q), lang)
	out := SearchAnswer{Types: []TypeHit{}, Cities: []CityHit{}, Properties: []PropertyHit{}}
	// lists gives the sale and rent lists filtered by key=value, each only
	// when it has something to show.
	lists := func(key, value string, sale, rent int) (saleHref, rentHref string) {
		if links == nil {
			return "", ""
		}
		q := url.Values{key: {value}}
		if sale > 0 {
			saleHref = links.ListURL(ListSale, lang, q)
		}
		if rent > 0 {
			rentHref = links.ListURL(ListRent, lang, q)
		}
		return saleHref, rentHref
	}
	for _, t := range s.Types {
		h := TypeHit{TypeSuggestion: t}
		h.SaleHref, h.RentHref = lists("type", strconv.Itoa(t.WebID), t.SaleCount, t.RentCount)
		out.Types = append(out.Types, h)
	}
	for _, c := range s.Cities {
		h := CityHit{City: c}
		h.SaleHref, h.RentHref = lists("city", c.Name+"|"+c.Zip, c.SaleCount, c.RentCount)
		out.Cities = append(out.Cities, h)
	}
	for i := range s.Properties {
		h := PropertyHit{Card: s.Properties[i]}
		if links != nil {
			h.Href = links.CardURL(&s.Properties[i], lang)
		}
		out.Properties = append(out.Properties, h)
	}
	return out
}
