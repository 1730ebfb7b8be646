package route

import (
	"net/http"
	"strings"
	"testing"

	"immo/internal/http/web/views"
)

// The search box's text, sent as ?q= to a list page, lands where it names.
func TestSearchResolves(t *testing.T) {
	r := demoResolver(t)
	tests := []struct {
		name, url string
		status    int
		to        string // the redirect, "" for the page itself
	}{
		{"property ID", "/nl/te-koop/?q=4100012", 302, "/nl/te-koop/arlon/opbrengsteigendom/4100012/"},
		{"rented property ID", "/en/for-sale/?q=4100063", 302, "/en/for-rent/arlon/apartment/4100063/"},
		{"type nl", "/nl/te-koop/?q=appartement", 302, "/nl/te-koop/?type=2"},
		{"type fr on the rent list", "/fr/a-louer/?q=Appartement", 302, "/fr/a-louer/?type=2"},
		{"type en", "/en/for-sale/?q=apartment", 302, "/en/for-sale/?type=2"},
		{"type de", "/de/zu-verkaufen/?q=Wohnung", 302, "/de/zu-verkaufen/?type=2"},
		{"type in another language", "/de/zu-verkaufen/?q=huis", 302, "/de/zu-verkaufen/?type=1"},
		{"type part", "/fr/a-vendre/?q=maison", 302, "/fr/a-vendre/?type=1"},
		{"city nl exonym", "/nl/te-koop/?q=Aarlen", 302, "/nl/te-koop/?city=Arlon%7C6700"},
		{"city de exonym", "/de/zu-verkaufen/?q=Arel", 302, "/de/zu-verkaufen/?city=Arlon%7C6700"},
		{"city exonym, Brussels", "/nl/te-koop/?q=Brussel", 302, "/nl/te-koop/?city=Bruxelles%7C1000"},
		{"city exonym, Luxembourg", "/de/zu-verkaufen/?q=L%C3%ABtzebuerg", 302, "/de/zu-verkaufen/?city=Luxembourg%7C1930"},
		{"city by zip", "/fr/a-vendre/?q=6780", 302, "/fr/a-vendre/?city=Messancy%7C6780"},
		{"city accents stripped", "/fr/a-vendre/?q=etalle", 302, "/fr/a-vendre/?city=%C3%89talle%7C6740"},
		{"city on the rent list", "/nl/te-huur/?q=aarlen", 302, "/nl/te-huur/?city=Arlon%7C6700"},
		{"a city with no rentals opens the sale list", "/nl/te-huur/?q=Gent", 302, "/nl/te-koop/?city=Gent%7C9000"},
		{"the list's sort stays, the page starts again", "/nl/te-koop/?q=Aarlen&sort=price&page=3", 302, "/nl/te-koop/?city=Arlon%7C6700&sort=price"},
		{"nothing found", "/nl/te-koop/?q=kasteel", 200, ""},
		{"blank text is no search", "/nl/te-koop/?q=+", 200, ""},
	}
	for _, tt := range tests {
		got := resolve(r, tt.url)
		if got.Status != tt.status || got.Redirect != tt.to {
			t.Errorf("%s: %s → %d %q, want %d %q", tt.name, tt.url, got.Status, got.Redirect, tt.status, tt.to)
		}
		// Every redirect lands on a page.
		if tt.to != "" {
			if end := resolve(r, tt.to); end.Status != http.StatusOK {
				t.Errorf("%s: %s answers %d", tt.name, tt.to, end.Status)
			}
		}
	}
	if got := resolve(r, "/nl/te-koop/?q=Aarlen"); got.Redirect != "" {
		if list := resolve(r, got.Redirect); propsAs[*ListProps](list).Total != 14 {
			t.Errorf("Aarlen lists %v properties for sale, want Arlon's 14", propsAs[*ListProps](list).Total)
		}
	}
}

