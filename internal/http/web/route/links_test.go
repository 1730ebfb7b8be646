package route

import (
	"html"
	"strings"
	"testing"
)

func TestLocalURL(t *testing.T) {
	r := demoResolver(t)
	tests := []struct {
		href, lang, want string
		ok               bool
	}{
		{"/fr/a-vendre/", "de", "/de/zu-verkaufen/", true},
		{"/nl/te-koop/?city=Arlon%7C6700#top", "en", "/en/for-sale/?city=Arlon%7C6700#top", true},
		{"/for-sale/", "nl", "/nl/te-koop/", true},
		{"/Biens-vendus/", "de", "/de/verkauft-vermietet/", true},
		{"/contact/", "de", "/de/kontakt/", true},
		{"/", "nl", "/nl/", true},
		{"/fr/", "de", "/de/", true},
		{"/Privacy/", "de", "/de/datenschutz/", true},
		{"/fr/vie-privee/", "nl", "/nl/privacy/", true},
		{"/en/cookie-policy/", "fr", "/fr/politique-cookies/", true},
		{"/project/?id=5200002", "nl", "/nl/project/?id=5200002", true},
		{"/fr/merci/estimation-gratuite/", "en", "/en/feedback/contact-demand/", true},
		{"https://www.facebook.com/immoarlon", "de", "https://www.facebook.com/immoarlon", true},
		{"mailto:info@immo-arlon.be", "de", "mailto:info@immo-arlon.be", true},
		{"tel:+3263224455", "de", "tel:+3263224455", true},
		{"#main", "de", "#main", true},
		// The free valuation page, by its original path or its French slug.
		{"/contact-demand/", "nl", "/nl/contact-demand/", true},
		{"/fr/estimation-gratuite/", "de", "/de/contact-demand/", true},
		{"/nl/contact-demand/", "fr", "/fr/estimation-gratuite/", true},
		// The demand register (the demo has zones), by its original path or its French slug.
		{"/demand-register/", "nl", "/nl/demand-register/", true},
		{"/nl/demand-register/", "fr", "/fr/recherche/", true},
		{"/fr/recherche/", "de", "/de/demand-register/", true},
		// Pages the site does not have: not emitted.
		{"/nl/nowhere/", "nl", "", false},
		{"/property/999/", "fr", "", false},
		{"/project/?id=1", "fr", "", false},
		{"/es/", "fr", "", false},
		{"a-vendre/", "fr", "", false},
		{"", "fr", "", false},
	}
	// A property link becomes its pretty address in the language.
	canonical := resolvePage(r, "/de/property/4100001/").Head.Canonical
	tests = append(tests, struct {
		href, lang, want string
		ok               bool
	}{"/property/4100001/", "de", strings.TrimPrefix(canonical, r.BaseURL), true})
	for _, tt := range tests {
		got, ok := r.LocalURL(tt.href, tt.lang)
		if ok != tt.ok || got != tt.want {
			t.Errorf("LocalURL(%q, %s) = %q, %v; want %q, %v", tt.href, tt.lang, got, ok, tt.want, tt.ok)
		}
	}
}

// A link that only adds a parameter keeps the page's address and query.
func TestQueryOnlyLinksKeepTheAddress(t *testing.T) {
	r := demoResolver(t)
	tests := []struct{ page, want string }{
		{"/fr/project/?id=5200002", "/fr/project/?id=5200002&setcookies="},
		{"/nl/te-koop/?page=2", "/nl/te-koop/?page=2&setcookies="},
		{"/de/", "/de/?setcookies="},
		{"/de/nowhere/", "/de/?setcookies="}, // an error page sends it home
	}
	for _, tt := range tests {
		var hrefs []string
		for _, col := range resolve(r, tt.page).Props.base().Site.Footer.Columns {
			for _, h := range siteHrefs(col.Text) {
				if h = html.UnescapeString(h); strings.HasSuffix(h, "setcookies=") {
					hrefs = append(hrefs, h)
				}
			}
		}
		if len(hrefs) != 1 || hrefs[0] != tt.want {
			t.Errorf("%s: cookie settings link %v, want %s", tt.page, hrefs, tt.want)
		}
	}
}

func TestConfiguredHTMLLinks(t *testing.T) {
	r := demoResolver(t)
	c := &resolution{r: r, lang: "de", path: "/de/kontakt/"}
	tests := []struct{ in, want string }{
		{`<a href="/fr/a-vendre/">Biens</a>`, `<a href="/de/zu-verkaufen/">Biens</a>`},
		{`<a class="x" href='/for-rent/' title="t">Rent</a>`, `<a class="x" href="/de/zu-vermieten/" title="t">Rent</a>`},
		{`<p>See <a href="/contact-demand/">our valuation</a> page.</p>`, `<p>See <a href="/de/contact-demand/">our valuation</a> page.</p>`},
		{`<p>See <a href="/nowhere/">our missing</a> page.</p>`, `<p>See our missing page.</p>`},
		{`<ul><li><a href="/fr/a-vendre/">A</a></li><li> <a href="/nl/nergens/">Nergens</a> </li></ul>`,
			`<ul><li><a href="/de/zu-verkaufen/">A</a></li></ul>`},
		{`<a href="?setcookies">Cookies</a>`, `<a href="/de/kontakt/?setcookies=">Cookies</a>`},
		{`<a href="https://www.ipi.be">IPI</a> <a name="x">x</a>`, `<a href="https://www.ipi.be">IPI</a> <a name="x">x</a>`},
		{`<a href="/fr/a-vendre/?city=Arlon&amp;type=1">x</a>`, `<a href="/de/zu-verkaufen/?city=Arlon&amp;type=1">x</a>`},
		{`no links`, `no links`},
	}
	for _, tt := range tests {
		if got := c.html(tt.in); got != tt.want {
			t.Errorf("html(%s)\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

// The services card and the header button link the free valuation page;
// the card's other links follow the page's language.
func TestServicesLinksFollowTheResolver(t *testing.T) {
	r := demoResolver(t)
	for _, m := range propsAs[*HomeProps](resolve(r, "/nl/")).Modules {
		if m.View != "services" {
			continue
		}
		var links []string
		for _, e := range m.Entries {
			links = append(links, e.Link)
		}
		if len(links) != 3 || links[0] != "/nl/contact-demand/" || links[1] != "/nl/contact/" || links[2] != "/nl/contact/" {
			t.Errorf("services links %q", links)
		}
	}
	if v := resolve(r, "/fr/").Props.base().Site.Links.Valuation; v != "/fr/estimation-gratuite/" {
		t.Errorf("valuation button %q", v)
	}
}
