package catalog

import (
	"math"
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
	case math.IsInf(q.PriceMin, 0) || math.IsNaN(q.PriceMin):
		return Invalid("priceMin", "must be a finite number")
	case math.IsInf(q.PriceMax, 0) || math.IsNaN(q.PriceMax):
		return Invalid("priceMax", "must be a finite number")
	case q.PriceMin < 0:
		return Invalid("priceMin", "must not be negative")
	case q.PriceMax < 0:
		return Invalid("priceMax", "must not be negative")
	case q.PriceMax > 0 && q.PriceMin > q.PriceMax:
		return Invalid("priceMin", "must not exceed priceMax")
	case q.BedroomsMin < 0:
		return Invalid("bedroomsMin", "must not be negative")
	case q.Page < 1:
		return Invalid("page", "must be 1 or more")
	case q.PageSize < 1 || q.PageSize > MaxPageSize:
		return Invalid("pageSize", "must be between 1 and "+strconv.Itoa(MaxPageSize))
	case q.TypeWebID < 0:
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
