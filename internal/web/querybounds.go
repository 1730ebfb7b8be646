package web

import "net/http"

// MaxQueryBytes bounds a page's query string. The longest the site writes
// (every list filter and a city) is under 200 bytes; campaign parameters
// fit the rest. A longer one is refused before anything reads it, so no
// request can make a page carry a visitor's kilobytes.
const MaxQueryBytes = 2048

// refuseLongQuery answers 414 to a query string past MaxQueryBytes and
// reports whether it did.
func refuseLongQuery(w http.ResponseWriter, r *http.Request) bool {
	if len(r.URL.RawQuery) <= MaxQueryBytes {
		return false
	}
	http.Error(w, http.StatusText(http.StatusRequestURITooLong), http.StatusRequestURITooLong)
	return true
}
