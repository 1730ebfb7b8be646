package httpapi

import (
	"net/http"

	"immo/internal/domain/catalog"
)

// bounded answers a 400 to a query string past the bounds
// (catalog.CheckQuery) before the handler reads it.
func (a *CatalogAPI) bounded(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := catalog.CheckQuery(r.URL.RawQuery); err != nil {
			a.fail(w, r, err)
			return
		}
		h(w, r)
	}
}
