package admin

import (
	"errors"
	"net/http"

	"immo/internal/domain/account"
)

// servePassword answers the page a staff password link opens
// (/admin/password/?token=…): the form choosing a password while the link
// is good, a page saying it is not otherwise. A good post sets the
// password, spends the link and starts the session — or, for an account
// with a second factor, leads to its code. The link's token never leaves in a referrer (the
// inbox sends none).
func (h *Handler) servePassword(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	b := h.base(r, account.Viewer{})
	props := LoginProps{Base: b, Step: "choose", Action: passwordPath}
	values, posted, ok := formPage(w, r)
	if !ok {
		return
	}
	token := r.URL.Query().Get("token")
	if posted {
		token = values["token"]
	}
	a, err := h.o.SignIn.Link(ctx, token)
	switch {
	case errors.Is(err, account.ErrUnknownToken):
		props.Step = "unknown"
		props.Action = loginPath
		h.render(w, r, props, b, http.StatusNotFound)
		return
	case err != nil:
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	props.Token, props.Email = token, a.Email
	if !posted {
		h.render(w, r, props, b, 0)
		return
	}
	a, problems, err := h.o.SignIn.SetPassword(ctx, token, values["password"], values["passwordConfirm"])
	switch {
	case errors.Is(err, account.ErrUnknownToken): // spent by another tab meanwhile
		props.Step, props.Action, props.Token = "unknown", loginPath, ""
		h.render(w, r, props, b, http.StatusNotFound)
		return
	case err != nil:
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	case len(problems) > 0:
		props.Errors, props.Form = problems, typed(values, "password")
		delete(props.Form.Values, "token")
		h.render(w, r, props, b, http.StatusUnprocessableEntity)
		return
	}
	// A link is the password, not the second factor: an account with one
	// is asked its code next, as after the login's password.
	codeNext, err := h.o.SignIn.NeedsCode(ctx, a.ID)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	next, start := leadsPath, h.o.Sessions.Start
	if codeNext {
		next, start = codePath, h.o.Sessions.Await
	}
	if err := start(ctx, a.ID); err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	h.rs.Redirect(w, r, next, http.StatusSeeOther)
}
