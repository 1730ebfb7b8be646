package server

import (
	"html/template"
	"immo/internal/domain/agency"
	"log/slog"
	"net/http"
	"strings"

	"immo/internal/domain/i18n"
)

// recoverPanics turns a handler panic into a logged 500 page in the
// visitor's language, not a dropped connection nor bare text. The page is a
// fixed template, not a React render: whatever panicked may be what renders.
func recoverPanics(log *slog.Logger, defaultLang string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil && v != http.ErrAbortHandler {
				log.Error("panic", "path", r.URL.Path, "panic", v)
				writePanicPage(w, panicLang(r, agencyLang(r, defaultLang)))
			}
		}()
		h.ServeHTTP(w, r)
	})
}

// agencyLang is the default language of the request's agency, else
// fallback (a request with no agency in its context).
func agencyLang(r *http.Request, fallback string) string {
	if a := agency.FromContext(r.Context()); a != nil && a.Site != nil {
		return a.Site.Languages.Default
	}
	return fallback
}

// panicLang is the language of the address's prefix, else the browser's,
// else the site's default.
func panicLang(r *http.Request, defaultLang string) string {
	first, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	if first = strings.ToLower(first); len(first) == 2 && isLanguage(first) {
		return first
	}
	if l := i18n.Preferred(r.Header.Get("Accept-Language")); l != "" {
		return l
	}
	if isLanguage(defaultLang) {
		return defaultLang
	}
	return i18n.Languages[0]
}

func isLanguage(l string) bool {
	for _, x := range i18n.Languages {
		if x == l {
			return true
		}
	}
	return false
}

var panicPage = template.Must(template.New("500").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{{.Title}}</title>
<style>body{font:1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222}a{color:#0b5394}</style>
</head><body><main><h1>{{.Title}}</h1><p>{{.Text}}</p><p><a href="/{{.Lang}}/">{{.Home}}</a></p></main></body></html>
`))

func writePanicPage(w http.ResponseWriter, lang string) {
	h := w.Header()
	for _, k := range []string{"Content-Length", "Content-Encoding", "ETag", "Last-Modified", "Location"} {
		h.Del(k)
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusInternalServerError)
	_ = panicPage.Execute(w, map[string]string{"Lang": lang, "Title": i18n.T(lang, "errors.server.title"),
		"Text": i18n.T(lang, "errors.server.text"), "Home": i18n.T(lang, "errors.server.home")})
}
