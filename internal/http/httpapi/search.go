package httpapi

import "net/http"

// search answers the search box: the suggestions for ?q=, each with its
// address when the API has a Linker.
func (a *CatalogAPI) search(w http.ResponseWriter, r *http.Request) {
	JSON(w, http.StatusOK, a.Catalog.Index().Suggest(r.URL.Query().Get("q"), a.lang(r), a.Links))
}
