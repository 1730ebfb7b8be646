package httpapi

import (
	"net/http"

	"immo/internal/domain/altcha"
)

// Challenger makes the visitor forms' spam challenges (altcha.Service).
type Challenger interface {
	Challenge() (altcha.Challenge, error)
}

// altchaChallenge answers a fresh challenge for the forms' ALTCHA widget
// (GET /api/altcha): its JSON as the widget reads it, never cached — each
// challenge is good once.
func (a *CatalogAPI) altchaChallenge(w http.ResponseWriter, r *http.Request) {
	c, err := a.Challenges.Challenge()
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	JSON(w, http.StatusOK, c)
}
