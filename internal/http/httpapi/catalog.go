// Package httpapi serves the catalog as JSON under /api. Every handler has
// one shape: decode → validate → query → respond; errors go through Error.
package httpapi

import (
	"immo/internal/domain/agency"
	"log/slog"
	"net/http"

	"immo/internal/domain/catalog"
)

// SimilarCount is how many similar properties a property answer carries.
const SimilarCount = 4

// CatalogAPI serves the catalog queries.
type CatalogAPI struct {
	Catalog *catalog.Service
	Log     *slog.Logger
	Links   catalog.Linker // optional: addresses for search suggestions
	// DefaultLang answers requests that name no language we speak, when
	// the request carries no agency (agency.FromContext), whose site's
	// default language answers them otherwise.
	DefaultLang string
	// Challenges makes the forms' spam challenges (GET /api/altcha);
	// nil serves no such path.
	Challenges Challenger
}

func (a *CatalogAPI) lang(r *http.Request) string {
	if ag := agency.FromContext(r.Context()); ag != nil && ag.Site != nil {
		return Lang(r, ag.Site.Languages.Default)
	}
	return Lang(r, a.DefaultLang)
}

func (a *CatalogAPI) fail(w http.ResponseWriter, r *http.Request, err error) {
	Error(w, r, a.lang(r), a.Log, err)
}

func (a *CatalogAPI) listProperties(w http.ResponseWriter, r *http.Request) {
	q, err := catalog.ParseQuery(r.URL.Query(), a.lang(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	JSON(w, http.StatusOK, a.Catalog.Index().List(q))
}

// PropertyAnswer is a property with the similar ones a detail page shows.
type PropertyAnswer struct {
	catalog.PublicProperty
	Similar []catalog.Card `json:"Similar"`
}

func (a *CatalogAPI) getProperty(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	lang, ix := a.lang(r), a.Catalog.Index()
	p, err := ix.Property(id, lang)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	JSON(w, http.StatusOK, PropertyAnswer{PublicProperty: p, Similar: ix.Similar(id, SimilarCount, lang)})
}

func (a *CatalogAPI) listProjects(w http.ResponseWriter, r *http.Request) {
	JSON(w, http.StatusOK, map[string]any{"items": a.Catalog.Index().Projects()})
}

func (a *CatalogAPI) getProject(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	p, err := a.Catalog.Index().Project(id)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	JSON(w, http.StatusOK, p)
}

func (a *CatalogAPI) listTypes(w http.ResponseWriter, r *http.Request) {
	JSON(w, http.StatusOK, map[string]any{"items": a.Catalog.Index().Types(a.lang(r))})
}

func (a *CatalogAPI) listCities(w http.ResponseWriter, r *http.Request) {
	list, err := catalog.ParseCitiesList(r.URL.Query())
	if err != nil {
		a.fail(w, r, err)
		return
	}
	JSON(w, http.StatusOK, map[string]any{"items": a.Catalog.Index().Cities(list)})
}

func (a *CatalogAPI) notFound(w http.ResponseWriter, r *http.Request) {
	a.fail(w, r, &errsNotFound)
}

func pathID(r *http.Request) (int64, error) {
	id, ok := catalog.ParseID(r.PathValue("id"))
	if !ok {
		return 0, catalog.Invalid("id", "must be a positive whole number")
	}
	return id, nil
}
