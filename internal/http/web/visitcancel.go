package web

import (
	"context"
	"errors"
	"net/http"

	"immo/internal/domain/agenda"
)

// VisitCancels finds and cancels booked visits by their cancel link's
// token (cmd/immo wires the agenda and the agency's notice).
type VisitCancels interface {
	// Find is the booking the token names while it can be cancelled;
	// agenda.ErrNoBooking when none.
	Find(ctx context.Context, token string) (agenda.Booking, error)
	// Cancel frees its place, once; agenda.ErrNoBooking when none.
	Cancel(ctx context.Context, token string) (agenda.Booking, error)
}

// serveVisitCancel answers a visit's cancel link, /{lang}/cancel-visit/?token=…:
// GET shows the visit and a button, which POSTs the token to the same
// address; the answer says it is cancelled. An unknown or used token is
// 404 with a page saying so; our failure is a page offering to try again
// (500). These pages hold a token: never cached, never indexed.
func (h *Handler) serveVisitCancel(w http.ResponseWriter, r *http.Request) {
	lang, ok := h.routes(r.Context()).VisitCancelLang(r.URL.EscapedPath())
	if !ok { // not a language of the site
		h.servePage(w, r)
		return
	}
	var token string
	var b agenda.Booking
	var err error
	state := "confirm"
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		token = r.URL.Query().Get("token")
		b, err = h.visits.Find(r.Context(), token)
	case http.MethodPost:
		if err := crossOrigin.Check(r); err != nil {
			http.Error(w, http.StatusText(http.StatusForbidden), http.StatusForbidden)
			return
		}
		values, _, status := readForm(w, r, nil)
		if status != 0 {
			http.Error(w, http.StatusText(status), status)
			return
		}
		token = values.Get("token")
		b, err = h.visits.Cancel(r.Context(), token)
		state = "done"
	default:
		w.Header().Set("Allow", "GET, HEAD, POST")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	booking := &b
	switch {
	case errors.Is(err, agenda.ErrNoBooking):
		state, booking = "unknown", nil
	case err != nil:
		h.log.Error("visit cancel", "method", r.Method, "err", err)
		state, booking = "failed", nil
	}
	res := h.routes(r.Context()).VisitCancel(lang, state, token, booking)
	if state == "failed" {
		res.Status = http.StatusInternalServerError
	}
	p := h.page(h.routes(r.Context()), res)
	p.NoStore, p.Cacheable = true, false
	h.rs.Render(w, r, p)
}
