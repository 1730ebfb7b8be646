package httpapi

import "net/http"

// Register adds the routes to mux: every path answers GET (and HEAD);
// another method on a known path is a 405, an unknown path a 404. Answers
// are gzipped for a client that takes it.
func (a *CatalogAPI) Register(mux *http.ServeMux) {
	type route struct {
		path string
		get  http.HandlerFunc
	}
	routes := []route{
		{"/api/properties", a.listProperties},
		{"/api/properties/{id}", a.getProperty},
		{"/api/projects", a.listProjects},
		{"/api/projects/{id}", a.getProject},
		{"/api/types", a.listTypes},
		{"/api/cities", a.listCities},
		{"/api/search", a.search},
	}
	if a.Challenges != nil {
		routes = append(routes, route{"/api/altcha", a.altchaChallenge}) // the forms' spam challenge
	}
	for _, r := range routes {
		mux.HandleFunc("GET "+r.path, gzipped(a.bounded(r.get)))
		mux.HandleFunc(r.path, gzipped(a.methodNotAllowed))
	}
	mux.HandleFunc("/api/", gzipped(a.notFound))
}
