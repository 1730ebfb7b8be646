package catalog

import (
	"net/url"
	"strconv"
	"strings"
)

// The list filters arrive as query parameters, from the API and from the
// list pages alike: both decode them here, so a filter means the same and
// is bounded the same on either side.

// Bounds of an API query string: the longest real one (every list filter,
// a city, a search text) is a few hundred bytes.
const (
	MaxQueryBytes  = 2048
	MaxQueryParams = 20
)

// CheckQuery refuses a raw query string past the bounds before anything
// reads it, naming "query".
func CheckQuery(raw string) error {
	if len(raw) > MaxQueryBytes {
		return Invalid("query", "must be at most "+strconv.Itoa(MaxQueryBytes)+" bytes")
	}
	v, err := url.ParseQuery(raw)
	if err != nil {
		return Invalid("query", "must be a valid query string")
	}
	n := 0
	for _, vs := range v {
		n += len(vs)
	}
	if n > MaxQueryParams {
		return Invalid("query", "must have at most "+strconv.Itoa(MaxQueryParams)+" parameters")
	}
	return nil
}

// ParseQuery decodes the list parameters shared by the API and the list
// pages. Every value is bounded: a number out of range is an error naming it.
func ParseQuery(v url.Values, lang string) (Query, error) {
	p := &params{v: v}
	q := NewQuery()
	q.Lang = lang
	switch p.oneOf("goal", "", "sale", "rent") {
	case "sale":
		q.Goal = GoalSale
	case "rent":
		q.Goal = GoalRent
	}
	q.State = p.oneOf("state", StateAvailable, StateAvailable, StateSold)
	q.City = strings.TrimSpace(v.Get("city"))
	if len(q.City) > MaxCityFilter {
		p.fail("city", "must be at most "+strconv.Itoa(MaxCityFilter)+" characters")
		q.City = ""
	}
	q.TypeWebID = p.int("type", 0, 0, MaxTypeWebID)
	q.PriceMin = p.float("priceMin", MaxPrice)
	q.PriceMax = p.float("priceMax", MaxPrice)
	q.BedroomsMin = p.int("bedroomsMin", 0, 0, MaxBedrooms)
	q.Sort = p.oneOf("sort", SortDate, SortPrice, SortType, SortCity, SortDate)
	// Newest first by default; every other sort reads best cheapest/A first.
	q.Desc = p.oneOf("order", map[bool]string{true: "desc", false: "asc"}[q.Sort == SortDate], "asc", "desc") == "desc"
	q.Page = p.int("page", 1, 1, MaxPage)
	q.PageSize = p.int("pageSize", DefaultPageSize, 1, MaxPageSize)
	if p.err != nil {
		return q, p.err
	}
	return q, q.Validate()
}

// ParseCitiesList reads the list parameter of a city list: CitiesAll (the
// default), CitiesSale or CitiesRent.
func ParseCitiesList(v url.Values) (string, error) {
	p := &params{v: v}
	list := p.oneOf("list", CitiesAll, CitiesAll, CitiesSale, CitiesRent)
	return list, p.err
}

// ParseID reads an id as the site writes it: decimal digits without a sign
// or a leading zero, fitting an int64. "+5" or "05" would be another
// address of the same thing.
func ParseID(s string) (int64, bool) {
	if !digits(s) || s[0] == '0' || len(s) > 19 {
		return 0, false
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, false
	}
	return id, true
}

// PageBeyond reports whether v's page is a whole number too large to be a
// page of any list: a list page answers it with its last page.
func PageBeyond(v url.Values) bool {
	s := strings.TrimSpace(v.Get("page"))
	if !digits(s) {
		return false
	}
	_, ok := wholeNumber(s, MaxPage)
	return !ok
}

// params reads query values, keeping the first error so a caller checks once.
type params struct {
	v   url.Values
	err error
}

func (p *params) fail(name, msg string) {
	if p.err == nil {
		p.err = Invalid(name, msg)
	}
}

// int reads a whole number from min to max: plain decimal digits only, so a
// sign, a space inside, "1_000", "0x10" or a number past max is refused
// before it can overflow anything downstream.
func (p *params) int(name string, def, min, max int) int {
	s := strings.TrimSpace(p.v.Get(name))
	if s == "" {
		return def
	}
	n, ok := wholeNumber(s, max)
	if !ok || n < min {
		p.fail(name, "must be a whole number from "+strconv.Itoa(min)+" to "+strconv.Itoa(max))
		return def
	}
	return n
}

// float reads a plain decimal number (digits, at most one point) of at most
// max: no sign, exponent, Inf, NaN, hex or underscores.
func (p *params) float(name string, max float64) float64 {
	s := strings.TrimSpace(p.v.Get(name))
	if s == "" {
		return 0
	}
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || !digits(whole) || strings.Contains(s, ".") && !digits(frac) || len(s) > 20 {
		p.fail(name, "must be a number from 0 to "+strconv.FormatFloat(max, 'f', -1, 64))
		return 0
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f > max {
		p.fail(name, "must be a number from 0 to "+strconv.FormatFloat(max, 'f', -1, 64))
		return 0
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
	p.fail(name, "must be one of "+strings.Join(allowed, ", "))
	return def
}

// wholeNumber parses s as plain decimal digits not above max.
func wholeNumber(s string, max int) (int, bool) {
	if !digits(s) || len(s) > 18 {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n > int64(max) {
		return 0, false
	}
	return int(n), true
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
