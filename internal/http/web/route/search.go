package route

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"immo/internal/domain/catalog"
	"immo/internal/domain/errs"
	"immo/internal/domain/site"
)

// The search box is a GET form to a list page with the text as ?q=. The list
// page resolves it (catalog.Index.Resolve, SPEC §5 exact rules) and answers
// with a redirect to what the text names: a property ID to the property's
// page, a type or a city (in any language form, or by zip), or a type and a
// city together ("appartement Arlon"), to a list filtered by them. The same request answers the browser without JavaScript
// and the client's visit (which follows the redirect without a reload), so
// both land on the same address. A text naming nothing shows this list
// page, empty, with the message and the suggestions for it.

// SearchView is a search whose text names nothing.
type SearchView struct {
	Query       string               `json:"query"`
	Suggestions catalog.SearchAnswer `json:"suggestions"`
}

// search answers ?q= on list page p (query pq): a redirect when the text
// names something, else ok false and the view of the empty search.
func (c *resolution) search(pq *site.Query, text string) (Result, *SearchView, bool) {
	text = catalog.ClipSearchText(text)
	found := c.ix.Resolve(text)
	switch found.Kind {
	case catalog.FoundProperty:
		card, err := c.ix.Card(found.PropertyID, c.lang)
		if err == nil {
			return c.redirect(http.StatusFound, c.r.CardURL(&card, c.lang)), nil, true
		}
	case catalog.FoundType, catalog.FoundCity, catalog.FoundTypeCity:
		set := url.Values{}
		if found.Kind != catalog.FoundCity {
			set.Set("type", strconv.Itoa(found.TypeWebID))
		}
		if found.Kind != catalog.FoundType {
			set.Set("city", found.City)
		}
		// The rest of the list's query stays (a sort, the map view); the
		// page starts again.
		query := url.Values{}
		for _, k := range filterKeys {
			if v := strings.TrimSpace(c.query.Get(k)); v != "" && k != "page" {
				query.Set(k, v)
			}
		}
		for k, v := range set {
			query[k] = v
		}
		c.knownFilters(query)
		// A filter the list would refuse is not carried along.
		for range filterKeys {
			_, err := catalog.ParseQuery(query, c.lang)
			e, ok := errs.As(err)
			if !ok || !query.Has(e.Field) {
				break
			}
			query.Del(e.Field)
		}
		if u := c.r.ListURL(searchList(pq, found), c.lang, query); u != "" {
			return c.redirect(http.StatusFound, u), nil, true
		}
	}
	return Result{}, &SearchView{Query: text, Suggestions: c.ix.Suggest(text, c.lang, c.r)}, false
}

// searchList is the list a type or city opens: the list the form was sent
// to when it holds some (the rent list's box finds rentals), else the other.
func searchList(pq *site.Query, f catalog.Found) string {
	prefer, other, n := ListSale, ListRent, f.SaleCount
	if pq.State != site.StateSold && pq.Goal == site.GoalRent {
		prefer, other, n = ListRent, ListSale, f.RentCount
	}
	if n == 0 && f.SaleCount+f.RentCount > 0 {
		return other
	}
	return prefer
}

// redirect answers with a redirect to a site path (never another site: the
// paths come from the resolver's own URL builders).
func (c *resolution) redirect(status int, path string) Result {
	if !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") || strings.HasPrefix(path, "/\\") {
		return c.r.notFound(c.lang)
	}
	return Result{Status: status, Redirect: path, Lang: c.lang}
}
