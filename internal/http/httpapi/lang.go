package httpapi

import (
	"net/http"
	"slices"
	"strings"

	"immo/internal/domain/i18n"
)

// Lang is the request's language: the lang query parameter, else the
// Accept-Language we speak that the browser prefers most, else def (the
// site's default language).
func Lang(r *http.Request, def string) string {
	if l := strings.ToLower(r.URL.Query().Get("lang")); slices.Contains(i18n.Languages, l) {
		return l
	}
	if l := i18n.Preferred(r.Header.Get("Accept-Language")); l != "" {
		return l
	}
	return def
}
