package catalog

import (
	"strconv"
	"strings"
)

// Sort keys of a list query.
const (
	SortDate  = "date"
	SortPrice = "price"
	SortType  = "type"
	SortCity  = "city"
)

// States a list can show: available listings, or those sold or rented.
const (
	StateAvailable = "available"
	StateSold      = "sold"
)

// Page size bounds: big enough for a map of one city, small enough that a
// request cannot ask for the whole catalog at once.
const (
	DefaultPageSize = 12
	MaxPageSize     = 100
)

// Bounds of the other list parameters: far beyond any real listing, small
// enough that no arithmetic on them overflows (MaxPage×MaxPageSize fits
// any int).
const (
	MaxPage       = 1_000_000
	MaxPrice      = 1e9 // the importer refuses a price that reaches it
	MaxBedrooms   = 99
	MaxTypeWebID  = 1_000_000
	MaxCityFilter = 100 // "name|zip": the longest Belgian place name is 40 letters
)

// AnyGoal lists sale and rent together.
const AnyGoal = -1

// Query is a list request. The zero value is not valid; start from NewQuery.
type Query struct {
	Goal        int     // GoalSale, GoalRent or AnyGoal
	State       string  // StateAvailable or StateSold
	City        string  // "name|zip", "name" or "zip"
	TypeWebID   int     // 0 for any type
	PriceMin    float64 // 0 for no bound
	PriceMax    float64 // 0 for no bound
	BedroomsMin int
	Sort        string
	Desc        bool
	Page        int // from 1
	PageSize    int
	Lang        string
}

// NewQuery returns the default query: available, any goal, newest first.
func NewQuery() Query {
	return Query{Goal: AnyGoal, State: StateAvailable, Sort: SortDate, Desc: true, Page: 1, PageSize: DefaultPageSize, Lang: "fr"}
}

// Validate returns the first problem as a *Error naming the parameter.
func (q Query) Validate() error {
	switch {
	case q.Goal != AnyGoal && q.Goal != GoalSale && q.Goal != GoalRent:
		return Invalid("goal", "must be sale or rent")
	case q.State != StateAvailable && q.State != StateSold:
		return Invalid("state", "must be available or sold")
	case q.Sort != SortDate && q.Sort != SortPrice && q.Sort != SortType && q.Sort != SortCity:
		return Invalid("sort", "must be price, type, city or date")
	case !(q.PriceMin >= 0 && q.PriceMin <= MaxPrice): // NaN fails too
		return Invalid("priceMin", "must be between 0 and 1000000000")
	case !(q.PriceMax >= 0 && q.PriceMax <= MaxPrice):
		return Invalid("priceMax", "must be between 0 and 1000000000")
	case q.PriceMax > 0 && q.PriceMin > q.PriceMax:
		return Invalid("priceMin", "must not exceed priceMax")
	case q.BedroomsMin < 0 || q.BedroomsMin > MaxBedrooms:
		return Invalid("bedroomsMin", "must be between 0 and "+strconv.Itoa(MaxBedrooms))
	case q.Page < 1 || q.Page > MaxPage:
		return Invalid("page", "must be between 1 and "+strconv.Itoa(MaxPage))
	case q.PageSize < 1 || q.PageSize > MaxPageSize:
		return Invalid("pageSize", "must be between 1 and "+strconv.Itoa(MaxPageSize))
	case q.TypeWebID < 0 || q.TypeWebID > MaxTypeWebID:
		return Invalid("type", "must be a type's web id")
	}
	return nil
}

// CityFilter splits "name|zip" into its parts; either may be empty.
func CityFilter(s string) (name, zip string) {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '|'); i >= 0 {
		return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:])
	}
	if s != "" && strings.Trim(s, "0123456789") == "" {
		return "", s
	}
	return s, ""
}

// Page is one page of a list.
type Page struct {
	Items []Card `json:"items"`
	Total int    `json:"total"`
	Page  int    `json:"page"`
	Pages int    `json:"pages"`
}
