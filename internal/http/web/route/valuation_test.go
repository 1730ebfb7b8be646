package route

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"immo/internal/domain/lead"
)

// The free valuation page answers at its address in each language (French
// /fr/estimation-gratuite/), with its title, the catalog's types in the
// page's language, hreflang alternates, and it holds the valuation form.
func TestValuationPage(t *testing.T) {
	r := demoResolver(t)
	tests := []struct{ path, title, firstType, canonical string }{
		{"/nl/contact-demand/", "Gratis schatting", "", "/nl/contact-demand/"},
		{"/fr/estimation-gratuite/", "Estimation gratuite", "Villa/Maison/Ferme", "/fr/estimation-gratuite/"},
		{"/en/contact-demand/", "Free valuation", "", "/en/contact-demand/"},
		{"/de/contact-demand/", "Kostenlose Bewertung", "", "/de/contact-demand/"},
	}
	for _, tt := range tests {
		res := resolve(r, tt.path)
		if res.Status != http.StatusOK || res.View != "Valuation" {
			t.Fatalf("%s: %d %s", tt.path, res.Status, res.View)
		}
		p := propsAs[*ValuationProps](res)
		if p.Title != tt.title || !strings.HasPrefix(res.Head.Title, tt.title) {
			t.Errorf("%s: title %q, head %q", tt.path, p.Title, res.Head.Title)
		}
		if len(p.Types) != 7 {
			t.Errorf("%s: types %q", tt.path, p.Types)
		}
		if tt.firstType != "" && p.Types[0] != tt.firstType {
			t.Errorf("%s: first type %q", tt.path, p.Types[0])
		}
		if res.Head.Canonical != r.BaseURL+tt.canonical || !res.Cacheable {
			t.Errorf("%s: canonical %q, cacheable %v", tt.path, res.Head.Canonical, res.Cacheable)
		}
		var alts []string
		for _, a := range res.Head.Alternates {
			alts = append(alts, a.Lang+" "+strings.TrimPrefix(a.Href, r.BaseURL))
		}
		if !slices.Contains(alts, "fr /fr/estimation-gratuite/") || !slices.Contains(alts, "nl /nl/contact-demand/") {
			t.Errorf("%s: alternates %v", tt.path, alts)
		}
		if got := r.Forms(tt.path, nil); !slices.Contains(got, string(lead.KindValuation)) {
			t.Errorf("%s: forms %v", tt.path, got)
		}
	}
	// The other language's slug leads to the page's own address.
	if res := resolve(r, "/nl/estimation-gratuite/"); res.Status != 301 || res.Redirect != "/nl/contact-demand/" {
		t.Errorf("/nl/estimation-gratuite/: %d %q", res.Status, res.Redirect)
	}
}
