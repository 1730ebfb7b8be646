package server

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"immo/internal/domain/i18n"
)

// A handler's panic is a 500 page in the visitor's language, never bare text.
func TestPanicPage(t *testing.T) {
	h := recoverPanics(slog.New(slog.DiscardHandler), "fr", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "12")
		panic("boom")
	}))
	for _, tc := range []struct{ path, accept, lang string }{
		{"/nl/demand-register/", "", "nl"},
		{"/DE/x/", "fr", "de"},
		{"/en", "", "en"},
		{"/demand-register/", "de-DE,de;q=0.9", "de"},
		{"/demand-register/", "es", "fr"},
	} {
		req := httptest.NewRequest(http.MethodGet, tc.path, nil)
		req.Header.Set("Accept-Language", tc.accept)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		body := rec.Body.String()
		if rec.Code != http.StatusInternalServerError || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") ||
			rec.Header().Get("Content-Length") != "" {
			t.Errorf("%s: %d %v", tc.path, rec.Code, rec.Header())
		}
		for _, want := range []string{`<html lang="` + tc.lang + `">`, i18n.T(tc.lang, "errors.server.title"),
			`href="/` + tc.lang + `/"`} {
			if !strings.Contains(body, strings.ReplaceAll(want, "'", "&#39;")) {
				t.Errorf("%s (%s): no %q in\n%s", tc.path, tc.accept, want, body)
			}
		}
	}
}
