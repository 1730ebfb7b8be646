package picturehttp

import "net/http"

// Register adds the handler's one route to mux: GET (and HEAD) of every file
// under its prefix.
func (h *Handler) Register(mux *http.ServeMux) {
	mux.Handle("GET "+h.prefix, h)
}
