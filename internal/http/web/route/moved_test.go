package route

import (
	"encoding/json"
	"net/http"
	"testing"

	"immo/internal/adapter/demo"
)

// TestMovedAddresses: an address the configuration says moved answers 301
// there, one it says is gone 410 — with its language, and without it when
// the language is the default one (its pages answer so: /emplois/ is
// /fr/emplois/); another language's address is no default one's.
func TestMovedAddresses(t *testing.T) {
	var tree map[string]any
	if err := json.Unmarshal(demo.SiteJSON(), &tree); err != nil {
		t.Fatal(err)
	}
	if tree["languages"].(map[string]any)["default"] != "fr" {
		t.Fatal("the demo's default language is not the one the test expects")
	}
	tree["moved"] = []any{
		map[string]any{"from": "/fr/ancienne-page/", "to": "/fr/a-vendre/"},
		map[string]any{"from": "/fr/partie/", "to": ""},
		map[string]any{"from": "/nl/oude-pagina/", "to": "/nl/te-koop/"},
		map[string]any{"from": "/de/über/", "to": "/de/"},
		map[string]any{"from": "/ancienne-page/", "to": "/fr/a-louer/"}, // the editor's own, without language
	}
	raw, err := json.Marshal(tree)
	if err != nil {
		t.Fatal(err)
	}
	r := resolverFor(t, "site.json", raw)
	for _, tt := range []struct {
		url    string
		status int
		to     string
	}{
		{"/fr/ancienne-page/", http.StatusMovedPermanently, "/fr/a-vendre/"},
		{"/FR/Ancienne-Page", http.StatusMovedPermanently, "/fr/a-vendre/"},
		{"/fr/partie/", http.StatusGone, ""},
		{"/partie/", http.StatusGone, ""},
		{"/Partie", http.StatusGone, ""},
		{"/ancienne-page/", http.StatusMovedPermanently, "/fr/a-louer/"}, // listed as such: that entry
		{"/nl/oude-pagina/", http.StatusMovedPermanently, "/nl/te-koop/"},
		{"/oude-pagina/", http.StatusNotFound, ""}, // Dutch is not the default language
		{"/fr/oude-pagina/", http.StatusNotFound, ""},
		{"/de/%C3%BCber/", http.StatusMovedPermanently, "/de/"},
		{"/fr/partie/x/", http.StatusNotFound, ""},
	} {
		got := resolve(r, tt.url)
		if got.Status != tt.status || got.Redirect != tt.to {
			t.Errorf("%s: %d to %q, want %d to %q", tt.url, got.Status, got.Redirect, tt.status, tt.to)
		}
		// A page gone says so (410, "removed"), one never there that it is not found.
		if p, ok := got.Props.(*NotFoundProps); ok && p.Gone != (tt.status == http.StatusGone) {
			t.Errorf("%s: the page says gone %v, want %v", tt.url, p.Gone, tt.status == http.StatusGone)
		}
	}
	// Without the moved entry, the address is no page.
	if got := resolve(r, "/autre-page/"); got.Status != http.StatusNotFound {
		t.Errorf("/autre-page/: %d, want 404", got.Status)
	}
}
