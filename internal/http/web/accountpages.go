package web

import (
	"net/http"

	"immo/internal/domain/field"
	"immo/internal/http/web/respond"
	"immo/internal/http/web/route"
)

// The account pages (the owners', the registrants') take GET, HEAD and
// their own forms' POSTs, and answer every page privately.

// accountRequest checks a request of an account page in lang: its method,
// and a POST's origin and form, read into the post it returns. ok false:
// refused, answered already.
func (h *Handler) accountRequest(w http.ResponseWriter, r *http.Request, lang string) (post FormPost, ok bool) {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodPost:
	default:
		w.Header().Set("Allow", "GET, HEAD, POST")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return post, false
	}
	if r.Method != http.MethodPost {
		return post, true
	}
	if err := crossOrigin.Check(r); err != nil {
		http.Error(w, http.StatusText(http.StatusForbidden), http.StatusForbidden)
		return post, false
	}
	values, _, status := readForm(w, r, nil)
	if status != 0 {
		http.Error(w, http.StatusText(status), status)
		return post, false
	}
	return FormPost{Lang: lang, Page: r.URL.EscapedPath(), Values: values, IP: remoteIP(r), Cookies: r.Cookies()}, true
}

// renderAccount answers an account page res, never cached; with errs, as
// the answer to post: its values given back (passwords and a link's token
// left out) and status.
func (h *Handler) renderAccount(w http.ResponseWriter, r *http.Request, post FormPost, res route.Result, errs field.Errors, status int) {
	if errs != nil {
		values := respond.Typed(post.Values)
		delete(values, tokenField)
		route.WithPost(res.Props, respond.PostedForm{Name: post.Form, Values: values}, errs)
		res.Status = status
	}
	p := h.page(h.routes(r.Context()), res)
	p.Private, p.Cacheable = true, false
	h.rs.Render(w, r, p)
}
