package server

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"immo/internal/domain/agency"
	"immo/internal/domain/i18n"
	"immo/internal/domain/site"
)

// A handler's panic is a 500 page in the visitor's language, never bare text.
func TestPanicPage(t *testing.T) {
	h := recoverPanics(slog.New(slog.DiscardHandler), "fr", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "12")
		panic("boom")
	}))
	german := &site.Config{Languages: site.Languages{Default: "de"}}
	for _, tc := range []struct {
		path, accept, lang string
		agency             *agency.Agency
	}{
		{"/nl/demand-register/", "", "nl", nil},
		{"/DE/x/", "fr", "de", nil},
		{"/en", "", "en", nil},
		{"/demand-register/", "de-DE,de;q=0.9", "de", nil},
		{"/demand-register/", "es", "fr", nil},
		// The request's agency's default, not the one the server started with.
		{"/demand-register/", "es", "de", &agency.Agency{Site: german}},
	} {
		req := httptest.NewRequest(http.MethodGet, tc.path, nil)
		if tc.agency != nil {
			req = req.WithContext(agency.NewContext(req.Context(), tc.agency))
		}
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
