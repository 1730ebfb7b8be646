package httpapi

import (
	"net/http/httptest"
	"testing"

	"immo/internal/domain/agency"
	"immo/internal/domain/site"
)

func TestLang(t *testing.T) {
	tests := []struct{ url, accept, def, want string }{
		{"/api/types?lang=de", "nl-BE", "fr", "de"},
		{"/api/types?lang=es", "nl-BE,fr;q=0.8", "fr", "nl"},
		{"/api/types", "es-ES, en-GB;q=0.7", "fr", "en"},
		{"/api/types", "es", "nl", "nl"},
		{"/api/types", "", "de", "de"},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", tt.url, nil)
		r.Header.Set("Accept-Language", tt.accept)
		if got := Lang(r, tt.def); got != tt.want {
			t.Errorf("Lang(%s, %q, default %s) = %s, want %s", tt.url, tt.accept, tt.def, got, tt.want)
		}
	}
}

// The API answers a request that names no language in its agency's
// default, not in the one the server started with.
func TestLangOfTheRequestsAgency(t *testing.T) {
	a := &CatalogAPI{DefaultLang: "fr"}
	r := httptest.NewRequest("GET", "/api/types", nil)
	if got := a.lang(r); got != "fr" {
		t.Errorf("no agency: %s, want the server's fr", got)
	}
	german := &agency.Agency{Site: &site.Config{Languages: site.Languages{Default: "de"}}}
	r = r.WithContext(agency.NewContext(r.Context(), german))
	if got := a.lang(r); got != "de" {
		t.Errorf("a German agency: %s, want de", got)
	}
	r.Header.Set("Accept-Language", "nl-BE")
	if got := a.lang(r); got != "nl" {
		t.Errorf("a Dutch browser: %s, want nl", got)
	}
}
