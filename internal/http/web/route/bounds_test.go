package route

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// Issue 8, defect 1: a page past the end, however large, answers with the
// last page's address, never a 500.
func TestListPageBeyondTheEnd(t *testing.T) {
	r := demoResolver(t)
	last := propsAs[*ListProps](resolve(r, "/fr/a-vendre/")).Pages
	if last < 2 {
		t.Fatalf("the demo sale list needs several pages: %d", last)
	}
	tests := []struct{ url, want string }{
		{"/fr/a-vendre/?page=99", "/fr/a-vendre/?page=" + strconv.Itoa(last)},
		{"/fr/a-vendre/?page=9223372036854775807", "/fr/a-vendre/?page=" + strconv.Itoa(last)},
		{"/fr/a-vendre/?page=99999999999999999999999999", "/fr/a-vendre/?page=" + strconv.Itoa(last)},
		// The filters stay, in their canonical spelling; an unknown key goes.
		{"/fr/a-vendre/?city=arlon&sort=PRICE&utm_source=x&page=1000001", "/fr/a-vendre/?city=Arlon&page=1&sort=price"},
		{"/fr/a-vendre/?type=999999&page=50", "/fr/a-vendre/?page=" + strconv.Itoa(last)},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			got := resolve(r, tt.url)
			want := tt.want
			if strings.HasSuffix(want, "&page=1&sort=price") {
				// Arlon may hold one page or several: ask the list.
				n := propsAs[*ListProps](resolve(r, "/fr/a-vendre/?city=Arlon&sort=price")).Pages
				want = "/fr/a-vendre/?city=Arlon&sort=price"
				if n > 1 {
					want = "/fr/a-vendre/?city=Arlon&page=" + strconv.Itoa(n) + "&sort=price"
				}
			}
			if got.Status != http.StatusFound || got.Redirect != want {
				t.Fatalf("got %d %q, want 302 %q", got.Status, got.Redirect, want)
			}
			if again := resolve(r, want); again.Status != http.StatusOK {
				t.Fatalf("the redirect leads to %d", again.Status)
			}
		})
	}
}

// Issue 8, defect 3: nothing a visitor types comes back in the page unless
// it names a city, a type or an option the site knows.
func TestListDoesNotEchoUnknownValues(t *testing.T) {
	r := demoResolver(t)
	huge := strings.Repeat("Zanzibar", 8000) // 64 KB
	plain := resolve(r, "/fr/a-vendre/")
	plainJSON, _ := json.Marshal(plain.Props)
	tests := []struct {
		url, city, canonical string
	}{
		{"/fr/a-vendre/?city=" + huge, "", "https://example.test/fr/a-vendre/"},
		{"/fr/a-vendre/?city=Zanzibar%7C6700&type=424242&view=globe&order=zz%3C", "", ""},
		{"/fr/a-vendre/?city=Atlantis&junk=" + huge, "", "https://example.test/fr/a-vendre/"},
		{"/fr/a-vendre/?city=ARLON%7C6700&type=1", "Arlon|6700", "https://example.test/fr/a-vendre/?city=Arlon%7C6700&type=1"},
		{"/fr/a-vendre/?city=aarlen&view=MAP", "Arlon", "https://example.test/fr/a-vendre/?city=Arlon&view=map"},
		{"/fr/a-vendre/?priceMin=0150000&priceMax=+300000.0", "", "https://example.test/fr/a-vendre/?priceMax=300000&priceMin=150000"},
	}
	for _, tt := range tests {
		t.Run(tt.url[:min(len(tt.url), 80)], func(t *testing.T) {
			got := resolve(r, tt.url)
			body, _ := json.Marshal(got.Props)
			if strings.Contains(string(body), "Zanzibar") || strings.Contains(string(body), "424242") ||
				strings.Contains(string(body), "globe") || strings.Contains(string(body), "Atlantis") {
				t.Fatal("an unknown value is echoed into the page")
			}
			if len(body) > 2*len(plainJSON) {
				t.Fatalf("page data grew to %d bytes (plain list: %d)", len(body), len(plainJSON))
			}
			if f := propsAs[*ListProps](got).Filters; f.City != tt.city {
				t.Fatalf("filter form city %q, want %q", f.City, tt.city)
			}
			if tt.canonical != "" && got.Head.Canonical != tt.canonical {
				t.Fatalf("canonical %q, want %q", got.Head.Canonical, tt.canonical)
			}
			for _, a := range got.Head.Alternates {
				if strings.Contains(a.Href, "Zanzibar") || strings.Contains(a.Href, "junk") {
					t.Fatalf("alternate %q", a.Href)
				}
			}
		})
	}
}

// Only a page's canonical address may enter the page cache.
func TestCacheAdmission(t *testing.T) {
	r := demoResolver(t)
	tests := []struct {
		url       string
		cacheable bool
		query     string // the only query it may be stored under
	}{
		{"/", true, ""},
		{"/fr/", true, ""},
		{"/fr/a-vendre/", true, ""},
		{"/fr/a-vendre/?city=Arlon%7C6700&type=1", true, "city=Arlon%7C6700&type=1"},
		{"/fr/a-vendre/?type=1&city=arlon%7C6700", true, "city=Arlon%7C6700&type=1"}, // stored only when asked as written
		{"/fr/a-vendre/?page=2", true, "page=2"},
		{"/fr/a-vendre/?page=1", true, ""},
		{"/fr/a-vendre/?utm_source=mail", true, ""},
		{"/fr/a-vendre/?priceMin=100000", false, ""},
		{"/fr/a-vendre/?q=zzzzzz", false, ""},
		{"/fr/a-vendre/?sort=size", false, ""},
		{"/fr/A-VENDRE/", false, ""},
		{"/fr/a-vendre", false, ""},
		{"/nope/", false, ""},
		{"/fr/nope-" + strings.Repeat("x", 500) + "/", false, ""},
		{"/project/?id=5200002", false, ""}, // the canonical carries the language
		{"/fr/project/?id=5200002", true, "id=5200002"},
		{"/fr/contact/?x=1", true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.url[:min(len(tt.url), 80)], func(t *testing.T) {
			got := resolve(r, tt.url)
			if got.Cacheable != tt.cacheable || got.Cacheable && got.CacheQuery != tt.query {
				t.Fatalf("cacheable %v under %q, want %v under %q (status %d, canonical %s)",
					got.Cacheable, got.CacheQuery, tt.cacheable, tt.query, got.Status, got.Head.Canonical)
			}
		})
	}
}

// A search that names a city keeps the list's other filters, but only those
// the site knows.
func TestSearchRedirectKeepsOnlyKnownFilters(t *testing.T) {
	r := demoResolver(t)
	got := resolve(r, "/fr/a-vendre/?q=Aarlen&type=424242&view=map&order=zz&sort=size&priceMin=x&junk=1")
	if got.Status != http.StatusFound || got.Redirect != "/fr/a-vendre/?city=Arlon%7C6700&view=map" {
		t.Fatalf("got %d %q", got.Status, got.Redirect)
	}
}
