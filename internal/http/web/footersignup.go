package web

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"

	"immo/internal/domain/lead"
)

// The footer's newsletter sign-up is on every page and posts to the page
// it is on (a refused address comes back there). The pages of their own
// routes — the account and owner pages, the newsletter's and a visit's
// link pages — hold no such form: their handlers would take the post for
// one of theirs (a logout, a login, an opt-out). forwardSignUp sends it on
// to the home page instead, which takes it: 307 keeps the method and the
// body, with JavaScript (the router's fetch follows) and without.
func (h *Handler) forwardSignUp(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lang := r.PathValue("lang")
		if r.Method != http.MethodPost || !slices.Contains(h.routes(r.Context()).Site.Languages.Enabled(), lang) {
			next.ServeHTTP(w, r)
			return
		}
		// Read the post once, bounded as every form is, and give it back
		// whole to the page's handler.
		body, err := io.ReadAll(io.LimitReader(r.Body, MaxFormBytes+1))
		if err != nil {
			http.Error(w, http.StatusText(http.StatusBadRequest), http.StatusBadRequest)
			return
		}
		r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), r.Body))
		if postedForm(r.Header.Get("Content-Type"), body) == string(lead.KindNewsletter) {
			http.Redirect(w, r, "/"+lang+"/", http.StatusTemporaryRedirect)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// postedForm is the form a post names (its formField), as a browser
// without JavaScript (urlencoded) or the router (JSON) posts it; "" none.
func postedForm(contentType string, body []byte) string {
	ct, _, _ := mime.ParseMediaType(contentType)
	switch ct {
	case "application/x-www-form-urlencoded":
		v, err := url.ParseQuery(string(body))
		if err == nil {
			return v.Get(formField)
		}
	case "application/json":
		var v struct {
			Form string `json:"form"`
		}
		if json.Unmarshal(body, &v) == nil {
			return v.Form
		}
	}
	return ""
}
