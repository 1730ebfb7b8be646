package route

import (
	"maps"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"immo/internal/domain/catalog"
	"immo/internal/domain/i18n"
	"immo/internal/domain/site"
)

// ListPageSize is how many cards a list page shows: 4 rows of 3 or 3 of 4.
const ListPageSize = 12

// Filters are the list filters as the URL carries them, for the form.
type Filters struct {
	City        string `json:"city"`
	Type        string `json:"type"`
	PriceMin    string `json:"priceMin"`
	PriceMax    string `json:"priceMax"`
	BedroomsMin string `json:"bedroomsMin"`
	Sort        string `json:"sort"`
	Order       string `json:"order"`
}

// filterKeys are the query parameters a list page takes.
var filterKeys = []string{"city", "type", "priceMin", "priceMax", "bedroomsMin", "sort", "order", "page", "view"}

// MapLimit caps the markers of a map: enough for the whole demo catalog
// and any city, small enough to stay a light page.
const MapLimit = 1000

// Marker is one property on the map (catalog.Marker: the public view).
type Marker = catalog.Marker

func (c *resolution) list(p *site.Page, q *site.Query) Result {
	var searched *SearchView
	if text := strings.TrimSpace(c.query.Get("q")); text != "" {
		res, view, ok := c.search(q, text)
		if ok {
			return res
		}
		searched = view
	}
	given := url.Values{}
	for _, k := range filterKeys {
		if v := strings.TrimSpace(c.query.Get(k)); v != "" {
			given.Set(k, v)
		}
	}
	c.knownFilters(given)
	// A page number past any list's end answers like a page past this one's.
	beyond := catalog.PageBeyond(given)
	params := url.Values{}
	for k, v := range given {
		params[k] = v
	}
	if beyond {
		params.Set("page", strconv.Itoa(catalog.MaxPage))
	}
	params.Set("pageSize", strconv.Itoa(ListPageSize))
	params.Del("view")
	params.Set("state", q.State)
	params.Del("goal")
	if q.Goal != "" {
		params.Set("goal", q.Goal)
	}
	if params.Get("sort") == "" && q.Sort != "" {
		params.Set("sort", q.Sort)
		if params.Get("order") == "" && q.Order != "" {
			params.Set("order", q.Order)
		}
	}
	status := http.StatusOK
	props := &ListProps{}
	cq, err := catalog.ParseQuery(params, c.lang)
	query := url.Values{} // what links, the form and the canonical carry
	if err != nil {
		// A bad filter is named to the visitor and the list shown without filters.
		status = http.StatusBadRequest
		props.Error = errorMessage(c.lang, err)
		cq = catalog.NewQuery()
		cq.Lang, cq.PageSize, cq.State = c.lang, ListPageSize, q.State
		cq.Goal = map[string]int{site.GoalSale: catalog.GoalSale, site.GoalRent: catalog.GoalRent}[q.Goal]
		if q.Goal == "" {
			cq.Goal = catalog.AnyGoal
		}
	} else {
		query = canonicalFilters(given, cq)
	}
	// An order the visitor chose is not a set of listings of its own: the
	// page's own order asked for by name is the plain page (its canonical
	// leaves it out), another order is shown but not indexed.
	sorted := err == nil && c.otherOrder(q, cq)
	if err == nil && !sorted {
		query.Del("sort")
		query.Del("order")
	}
	result := c.ix.List(cq)
	if searched != nil {
		// The text names nothing: an empty list, the message and the suggestions.
		result = catalog.Page{Items: []catalog.Card{}, Page: 1}
		query.Set("q", searched.Query)
		props.Search = searched
	} else if last := max(result.Pages, 1); cq.Page > last {
		// A page past the end (the list shrank since the link was made, or a
		// number no list reaches) sends the visitor to the last page and a
		// crawler to one address that exists, instead of a dead end or a
		// duplicate; 302, as the list may grow again.
		query.Del("page")
		if last > 1 {
			query.Set("page", strconv.Itoa(last))
		}
		u := c.r.PageURL(p, c.lang)
		if len(query) > 0 {
			u += "?" + query.Encode()
		}
		return c.redirect(http.StatusFound, u)
	}
	title := c.pageTitle(p)
	titleSize := "h1"
	for i := range p.Params.Modules {
		if m := &p.Params.Modules[i]; m.View == site.ViewPropertyList && m.Published() {
			if t := c.moduleTitle(p, m); t != "" {
				title = t
			}
		}
	}
	title = c.filteredTitle(title, listName(q), query)
	props.Title = title
	props.TitleSize = titleSize
	props.List = listName(q)
	props.Filters = Filters{City: query.Get("city"), Type: query.Get("type"), PriceMin: query.Get("priceMin"),
		PriceMax: query.Get("priceMax"), BedroomsMin: query.Get("bedroomsMin"), Sort: query.Get("sort"), Order: query.Get("order")}
	props.Page = result.Page
	props.Pages = result.Pages
	props.Total = result.Total
	props.Items = c.cards(result.Items)
	props.Types = c.ix.Types(c.lang)
	props.Cities = c.ix.Cities(citiesFor(q))
	urlIn := func(l string) string {
		u := c.r.PageURL(p, l)
		if len(query) > 0 {
			u += "?" + query.Encode()
		}
		return u
	}
	props.PageURL = c.r.PageURL(p, c.lang)
	props.Mode = "list"
	if query.Get("view") == "map" {
		props.Mode = "map"
		props.Markers = []Marker{}
		if searched == nil {
			props.Markers = c.markers(cq)
		}
	}
	meta := p.Params.Metadata
	if query.Has("city") || query.Has("type") {
		// The configured SEO title names the whole list: a filtered one's
		// head says what it shows, as its heading does.
		meta = maps.Clone(meta)
		for l, m := range meta {
			m.Title = ""
			meta[l] = m
		}
	}
	head := c.head(title, p.Params.Description.In(c.lang), meta, urlIn)
	head.Breadcrumb = c.pageBreadcrumb(p)
	if searched != nil || sorted || result.Total == 0 || props.Mode == "map" {
		// A search, another order, an empty list and the map of a list (its
		// cards again) are for visitors, not for the index; their links
		// are followed.
		head.Robots = c.noindex()
	}
	if result.Page > 1 {
		head.Title = i18n.Tf(c.lang, "list.pageOf", "page", strconv.Itoa(result.Page), "pages", strconv.Itoa(result.Pages)) + " – " + head.Title
	}
	res := c.result(status, props, head, urlIn)
	// Prices and bedrooms are free numbers and a search free text: such
	// pages are rendered for whoever asks but never stored, so the cached
	// list pages stay a set bounded by the catalog's cities and types.
	for _, k := range []string{"priceMin", "priceMax", "bedroomsMin", "q"} {
		if query.Has(k) {
			res.Cacheable = false
		}
	}
	return res
}