func TestSearchNothingFound(t *testing.T) {
	r := demoResolver(t)
	got := resolve(r, "/nl/te-koop/?q=Arl&view=map")
	s := propsAs[*ListProps](got).Search
	if got.Status != 200 || got.View != views.List || s == nil || s.Query != "Arl" {
		t.Fatalf("no search view: %d %v %+v", got.Status, got.View, propsAs[*ListProps](got).Search)
	}
	if propsAs[*ListProps](got).Total != 0 || len(propsAs[*ListProps](got).Items) != 0 || len(propsAs[*ListProps](got).Markers) != 0 {
		t.Fatalf("an unresolved search lists %v", propsAs[*ListProps](got).Total)
	}
	// "Arl" names nothing exactly, and the suggestions offer Arlon's two lists.
	if len(s.Suggestions.Cities) != 1 || s.Suggestions.Cities[0].SaleHref != "/nl/te-koop/?city=Arlon%7C6700" ||
		s.Suggestions.Cities[0].RentHref != "/nl/te-huur/?city=Arlon%7C6700" {
		t.Fatalf("suggestions %+v", s.Suggestions.Cities)
	}
	if got.Head.Robots != "noindex, follow" {
		t.Fatalf("robots %q", got.Head.Robots)
	}
	// The language switcher keeps the text.
	if sh := got.Props.base().Site; !strings.Contains(sh.Languages[0].Href, "q=Arl") {
		t.Fatalf("switcher %+v", sh.Languages)
	}
	long := resolve(r, "/nl/te-koop/?q="+strings.Repeat("x", 5000))
	if s := propsAs[*ListProps](long).Search; len(s.Query) != 100 {
		t.Fatalf("the text is not bounded: %d", len(s.Query))
	}
}

// A pretty property URL with a wrong list, city or type is another page's
// address: 301 to the property's own, without the query; so are SPEC's
// /property/{id}/ and another case or no trailing slash.
func TestPrettyPropertyURLRedirects(t *testing.T) {
	r := demoResolver(t)
	const canon = "/nl/te-koop/arlon/villa-huis-hoeve/4100001/"
	tests := []struct {
		url    string
		status int
		to     string
	}{
		{canon, 200, ""},
		{"/nl/te-koop/ARLON/Villa-Huis-Hoeve/4100001", 301, canon},
		{"/nl/for-sale/arlon/villa-huis-hoeve/4100001/", 301, canon}, // the sale list's original path
		{"/nl/property/4100001/", 301, canon},                        // SPEC's /property/{id}/
		{"/property/4100001/", 301, "/fr/a-vendre/arlon/villa-maison-ferme/4100001/"},
		{"/nl/te-koop/brussel/villa-huis-hoeve/4100001/", 301, canon},
		{"/nl/te-koop/arlon/appartement/4100001/", 301, canon},
		{"/nl/te-huur/arlon/villa-huis-hoeve/4100001/", 301, canon},
		{"/nl/verkocht-verhuurd/arlon/villa-huis-hoeve/4100001/", 301, canon},
		{"/nl/te-koop/brussel/villa/4100001/?utm=x", 301, canon + "?utm=x"},
		// A form's link without JavaScript keeps what it asks for.
		{"/fr/a-vendre/arlon/appartement/4100001/?open=send-to-friend", 301, "/fr/a-vendre/arlon/villa-maison-ferme/4100001/?open=send-to-friend"},
		{"/fr/a-louer/x/y/4100001/", 301, "/fr/a-vendre/arlon/villa-maison-ferme/4100001/"},
		{"/en/for-sale/arlon/apartment/4100063/", 301, "/en/for-rent/arlon/apartment/4100063/"},
		{"/nl/te-koop/arlon/villa/999/", 404, ""},
	}
	for _, tt := range tests {
		got := resolve(r, tt.url)
		if got.Status != tt.status || got.Redirect != tt.to {
			t.Errorf("%s → %d %q, want %d %q", tt.url, got.Status, got.Redirect, tt.status, tt.to)
		}
	}
}
