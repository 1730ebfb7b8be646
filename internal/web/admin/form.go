package admin

import (
	"encoding/json"
	"errors"
	"mime"
	"net/http"
	"strings"
)

// maxFormBytes bounds an inbox form's body: the longest is a note.
const maxFormBytes = 32 << 10

// crossOrigin refuses a post another site's page sends (CSRF), by the
// browser's Sec-Fetch-Site and Origin headers.
var crossOrigin = http.NewCrossOriginProtection()

// readForm checks a post (its origin, its size) and reads its fields,
// form-encoded (a browser without JavaScript) or JSON (the app's router):
// the first value of each field, strings only. status ≠ 0: refused with it.
func readForm(w http.ResponseWriter, r *http.Request) (map[string]string, int) {
	if err := crossOrigin.Check(r); err != nil {
		return nil, http.StatusForbidden
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	fail := func(err error) (map[string]string, int) {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return nil, http.StatusRequestEntityTooLarge
		}
		return nil, http.StatusBadRequest
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	values := map[string]string{}
	switch ct {
	case "application/x-www-form-urlencoded":
		if err := r.ParseForm(); err != nil {
			return fail(err)
		}
		for k, v := range r.PostForm {
			values[k] = v[0]
		}
	case "application/json":
		var raw map[string]any
		if err := json.NewDecoder(r.Body).Decode(&raw); err != nil {
			return fail(err)
		}
		for k, v := range raw {
			switch x := v.(type) {
			case string:
				values[k] = x
			case json.Number, float64, bool:
				b, _ := json.Marshal(x)
				values[k] = string(b)
			case nil:
			default:
				return nil, http.StatusBadRequest
			}
		}
	default:
		return nil, http.StatusUnsupportedMediaType
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
