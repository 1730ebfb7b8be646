package httpapi

import (
	"net/url"
	"strconv"
	"strings"

	"immo/internal/catalog"
)

// params reads query values, keeping the first error so a handler checks once.
type params struct {
	v   url.Values
	err error
}

func (p *params) int(name string, def int) int {
	s := strings.TrimSpace(p.v.Get(name))
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil && p.err == nil {
		p.err = catalog.Invalid(name, "must be a whole number")
	}
	return n
}

func (p *params) float(name string) float64 {
	s := strings.TrimSpace(p.v.Get(name))
	if s == "" {
		return 0
	}
	f, err := strconv.ParseFloat(s, 64)
	if (err != nil || f != f) && p.err == nil {
		p.err = catalog.Invalid(name, "must be a number")
	}
	return f
}

func (p *params) oneOf(name, def string, allowed ...string) string {
	s := strings.ToLower(strings.TrimSpace(p.v.Get(name)))
	if s == "" {
		return def
	}
	for _, a := range allowed {
		if s == a {
			return s
		}
	}
	if p.err == nil {
		p.err = catalog.Invalid(name, "must be one of "+strings.Join(allowed, ", "))
	}
	return def
}

// ListQuery decodes the list parameters shared by the API and the list pages.
func ListQuery(v url.Values, lang string) (catalog.Query, error) {
	p := &params{v: v}
	q := catalog.NewQuery()
	q.Lang = lang
	switch p.oneOf("goal", "", "sale", "rent") {
	case "sale":
		q.Goal = catalog.GoalSale
	case "rent":
		q.Goal = catalog.GoalRent
	}
	q.State = p.oneOf("state", catalog.StateAvailable, catalog.StateAvailable, catalog.StateSold)
	q.City = strings.TrimSpace(v.Get("city"))
	q.TypeWebID = p.int("type", 0)
	q.PriceMin = p.float("priceMin")
	q.PriceMax = p.float("priceMax")
	q.BedroomsMin = p.int("bedroomsMin", 0)
	q.Sort = p.oneOf("sort", catalog.SortDate, catalog.SortPrice, catalog.SortType, catalog.SortCity, catalog.SortDate)
	// Newest first by default; every other sort reads best cheapest/A first.
	q.Desc = p.oneOf("order", map[bool]string{true: "desc", false: "asc"}[q.Sort == catalog.SortDate], "asc", "desc") == "desc"
	q.Page = p.int("page", 1)
	q.PageSize = p.int("pageSize", catalog.DefaultPageSize)
	if p.err != nil {
		return q, p.err
	}
	return q, q.Validate()
}
