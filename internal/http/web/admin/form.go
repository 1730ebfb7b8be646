package admin

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"immo/internal/domain/account"
	"immo/internal/domain/errs"
	"immo/internal/domain/lead"
	"immo/internal/http/web"
	"immo/internal/http/web/respond"
)

// readForm reads a post's fields as the site's forms are read
// (web.ReadFormFiles: the origin checked, the body bounded, form-encoded,
// multipart or JSON): the first value of each, and the first file of each
// field of uploads (release gives their memory back). status ≠ 0: refused
// with it.
func readForm(w http.ResponseWriter, r *http.Request, uploads []string) (map[string]string, []lead.File, func(), int) {
	posted, files, release, status := web.ReadFormFiles(w, r, uploads)
	if status != 0 {
		return nil, nil, release, status
	}
	values := make(map[string]string, len(posted))
	for k, v := range posted {
		values[k] = v[0]
	}
	return values, files, release, 0
}

// formPage checks the method of a page holding a form (GET, HEAD, POST)
// and reads a post's fields (readForm). It says whether the request
// posted; ok false: refused, answered already.
func formPage(w http.ResponseWriter, r *http.Request) (values map[string]string, posted, ok bool) {
	p, ok := formPost(w, r, nil)
	return p.values, p.posted, ok
}

// formPost is formPage, with the files of the fields of uploads.
func formPost(w http.ResponseWriter, r *http.Request, uploads []string) (p post, ok bool) {
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		return p, true
	case http.MethodPost:
	default:
		w.Header().Set("Allow", "GET, HEAD, POST")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return p, false
	}
	var status int
	var release func()
	p.posted = true
	p.values, p.files, release, status = readForm(w, r, uploads)
	context.AfterFunc(r.Context(), release)
	if status != 0 {
		http.Error(w, http.StatusText(status), status)
		return p, false
	}
	return p, true
}

// typed is what a form posted, given back with its problems as every
// entry gives it back (respond.Typed: no password, no code).
func typed(values map[string]string, form string) *respond.PostedForm {
	posted := make(url.Values, len(values))
	for k, v := range values {
		posted.Set(k, v)
	}
	return &respond.PostedForm{Name: form, Values: respond.Typed(posted)}
}

// refusal is a domain refusal (errs) as a page with a form answers it: the
// status and the field's translation key; ok false when err is not one (a
// fault of ours: the caller answers 500).
func refusal(err error) (status int, problems map[string]string, ok bool) {
	e, coded := errs.As(err)
	if !coded {
		return 0, nil, false
	}
	switch e.Code {
	case errs.Invalid:
		status = http.StatusUnprocessableEntity
	case errs.NotFound:
		status = http.StatusNotFound
	case errs.Conflict:
		status = http.StatusConflict
	case errs.Forbidden:
		status = http.StatusForbidden
	case errs.Limited:
		status = http.StatusTooManyRequests
	default:
		return 0, nil, false
	}
	return status, map[string]string{e.Field: e.Key}, true
}

// pageOf fetches one page of a list paged by id: fetch is asked for size
// rows and one more, which tells whether an older page follows; last is
// then the page's last id (0: none follows).
func pageOf[T any](fetch func(limit int) ([]T, error), size int, id func(T) int64) (list []T, last int64, err error) {
	if list, err = fetch(size + 1); err != nil || len(list) <= size {
		return list, 0, err
	}
	list = list[:size]
	return list, id(list[size-1]), nil
}

// pageLinks are the addresses of a list paged by id: its CSV (export, the
// filter of q's keys) and, when rows older than last follow (last > 0),
// its next page (list, the filter and before=last).
func pageLinks(list, export string, q url.Values, keys []string, last int64) (exportURL, next string) {
	filter := url.Values{}
	for _, k := range keys {
		if v := q.Get(k); v != "" {
			filter.Set(k, v)
		}
	}
	exportURL = export + encoded(filter)
	if last > 0 {
		filter.Set("before", strconv.FormatInt(last, 10))
		next = list + encoded(filter)
	}
	return exportURL, next
}

// post is a request to an inbox page that holds forms: who asks, the
// page's shared props and, when it posted, what (forms).
type post struct {
	viewer account.Viewer
	base   Base
	values map[string]string
	files  []lead.File // the files of the fields the page takes (formsWith)
	posted bool
}

// forms opens a page holding forms for serve: the method checked, a
// post's fields read (formPage), the shared props made; a request refused
// on the way is answered here and serve never runs.
func (h *Handler) forms(serve func(w http.ResponseWriter, r *http.Request, p post)) http.HandlerFunc {
	return h.formsWith(nil, serve)
}

// formsWith is forms for a page whose forms post files in the fields of
// uploads.
func (h *Handler) formsWith(uploads []string, serve func(w http.ResponseWriter, r *http.Request, p post)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, ok := formPost(w, r, uploads)
		if !ok {
			return
		}
		p.viewer = account.FromContext(r.Context())
		p.base = h.base(r, p.viewer)
		serve(w, r, p)
	}
}

// change is what a post asks of an inbox page.
type change struct {
	// make makes it: problems refuse it field by field (422); err is a
	// domain refusal (errs) or a fault of ours.
	make func() (problems map[string]string, err error)
	// done is where the change made leads (the page, saying what was done).
	done string
	// next, when not nil, is where instead: set by make (a new item's page).
	next *string
	// form names the form given back with the problems and what was typed.
	form string
	// item: the change is to one item of the page (a lead, a row), and an
	// item gone or not the viewer's is the inbox's 404 or 403 page, not
	// the page with the problem on the item.
	item bool
	// notice and notices: after the redirect, the page says what was done
	// (?done=) under the key notice+done, when done is one of notices.
	notice  string
	notices []string
}

// answer makes the change c a post asks, and answers as every form of the
// inbox is answered: made, on to c.done (303); refused, the status, with
// p's props carrying the problems and what was typed, for the page the
// caller renders; a fault, the 500 page. answered: the response is
// written. A page not posted gets its notice of what was done, if any.
func (h *Handler) answer(w http.ResponseWriter, r *http.Request, p *post, c change) (status int, answered bool) {
	if !p.posted {
		if done := r.URL.Query().Get("done"); c.notice != "" && slices.Contains(c.notices, done) {
			p.base.Notice = c.notice + done
		}
		return 0, false
	}
	problems, err := c.make()
	switch {
	case err == nil && len(problems) == 0:
		to := c.done
		if c.next != nil {
			to = *c.next
		}
		h.rs.Redirect(w, r, to, http.StatusSeeOther)
		return 0, true
	case err == nil:
		status = http.StatusUnprocessableEntity
	default:
		var ok bool
		status, problems, ok = refusal(err)
		switch {
		case !ok:
			h.fail(w, r, http.StatusInternalServerError, err)
			return 0, true
		case c.item && (status == http.StatusNotFound || status == http.StatusForbidden):
			h.fail(w, r, status, nil)
			return 0, true
		}
	}
	p.base.Errors, p.base.Form = problems, typed(p.values, c.form)
	return status, false
}

// only makes an error a change of answer that refuses nothing field by field.
func only(err error) (map[string]string, error) { return nil, err }
