package httpapi

import (
	"net/http/httptest"
	"testing"
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
