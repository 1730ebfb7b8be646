package web

import (
	"encoding/json"
	"errors"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
)

// readForm reads the body: a URL-encoded or multipart form (a browser
// without JavaScript) or a JSON object (the client's router) of strings,
// numbers, booleans or lists of them. status is 413 past MaxFormBytes, 415
// for another type, 400 for a body that does not parse.
func readForm(w http.ResponseWriter, r *http.Request) (url.Values, int) {
	r.Body = http.MaxBytesReader(w, r.Body, MaxFormBytes)
	fail := func(err error) (url.Values, int) {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return nil, http.StatusRequestEntityTooLarge
		}
		return nil, http.StatusBadRequest
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch ct {
	case "application/x-www-form-urlencoded":
		if err := r.ParseForm(); err != nil {
			return fail(err)
		}
		return r.PostForm, 0
	case "multipart/form-data":
		if err := r.ParseMultipartForm(MaxFormBytes); err != nil {
			return fail(err)
		}
		defer r.MultipartForm.RemoveAll()
		return url.Values(r.MultipartForm.Value), 0
	case "application/json":
		var raw map[string]any
		dec := json.NewDecoder(r.Body)
		dec.UseNumber()
		if err := dec.Decode(&raw); err != nil {
			return fail(err)
		}
		v := url.Values{}
		for k, x := range raw {
			list, ok := x.([]any)
			if !ok {
				list = []any{x}
			}
			for _, e := range list {
				s, ok := scalar(e)
				if !ok {
					return nil, http.StatusBadRequest
				}
				v.Add(k, s)
			}
		}
		return v, 0
	}
	return nil, http.StatusUnsupportedMediaType
}

func scalar(x any) (string, bool) {
	switch x := x.(type) {
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	case nil:
		return "", true
	}
	return "", false
}

// remoteIP is the sender's address as the connection gives it.
func remoteIP(r *http.Request) string {
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return host
	}
	return r.RemoteAddr
}
