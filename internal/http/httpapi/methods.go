package httpapi

import (
	"net/http"

	"immo/internal/domain/i18n"
)

// allowed is what every API path accepts: the API only reads.
const allowed = "GET, HEAD"

// methodNotAllowed answers another method than GET or HEAD on a known API
// path: 405 with Allow, in the API's error shape.
func (a *CatalogAPI) methodNotAllowed(w http.ResponseWriter, r *http.Request) {
	var body ErrorBody
	body.Error.Code = "method_not_allowed"
	body.Error.Message = i18n.T(a.lang(r), "errors.methodNotAllowed")
	body.Error.Detail = r.Method + " is not allowed here: use " + allowed
	w.Header().Set("Allow", allowed)
	JSON(w, http.StatusMethodNotAllowed, body)
}
