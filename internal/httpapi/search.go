package httpapi

import (
	"net/http"
	"net/url"
	"strconv"
	"unicode/utf8"

	"immo/internal/catalog"
)

// Linker builds the site's addresses (route.Resolver is one), so search
// suggestions carry where each leads.
type Linker interface {
	CardURL(c *catalog.Card, lang string) string
	ListURL(list, lang string, query url.Values) string
}

// SearchAnswer is catalog.Suggestions with an address on every entry.
type SearchAnswer struct {
	Types      []TypeHit     `json:"types"`
	Cities     []CityHit     `json:"cities"`
	Properties []PropertyHit `json:"properties"`
}

// TypeHit is a type suggestion and the lists it opens: the sale list when it
// has some for sale, the rent list when it has some for rent, each showing
// the count the suggestion names.
type TypeHit struct {
	catalog.TypeSuggestion
	SaleHref string `json:"saleHref,omitempty"`
	RentHref string `json:"rentHref,omitempty"`
}

// CityHit is a city suggestion and its sale and rent lists, as TypeHit.
type CityHit struct {
	catalog.City
	SaleHref string `json:"saleHref,omitempty"`
	RentHref string `json:"rentHref,omitempty"`
}

// PropertyHit is a property suggestion and its page.
type PropertyHit struct {
	catalog.Card
	Href string `json:"href,omitempty"`
}

func (a *CatalogAPI) search(w http.ResponseWriter, r *http.Request) {
	JSON(w, http.StatusOK, Suggest(a.Catalog.Index(), a.Links, r.URL.Query().Get("q"), a.lang(r)))
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
func Suggest(ix *catalog.Index, links Linker, q, lang string) SearchAnswer {
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
			saleHref = links.ListURL("sale", lang, q)
		}
		if rent > 0 {
			rentHref = links.ListURL("rent", lang, q)
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
