package httpapi

import (
	"net/http"
	"net/url"
	"strconv"

	"immo/internal/catalog"
)

// Bounds of an API query string: the longest real one (every list filter,
// a city, a search text) is a few hundred bytes.
const (
	MaxQueryBytes  = 2048
	MaxQueryParams = 20
)

// checkQuery refuses a query string past the bounds before any handler
// reads it.
func checkQuery(raw string) error {
	if len(raw) > MaxQueryBytes {
		return catalog.Invalid("query", "must be at most "+strconv.Itoa(MaxQueryBytes)+" bytes")
	}
	v, err := url.ParseQuery(raw)
	if err != nil {
		return catalog.Invalid("query", "must be a valid query string")
	}
	n := 0
	for _, vs := range v {
		n += len(vs)
	}
	if n > MaxQueryParams {
		return catalog.Invalid("query", "must have at most "+strconv.Itoa(MaxQueryParams)+" parameters")
	}
	return nil
}

// bounded answers a 400 to a query string past the bounds.
func (a *CatalogAPI) bounded(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := checkQuery(r.URL.RawQuery); err != nil {
			a.fail(w, r, err)
			return
		}
		h(w, r)
	}
}
