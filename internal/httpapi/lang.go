package httpapi

import (
	"net/http"
	"slices"
	"strings"

	"immo/internal/i18n"
)

// Lang is the request's language: the lang query parameter, else the first
// Accept-Language we speak, else def (the site's default language).
func Lang(r *http.Request, def string) string {
	if l := strings.ToLower(r.URL.Query().Get("lang")); slices.Contains(i18n.Languages, l) {
		return l
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		if len(tag) >= 2 && slices.Contains(i18n.Languages, tag[:2]) {
			return tag[:2]
		}
	}
	return def
}
