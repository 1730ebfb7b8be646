package web

import (
	"net/http"
	"strings"

	"immo/internal/domain/agency"
)

// ServeDraft answers the site's page at path as the draft agency a makes
// it, for a staff member's preview (the inbox's admin.Preview): the same
// resolver, views and renderer as the public pages, but never answered
// from the HTML cache nor stored in it (route marks a draft's pages
// uncacheable and noindex), private to the browser (no-store), not
// counted as a visit, and a redirect kept under prefix.
func (h *Handler) ServeDraft(w http.ResponseWriter, r *http.Request, a *agency.Agency, prefix, path string) {
	r = r.WithContext(agency.NewContext(r.Context(), a))
	rt := h.routes(r.Context())
	res := rt.Resolve(path, r.URL.Query())
	if res.Redirect != "" {
		to := res.Redirect
		if strings.HasPrefix(to, "/") && !strings.HasPrefix(to, "//") {
			to = prefix + to
		}
		h.rs.Redirect(w, r, to, res.Status)
		return
	}
	p := h.page(rt, res)
	p.Private = true
	h.rs.Render(w, r, p)
}