// otherOrder tells whether cq is sorted otherwise than the list page q
// sorts by default.
func (c *resolution) otherOrder(q *site.Query, cq catalog.Query) bool {
	own := url.Values{}
	if q.Sort != "" {
		own.Set("sort", q.Sort)
		if q.Order != "" {
			own.Set("order", q.Order)
		}
	}
	d, err := catalog.ParseQuery(own, c.lang)
	if err != nil {
		d = catalog.NewQuery()
	}
	return cq.Sort != d.Sort || cq.Desc != d.Desc
}

// knownFilters drops from given a city or a type the catalog does not know,
// and writes a known city as the catalog spells it: the list applies what
// the form shows, and nobody's text is echoed into links.
func (c *resolution) knownFilters(given url.Values) {
	if v := given.Get("city"); v != "" {
		if city, ok := c.ix.CanonicalCity(v); ok && len(v) <= catalog.MaxCityFilter {
			given.Set("city", city)
		} else {
			given.Del("city")
		}
	}
	if v := given.Get("type"); v != "" {
		if id, ok := catalog.ParseID(v); !ok || id > catalog.MaxTypeWebID || !c.ix.KnownType(int(id)) {
			given.Del("type")
		}
	}
	if !strings.EqualFold(given.Get("view"), "map") {
		given.Del("view")
	} else {
		given.Set("view", "map")
	}
}

// canonicalFilters are the parameters of a valid list query q as the site
// writes them: only those the request gave, each in one spelling (numbers
// as parsed, page 1 left out).
func canonicalFilters(given url.Values, q catalog.Query) url.Values {
	out := url.Values{}
	for _, k := range []string{"city", "type", "view"} {
		if v := given.Get(k); v != "" {
			out.Set(k, v)
		}
	}
	number := func(k string, v float64) {
		if given.Has(k) && v > 0 {
			out.Set(k, strconv.FormatFloat(v, 'f', -1, 64))
		}
	}
	number("priceMin", q.PriceMin)
	number("priceMax", q.PriceMax)
	number("bedroomsMin", float64(q.BedroomsMin))
	if given.Has("sort") {
		out.Set("sort", q.Sort)
	}
	if given.Has("order") {
		out.Set("order", map[bool]string{true: "desc", false: "asc"}[q.Desc])
	}
	if q.Page > 1 {
		out.Set("page", strconv.Itoa(q.Page))
	}
	return out
}

// filteredTitle is a list's title for what its filters show: the
// configured one ("Properties for sale in Arlon") would name another city
// on a list of Gent's — the city's title of the list instead, and the type
// before it.
func (c *resolution) filteredTitle(title, list string, query url.Values) string {
	if city, _, _ := strings.Cut(query.Get("city"), "|"); strings.TrimSpace(city) != "" {
		title = i18n.Tf(c.lang, "list.titleIn."+list, "city", strings.TrimSpace(city))
	}
	if id, ok := catalog.ParseID(query.Get("type")); ok {
		if name := c.ix.TypeName(int(id), c.lang); name != "" {
			title = name + " – " + title
		}
	}
	return title
}

func listName(q *site.Query) string {
	if q.State == site.StateSold {
		return ListSold
	}
	if q.Goal == site.GoalRent {
		return ListRent
	}
	return ListSale
}

func citiesFor(q *site.Query) string {
	switch {
	case q.State == site.StateSold || q.Goal == "":
		return catalog.CitiesAll
	case q.Goal == site.GoalRent:
		return catalog.CitiesRent
	}
	return catalog.CitiesSale
}

// markers are every property the query matches that has a position.
func (c *resolution) markers(q catalog.Query) []Marker {
	q.Page, q.PageSize = 1, MapLimit
	return c.ix.Markers(q, func(card *catalog.Card) string { return c.r.CardURL(card, c.lang) })
}
