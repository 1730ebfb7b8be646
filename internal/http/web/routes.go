package web

import "net/http"

// Register adds every path the page handler serves to mux: the generated
// pictures (EPC labels, favicon), robots.txt and the sitemap, the map frame,
// and every other path as a page (ServeHTTP answers GET and HEAD, 405
// otherwise).
func (h *Handler) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET /images/epc/{region}/{file}", serveEPC)
	mux.HandleFunc("GET /favicon.svg", serveFavicon)
	mux.HandleFunc("GET /favicon.ico", serveFavicon)
	mux.HandleFunc("GET /robots.txt", h.robots)
	mux.HandleFunc("GET /sitemap.xml", h.sitemap)
	mux.HandleFunc("GET /sitemaps/{file}", h.sitemapPart)
	mux.Handle("GET "+MapFramePath, h.mapFrame)
	mux.Handle("/", h)
}
