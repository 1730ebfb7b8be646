package route

import (
	"net/http"
	"strings"
	"testing"
)

// TestListCanonicalRules: one canonical per meaningful filter set, written
// one way; paging self-canonical; another order and an empty list shown
// but not indexed; the page's own order asked for by name is the plain
// page.
func TestListCanonicalRules(t *testing.T) {
	r := demoResolver(t)
	const base = "https://example.test"
	tests := []struct {
		url, canonical, robots string
	}{
		{"/fr/a-vendre/", "/fr/a-vendre/", "index, follow"},
		{"/fr/a-vendre/?page=1", "/fr/a-vendre/", "index, follow"},
		{"/fr/a-vendre/?page=2", "/fr/a-vendre/?page=2", "index, follow"},
		{"/fr/a-vendre/?type=1&city=arlon&utm_source=mail", "/fr/a-vendre/?city=Arlon&type=1", "index, follow"},
		{"/fr/a-vendre/?page=2&type=1&view=list", "/fr/a-vendre/?page=2&type=1", "index, follow"},
		{"/fr/a-vendre/?priceMax=250000.0", "/fr/a-vendre/?priceMax=250000", "index, follow"},
		// The page's own order (newest first), by name: the plain page.
		{"/fr/a-vendre/?sort=date", "/fr/a-vendre/", "index, follow"},
		{"/fr/a-vendre/?sort=date&order=desc&page=2", "/fr/a-vendre/?page=2", "index, follow"},
		// Another order: its own address, not indexed.
		{"/fr/a-vendre/?sort=price&order=asc", "/fr/a-vendre/?order=asc&sort=price", "noindex, follow"},
		{"/fr/a-vendre/?sort=date&order=asc", "/fr/a-vendre/?order=asc&sort=date", "noindex, follow"},
		// Nothing found: not indexed.
		{"/fr/a-vendre/?priceMax=1", "/fr/a-vendre/?priceMax=1", "noindex, follow"},
	}
	for _, tt := range tests {
		got := resolve(r, tt.url)
		if got.Status != http.StatusOK {
			t.Errorf("%s: %d", tt.url, got.Status)
			continue
		}
		if got.Head.Canonical != base+tt.canonical || got.Head.Robots != tt.robots {
			t.Errorf("%s: canonical %s robots %q, want %s %q", tt.url, got.Head.Canonical, got.Head.Robots, tt.canonical, tt.robots)
		}
		_, want, _ := strings.Cut(tt.canonical, "?")
		for _, a := range got.Head.Alternates {
			if _, q, _ := strings.Cut(a.Href, "?"); q != want {
				t.Errorf("%s: alternate %s has another query than the canonical %s", tt.url, a.Href, tt.canonical)
			}
		}
	}
	// A site that asks to stay out of the index as a whole keeps its words.
	r.Site.SiteInfo.Settings.Robots = "noindex, nofollow"
	if got := resolve(r, "/fr/a-vendre/?sort=price"); got.Head.Robots != "noindex, nofollow" {
		t.Errorf("a noindex site's sorted list: %q", got.Head.Robots)
	}
}

// TestCanonicalRedirects: every address of a page but its own answers 301
// to it, keeping the query for the page to read; the canonical address
// answers 200 and is the page's canonical link.
func TestCanonicalRedirects(t *testing.T) {
	r := demoResolver(t)
	tests := []struct{ url, to string }{
		{"/for-sale/?city=Arlon", "/fr/a-vendre/?city=Arlon"},
		{"/nl/for-rent/", "/nl/te-huur/"},
		{"/NL/Te-Koop/?page=2", "/nl/te-koop/?page=2"},
		{"/de/zu-verkaufen", "/de/zu-verkaufen/"},
		{"/en/property/4100001/", "/en/for-sale/arlon/villa-house-farm/4100001/"},
		{"/property/4100063/?utm_source=x", "/fr/a-louer/arlon/appartement/4100063/?utm_source=x"},
		{"/project/?id=5200002", "/fr/project/?id=5200002"},
		{"/fr/contact-demand/", "/fr/estimation-gratuite/"},
		{"/en/feedback/contact-me", "/en/feedback/contact-me/"},
		{"/Privacy/", "/fr/vie-privee/"},
	}
	for _, tt := range tests {
		got := resolve(r, tt.url)
		if got.Status != http.StatusMovedPermanently || got.Redirect != tt.to {
			t.Errorf("%s: %d %q, want 301 %s", tt.url, got.Status, got.Redirect, tt.to)
			continue
		}
		page := resolve(r, tt.to)
		path, _, _ := strings.Cut(tt.to, "?")
		if canon, _, _ := strings.Cut(page.Head.Canonical, "?"); page.Status != http.StatusOK || canon != r.BaseURL+path {
			t.Errorf("%s: %d, canonical %s", tt.to, page.Status, page.Head.Canonical)
		}
	}
	// The bare root is the default language's home page, not a redirect.
	if got := resolve(r, "/"); got.Status != http.StatusOK {
		t.Errorf("/: %d", got.Status)
	}
	// A post to another spelling has no form: it is answered as the redirect would be.
	if pp := r.PostPage("/contact/", nil); len(pp.Forms) > 0 {
		t.Errorf("forms at a redirected address: %v", pp.Forms)
	}
	if pp := r.PostPage("/fr/contact/", nil); len(pp.Forms) == 0 {
		t.Error("no forms at the canonical address")
	}
}
