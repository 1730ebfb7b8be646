package admin

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"immo/internal/domain/errs"
	"immo/internal/http/web"
)

// readForm reads a post's fields as the site's forms are read
// (web.ReadForm: the origin checked, the body bounded, form-encoded or
// JSON): the first value of each. status ≠ 0: refused with it.
func readForm(w http.ResponseWriter, r *http.Request) (map[string]string, int) {
	posted, status := web.ReadForm(w, r)
	if status != 0 {
		return nil, status
	}
	values := make(map[string]string, len(posted))
	for k, v := range posted {
		values[k] = v[0]
	}
	return values, 0
}

// formPage checks the method of a page holding a form (GET, HEAD, POST)
// and reads a post's fields (readForm). It says whether the request
// posted; ok false: refused, answered already.
func formPage(w http.ResponseWriter, r *http.Request) (values map[string]string, posted, ok bool) {
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		return nil, false, true
	case http.MethodPost:
	default:
		w.Header().Set("Allow", "GET, HEAD, POST")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return nil, false, false
	}
	values, status := readForm(w, r)
	if status != 0 {
		http.Error(w, http.StatusText(status), status)
		return nil, true, false
	}
	return values, true, true
}

// typed is what a form posted, given back with its errors: every field
// but the secret ones.
func typed(values map[string]string, form string) map[string]string {
	out := map[string]string{"form": form}
	for k, v := range values {
		if k == "password" || k == "code" || strings.HasPrefix(k, "_") {
			continue
		}
		out[k] = v
	}
	return out
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

// rowRefusal answers a change to a list's item refused: an item gone or
// not the viewer's to change gets the inbox's 404 or 403 page, our fault a
// 500 (done: answered); any other refusal is the page's status and the
// field's key, said on the item's row.
func (h *Handler) rowRefusal(w http.ResponseWriter, r *http.Request, err error) (status int, problems map[string]string, done bool) {
	status, problems, ok := refusal(err)
	switch {
	case !ok:
		h.fail(w, r, http.StatusInternalServerError, err)
		return 0, nil, true
	case status == http.StatusNotFound || status == http.StatusForbidden:
		h.fail(w, r, status, nil)
		return 0, nil, true
	}
	return status, problems, false
}
