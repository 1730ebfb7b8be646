package httpapi

import (
	"net/http"
	"net/url"
	"strconv"

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

// TypeHit is a type suggestion and the list it opens.
type TypeHit struct {
	catalog.TypeSuggestion
	Href string `json:"href,omitempty"`
}

// CityHit is a city suggestion and the list it opens.
type CityHit struct {
	catalog.City
	Href string `json:"href,omitempty"`
}

// PropertyHit is a property suggestion and its page.
type PropertyHit struct {
	catalog.Card
	Href string `json:"href,omitempty"`
}

func (a *CatalogAPI) search(w http.ResponseWriter, r *http.Request) {
	lang := a.lang(r)
	s := a.Catalog.Index().Search(r.URL.Query().Get("q"), lang)
	out := SearchAnswer{Types: []TypeHit{}, Cities: []CityHit{}, Properties: []PropertyHit{}}
	// A suggestion opens the sale list, or the rent list when only rentals match.
	list := func(sale int) string {
		if sale > 0 {
			return "sale"
		}
		return "rent"
	}
	for _, t := range s.Types {
		h := TypeHit{TypeSuggestion: t}
		if a.Links != nil {
			h.Href = a.Links.ListURL(list(t.SaleCount), lang, url.Values{"type": {strconv.Itoa(t.WebID)}})
		}
		out.Types = append(out.Types, h)
	}
	for _, c := range s.Cities {
		h := CityHit{City: c}
		if a.Links != nil {
			h.Href = a.Links.ListURL(list(c.SaleCount), lang, url.Values{"city": {c.Name + "|" + c.Zip}})
		}
		out.Cities = append(out.Cities, h)
	}
	for i := range s.Properties {
		h := PropertyHit{Card: s.Properties[i]}
		if a.Links != nil {
			h.Href = a.Links.CardURL(&s.Properties[i], lang)
		}
		out.Properties = append(out.Properties, h)
	}
	JSON(w, http.StatusOK, out)
}
