package admin

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"immo/internal/domain/account"
	"immo/internal/domain/agency"
)

// previewPath is where the staff see the site as a draft makes it:
// /admin/preview/{draft}/{the page's own path}. Under /admin/, the staff's
// session cookie comes with it; the path says preview, so the site's
// cookie dialog and pop-up stay away (SPEC §2).
const previewPath = Prefix + "preview/"

// Preview serves the public site as a draft makes it.
type Preview interface {
	// Draft is the agency draft id makes (agency.ErrNoDraft when none).
	Draft(ctx context.Context, id int64) (*agency.Agency, error)
	// ServeDraft answers the site's page at path as a makes it: never
	// cached, indexed or counted; a redirect stays under prefix.
	ServeDraft(w http.ResponseWriter, r *http.Request, a *agency.Agency, prefix, path string)
}

// servePreview answers an editor's preview of a draft (an admin, an agent
// given the editor right); anyone else, and a draft that is not, get the
// inbox's not-found page — a preview says nothing of what the agency
// prepares to whoever may not edit it.
func (h *Handler) servePreview(w http.ResponseWriter, r *http.Request) {
	h.preview(w, r, previewPath, r.PathValue("draft"), account.FromContext(r.Context()).CanEditSite(), h.o.Preview.Draft, agency.ErrNoDraft)
}

// preview answers the page under base+id as the agency load makes of id
// (a draft, a published version), for a viewer who may see it; anyone
// else, an id that is none, and one load says is gone, get the inbox's
// not-found page — a preview tells a stranger nothing.
func (h *Handler) preview(w http.ResponseWriter, r *http.Request, base, rawID string, may bool,
	load func(ctx context.Context, id int64) (*agency.Agency, error), gone error) {
	id, err := strconv.ParseInt(rawID, 10, 64)
	if err != nil || id <= 0 || !may {
		h.fail(w, r, http.StatusNotFound, nil)
		return
	}
	a, err := load(r.Context(), id)
	switch {
	case errors.Is(err, gone):
		h.fail(w, r, http.StatusNotFound, nil)
		return
	case err != nil:
		if status, _, refused := refusal(err); refused { // a draft with problems: 422
			h.fail(w, r, status, nil)
			return
		}
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	prefix := base + strconv.FormatInt(id, 10)
	h.o.Preview.ServeDraft(w, r, a, prefix, "/"+strings.TrimPrefix(r.URL.EscapedPath(), prefix+"/"))
}
