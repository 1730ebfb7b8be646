package route

import (
	"math"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"immo/internal/http/web/views"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/demo/demotest"
	"immo/internal/domain/site"
)

func demoResolver(t testing.TB) *Resolver {
	t.Helper()
	return resolverFor(t, "site.json", demo.SiteJSON())
}

// resolverFor is a resolver for the site configuration raw, over the demo
// catalog.
func resolverFor(t testing.TB, name string, raw []byte) *Resolver {
	t.Helper()
	cfg, err := site.Parse(name, raw)
	if err != nil {
		t.Fatal(err)
	}
	return &Resolver{Site: cfg, Catalog: demotest.FixedIndex{Ix: demotest.Index(t)}, Testimonials: demotest.Testimonials{},
		BaseURL: "https://example.test"}
}

func resolve(r *Resolver, raw string) Result {
	u, err := url.Parse(raw)
	if err != nil {
		panic(err)
	}
	return r.Resolve(u.EscapedPath(), u.Query())
}

const (
	saleID   = 4100001 // an available property for sale in Arlon
	soldID   = 4100059
	rentedID = 4100063
)

func TestResolveRoutes(t *testing.T) {
	r := demoResolver(t)
	// Every address but a page's canonical one (an original SPEC path, no
	// language prefix, other case, no trailing slash) answers 301 there.
	tests := []struct {
		url    string
		status int
		view   string
		lang   string
		to     string // the redirect's target, when checked
	}{
		{"/", 200, views.Home, "fr", ""},
		{"/nl/", 200, views.Home, "nl", ""},
		{"/en", 301, "", "en", "/en/"},
		{"/DE/", 301, "", "de", "/de/"},
		// Lists, by per-language slug; by original path, any case, without the trailing slash: 301 to the slug.
		{"/fr/a-vendre/", 200, views.List, "fr", ""},
		{"/nl/te-koop/", 200, views.List, "nl", ""},
		{"/en/for-sale/", 200, views.List, "en", ""},
		{"/de/zu-verkaufen/", 200, views.List, "de", ""},
		{"/fr/a-louer/", 200, views.List, "fr", ""},
		{"/nl/te-huur", 301, "", "nl", "/nl/te-huur/"},
		{"/en/for-rent/", 200, views.List, "en", ""},
		{"/for-sale/", 301, "", "fr", "/fr/a-vendre/"},
		{"/For-Rent", 301, "", "fr", "/fr/a-louer/"},
		{"/nl/for-sale/", 301, "", "nl", "/nl/te-koop/"},
		{"/fr/A-VENDRE/", 301, "", "fr", "/fr/a-vendre/"},
		{"/Biens-vendus/", 301, "", "fr", "/fr/vendus-loues/"},
		{"/biens-vendus", 301, "", "fr", "/fr/vendus-loues/"},
		{"/fr/vendus-loues/", 200, views.List, "fr", ""},
		{"/en/sold-rented/", 200, views.List, "en", ""},
		{"/fr/a-vendre/?city=Arlon%7C6700&type=1", 200, views.List, "fr", ""},
		{"/fr/a-vendre/?page=99", 302, "", "fr", ""}, // to the last page: see TestListPageBeyondTheEnd
		{"/fr/a-vendre/?page=9223372036854775807", 302, "", "fr", ""},
		{"/fr/a-vendre/?page=-1", 400, views.List, "fr", ""},
		{"/fr/a-vendre/?priceMin=Inf", 400, views.List, "fr", ""},
		{"/fr/a-vendre/?priceMin=1_000", 400, views.List, "fr", ""},
		{"/fr/a-vendre/?sort=size", 400, views.List, "fr", ""},
		// Property detail: plain and pretty forms.
		{"/property/4100001/", 301, "", "fr", "/fr/a-vendre/arlon/villa-maison-ferme/4100001/"},
		{"/en/property/4100001", 301, "", "en", "/en/for-sale/arlon/villa-house-farm/4100001/"},
		{"/fr/a-vendre/arlon/villa-maison-ferme/4100001/", 200, views.Property, "fr", ""},
		{"/fr/a-vendre/anything/whatever/4100001/", 301, "", "fr", ""},
		{"/property/4100059/", 301, "", "fr", "/fr/a-vendre/arlon/villa-maison-ferme/4100059/"},
		{"/property/999/", 404, views.Property, "fr", ""},
		{"/property/abc/", 404, views.NotFound, "fr", ""},
		// Projects.
		{"/project/?id=5200002", 301, "", "fr", "/fr/project/?id=5200002"},
		{"/project/?id=5200001", 302, "", "fr", ""},
		{"/project/?id=1", 404, views.NotFound, "fr", ""},
		{"/project/?id=%2B5200002", 404, views.NotFound, "fr", ""}, // one spelling per address
		{"/project/?id=05200002", 404, views.NotFound, "fr", ""},
		{"/project/?id=99999999999999999999999", 404, views.NotFound, "fr", ""},
		{"/property/04100001/", 404, views.NotFound, "fr", ""},
		{"/property/99999999999999999999999/", 404, views.NotFound, "fr", ""},
		{"/project/", 404, views.NotFound, "fr", ""},
		// Configured pages, legal pages, thank-you pages.
		{"/contact/", 301, "", "fr", "/fr/contact/"},
		{"/de/kontakt/", 200, views.Page, "de", ""},
		{"/Privacy/", 301, "", "fr", "/fr/vie-privee/"},
		{"/Cookie-policy/", 301, "", "fr", "/fr/politique-cookies/"},
		{"/Disclaimer/", 301, "", "fr", "/fr/avertissement/"},
		{"/en/cookie-policy/", 200, views.Legal, "en", ""},
		{"/nl/privacy-statement/", 301, "", "nl", "/nl/privacy/"},
		{"/feedback/contact-me/", 301, "", "fr", "/fr/merci/contact-me/"},
		{"/en/feedback/send-to-friend/", 200, views.ThankYou, "en", ""},
		{"/fr/merci/estimation-gratuite/", 200, views.ThankYou, "fr", ""},
		{"/fr/merci/newsletter/", 200, views.ThankYou, "fr", ""},
		{"/feedback/unknown-form/", 404, views.NotFound, "fr", ""},
		// Unknown paths.
		{"/nope/", 404, views.NotFound, "fr", ""},
		{"/en/for-sale/extra/", 404, views.NotFound, "en", ""},
		{"/es/", 404, views.NotFound, "fr", ""},
		{"/fr/a-vendre/x/y/z/w/", 404, views.NotFound, "fr", ""},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			got := resolve(r, tt.url)
			if got.Status != tt.status || got.View != tt.view || got.Lang != tt.lang || tt.to != "" && got.Redirect != tt.to {
				t.Fatalf("got %d %q %q %q, want %d %q %q %q", got.Status, got.View, got.Lang, got.Redirect, tt.status, tt.view, tt.lang, tt.to)
			}
			if tt.status == http.StatusMovedPermanently && tt.to != "" {
				if page := resolve(r, tt.to); page.Status != http.StatusOK || page.Redirect != "" {
					t.Fatalf("%s leads to %s, which answers %d %q", tt.url, tt.to, page.Status, page.Redirect)
				}
			}
		})
	}
}

func TestListPropsAndHead(t *testing.T) {
	r := demoResolver(t)
	got := resolve(r, "/nl/te-koop/?page=2")
	if propsAs[*ListProps](got).Total != 43 || propsAs[*ListProps](got).Page != 2 || propsAs[*ListProps](got).Pages != 4 {
		t.Fatalf("sale list: total %v page %v of %v", propsAs[*ListProps](got).Total, propsAs[*ListProps](got).Page, propsAs[*ListProps](got).Pages)
	}
	items := propsAs[*ListProps](got).Items
	if len(items) != ListPageSize || !strings.HasPrefix(items[0].Href, "/nl/te-koop/") {
		t.Fatalf("items: %d, first href %q", len(items), items[0].Href)
	}
	h := got.Head
	if h.Canonical != "https://example.test/nl/te-koop/?page=2" {
		t.Fatalf("canonical %q", h.Canonical)
	}
	want := map[string]string{
		"nl": "https://example.test/nl/te-koop/?page=2", "fr": "https://example.test/fr/a-vendre/?page=2",
		"en": "https://example.test/en/for-sale/?page=2", "de": "https://example.test/de/zu-verkaufen/?page=2",
		"x-default": "https://example.test/fr/a-vendre/?page=2",
	}
	if len(h.Alternates) != len(want) {
		t.Fatalf("alternates %+v", h.Alternates)
	}
	for _, a := range h.Alternates {
		if want[a.Lang] != a.Href {
			t.Errorf("hreflang %s = %s, want %s", a.Lang, a.Href, want[a.Lang])
		}
	}
	shell := got.Props.base().Site
	if len(shell.Languages) != 4 || shell.Languages[1].Href != "/fr/a-vendre/?page=2" {
		t.Fatalf("language switcher %+v", shell.Languages)
	}
	if rent := resolve(r, "/fr/a-louer/"); propsAs[*ListProps](rent).Total != 15 || len(propsAs[*ListProps](rent).Cities) != 3 {
		t.Fatalf("rent list %v, %d cities", propsAs[*ListProps](rent).Total, len(propsAs[*ListProps](rent).Cities))
	}
	if sold := resolvePage(r, "/Biens-vendus/"); propsAs[*ListProps](sold).Total != 7 {
		t.Fatalf("sold list %v", propsAs[*ListProps](sold).Total)
	}
	bad := resolve(r, "/en/for-sale/?priceMin=abc")
	if msg := propsAs[*ListProps](bad).Error; !strings.Contains(msg, "priceMin") || propsAs[*ListProps](bad).Total != 43 {
		t.Fatalf("bad filter: %q, total %v", msg, propsAs[*ListProps](bad).Total)
	}
}

func TestPropertyPage(t *testing.T) {
	r := demoResolver(t)
	got := resolvePage(r, "/property/4100001/")
	p := propsAs[*PropertyProps](got).Property
	if p.ID != saleID || got.Head.Canonical == "" || !strings.HasPrefix(got.Head.Canonical, "https://example.test/fr/a-vendre/") {
		t.Fatalf("property %d canonical %q", p.ID, got.Head.Canonical)
	}
	if got.Head.Image == "" || got.Head.Type != "article" {
		t.Fatalf("og image %q type %q", got.Head.Image, got.Head.Type)
	}
	// The canonical pretty URL resolves to the same property.
	canon := strings.TrimPrefix(got.Head.Canonical, "https://example.test")
	if again := resolve(r, canon); again.View != views.Property || propsAs[*PropertyProps](again).Property.ID != saleID {
		t.Fatalf("canonical %s does not resolve back", canon)
	}
	for _, a := range got.Head.Alternates {
		if back := resolve(r, strings.TrimPrefix(a.Href, "https://example.test")); back.View != views.Property {
			t.Fatalf("alternate %s does not resolve", a.Href)
		}
	}
	if sold := resolvePage(r, "/en/property/4100059/"); sold.Status != http.StatusOK || propsAs[*PropertyProps](sold).Notice != "Property sold" {
		t.Fatalf("sold notice %v", propsAs[*PropertyProps](sold).Notice)
	}
	if rented := resolvePage(r, "/en/property/4100063/"); propsAs[*PropertyProps](rented).Notice != "The property you requested has been rented" {
		t.Fatalf("rented notice %v", propsAs[*PropertyProps](rented).Notice)
	}
	if ext := resolve(r, "/project/?id=5200001"); !strings.HasPrefix(ext.Redirect, "https://") {
		t.Fatalf("external project redirect %q", ext.Redirect)
	}
}

func TestMissingPropertyOffersOthers(t *testing.T) {
	got := resolve(demoResolver(t), "/en/property/999/")
	if got.Status != 404 || propsAs[*PropertyProps](got).Notice != "Property not found" || len(propsAs[*PropertyProps](got).Similar) != SimilarCount {
		t.Fatalf("missing property: %d %v", got.Status, propsAs[*PropertyProps](got).Notice)
	}
}

func TestMapMode(t *testing.T) {
	got := resolve(demoResolver(t), "/fr/a-louer/?view=map")
	markers := propsAs[*ListProps](got).Markers
	if propsAs[*ListProps](got).Mode != "map" || len(markers) != 15 {
		t.Fatalf("map: mode %v, %d markers", propsAs[*ListProps](got).Mode, len(markers))
	}
	for _, m := range markers {
		if m.Lat == 0 || !strings.HasPrefix(m.Href, "/fr/a-louer/") {
			t.Fatalf("marker %+v", m)
		}
	}
	if !strings.Contains(got.Head.Canonical, "view=map") {
		t.Fatalf("the map keeps its address: %s", got.Head.Canonical)
	}
}

func TestProjectsPage(t *testing.T) {
	got := resolve(demoResolver(t), "/nl/projecten/")
	mods := propsAs[*PageProps](got).Modules
	if got.View != views.Page || len(mods) != 1 || len(mods[0].Projects) < 3 {
		t.Fatalf("projects page: %s %+v", got.View, mods)
	}
	external := 0
	for _, p := range mods[0].Projects {
		if p.External {
			external++
			if !strings.HasPrefix(p.Href, "https://") {
				t.Fatalf("external project href %q", p.Href)
			}
		} else if !strings.HasPrefix(p.Href, "/nl/project/?id=") {
			t.Fatalf("project href %q", p.Href)
		}
	}
	if external != 1 {
		t.Fatalf("%d external projects", external)
	}
}

func TestNotFoundHasNoCanonical(t *testing.T) {
	got := resolve(demoResolver(t), "/nl/bestaat-niet/")
	if got.Head.Canonical != "" || got.Head.Robots != "noindex" || got.Lang != "nl" {
		t.Fatalf("404 head %+v", got.Head)
	}
}

// The 404 page has the language switcher too: the address names nothing in
// any language, so each language leads to its home page.
func TestNotFoundHasLanguageSwitcher(t *testing.T) {
	r := demoResolver(t)
	res := resolve(r, "/de/gibt-es-nicht/")
	if res.Status != http.StatusNotFound {
		t.Fatalf("status %d", res.Status)
	}
	got := propsAs[*NotFoundProps](res).Site.Languages
	want := []Link{
		{Label: "Nederlands", Lang: "nl", Href: "/nl/"},
		{Label: "Français", Lang: "fr", Href: "/fr/"},
		{Label: "English", Lang: "en", Href: "/en/"},
		{Label: "Deutsch", Lang: "de", Href: "/de/", Current: true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("languages on the 404 page:\n got %+v\nwant %+v", got, want)
	}
}

func TestHomeTestimonials(t *testing.T) {
	r := demoResolver(t)
	module := func(lang string) ModuleView {
		for _, m := range propsAs[*HomeProps](resolve(r, "/"+lang+"/")).Modules {
			if m.View == site.ViewTestimonials {
				return m
			}
		}
		t.Fatal("no testimonials module on the home page")
		return ModuleView{}
	}
	// The demo: approved fr, nl and en testimonials in the database, and
	// configured entries in the four languages; maxItems 6.
	described := func(v TestimonialView) string { return v.Lang + ":" + v.Name }
	for _, tc := range []struct {
		lang string
		want []string
	}{
		{"nl", []string{"nl:Jan en Els V.", "nl:Marie D., Arlon", "nl:Thomas L., Messancy", "nl:Sophie et Marc K., Attert", "en:Mark T.", "fr:Sophie M."}},
		{"en", []string{"en:Mark T.", "en:Marie D., Arlon", "en:Thomas L., Messancy", "en:Sophie et Marc K., Attert", "nl:Jan en Els V.", "fr:Sophie M."}},
		{"fr", []string{"fr:Sophie M.", "fr:Marie D., Arlon", "fr:Thomas L., Messancy", "fr:Sophie et Marc K., Attert", "en:Mark T.", "nl:Jan en Els V."}},
		// No stored German one: the configured German entries, then the stored ones in theirs.
		{"de", []string{"de:Marie D., Arlon", "de:Thomas L., Messancy", "de:Sophie et Marc K., Attert", "en:Mark T.", "nl:Jan en Els V.", "fr:Sophie M."}},
	} {
		m := module(tc.lang)
		var got []string
		for _, v := range m.Testimonials {
			got = append(got, described(v))
			if v.Comment == "" {
				t.Errorf("%s: %s has no comment", tc.lang, described(v))
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v\nwant %v", tc.lang, got, tc.want)
		}
		if m.Entries != nil {
			t.Errorf("%s: the configured entries travel once, as testimonials", tc.lang)
		}
	}
	nl := module("nl").Testimonials
	if nl[1].Title != "Snelle en vlotte verkoop" || !strings.HasPrefix(nl[1].Comment, "Ons huis") {
		t.Errorf("a configured entry in the page's language: %+v", nl[1])
	}
	// An entry without German falls back to French, its title with it, and
	// goes after those in the page's language.
	for _, m := range r.Site.Home().Params.Modules {
		if m.View == site.ViewTestimonials {
			delete(m.Items[0].Description, "de")
			delete(m.Items[0].Title, "de")
		}
	}
	if de := module("de").Testimonials[5]; de.Title != "Vente rapide et sereine" || de.Lang != "fr" || de.Name != "Marie D., Arlon" {
		t.Errorf("a configured entry falling back: %+v", de)
	}
	for _, m := range r.Site.Home().Params.Modules {
		if m.View == site.ViewTestimonials {
			m.MaxItems = 2
			r.Site.Home().Params.Modules[slices.IndexFunc(r.Site.Home().Params.Modules, func(x site.Module) bool { return x.ID == m.ID })] = m
		}
	}
	if got := module("nl").Testimonials; len(got) != 2 || got[0].Lang != "nl" || got[1].Lang != "nl" {
		t.Errorf("maxItems 2 keeps the first two, in Dutch: %+v", got)
	}
	if r.Version() != "1.7" {
		t.Fatalf("version %q must name the catalog and the testimonials", r.Version())
	}
}

func TestBannerKinds(t *testing.T) {
	r := demoResolver(t)
	banner := func() BannerView { return propsAs[*HomeProps](resolve(r, "/fr/")).Banner }
	for _, tc := range []struct {
		name  string
		kind  string
		ids   []int64
		want  string
		shown []int64
	}{
		{"properties in the listed order", site.BannerProperties, []int64{4100003, saleID, 4100002}, site.BannerProperties, []int64{4100003, saleID, 4100002}},
		{"unknown, sold, rented and repeated ids skipped", site.BannerProperties, []int64{99, soldID, saleID, rentedID, saleID}, site.BannerProperties, []int64{saleID}},
		{"nothing available: the image", site.BannerProperties, []int64{99, soldID, rentedID}, site.BannerImage, nil},
		{"no ids: the image", site.BannerProperties, nil, site.BannerImage, nil},
		{"projects in the listed order", site.BannerProjects, []int64{5200002, 99, 5200001, 5200002}, site.BannerProjects, []int64{5200002, 5200001}},
		{"no known project: the image", site.BannerProjects, []int64{99}, site.BannerImage, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r.Site.Banner.Type, r.Site.Banner.Properties, r.Site.Banner.Projects = tc.kind, nil, nil
			if tc.kind == site.BannerProperties {
				r.Site.Banner.Properties = tc.ids
			} else {
				r.Site.Banner.Projects = tc.ids
			}
			b := banner()
			var shown []int64
			for _, p := range b.Properties {
				shown = append(shown, p.ID)
				if p.Href == "" || p.XLargePictureItem.Url == "" || p.TypeDescription == "" || p.City == "" {
					t.Errorf("slide %d lacks its link, picture, type or city: %+v", p.ID, p)
				}
			}
			for _, p := range b.Projects {
				shown = append(shown, p.ID)
				if p.Href == "" || p.XLargePictureItem.Url == "" || p.Name == "" || p.City == "" {
					t.Errorf("slide %d lacks its link, picture, name or city: %+v", p.ID, p)
				}
			}
			if b.Type != tc.want || !slices.Equal(shown, tc.shown) || b.Title == "" || b.Image == "" {
				t.Fatalf("banner %s %v: got %s %v (title %q, image %q)", tc.kind, tc.ids, b.Type, shown, b.Title, b.Image)
			}
		})
	}
	r.Site.Banner.Type, r.Site.Banner.Projects = site.BannerProjects, []int64{5200002, 5200001}
	if b := banner(); !b.Projects[1].External || !strings.HasPrefix(b.Projects[1].Href, "http") || b.Projects[0].Href != "/fr/project/?id=5200002" {
		t.Fatalf("a project links to its page, or to its own site: %+v", b.Projects)
	}
	r.Site.SearchBlock.ShowRentButton = false
	sb := propsAs[*HomeProps](resolve(r, "/fr/")).SearchBlock
	if sb.RentHref != "" || sb.SaleHref == "" {
		t.Fatalf("search block buttons follow the configuration: %+v", sb)
	}
	if b := resolve(r, "/en/project/?id=5200002").Head.Breadcrumb; len(b) != 3 || b[1].Href != "/en/projects/" {
		t.Fatalf("a project hangs under the projects page: %+v", b)
	}
}

// The energy label follows the certificate when its region's scale has it
// (4100043: Uccle, 118 kWh/m², certificate C), the value otherwise.
func TestPropertyEPC(t *testing.T) {
	r := demoResolver(t)
	tests := []struct {
		id    string
		label string
		image string
	}{
		{"4100043", "c", "/images/epc/brussels/c.svg"},
		{"4100042", "g", "/images/epc/brussels/g.svg"},
		{"4100041", "a_plus", "/images/epc/brussels/a_plus.svg"},
		{"4100006", "c", "/images/epc/wallonia/c.svg"},
		{"4100038", "a_plus", "/images/epc/flanders/a_plus.svg"},
		{"4100034", "b", ""}, // Luxembourg: the label text, no picture
	}
	for _, tt := range tests {
		got := EPCView{}
		if e := propsAs[*PropertyProps](resolvePage(r, "/nl/property/"+tt.id+"/")).EPC; e != nil {
			got = *e
		}
		if got.Label != tt.label || got.Image != tt.image {
			t.Errorf("%s: got %+v, want %s %s", tt.id, got, tt.label, tt.image)
		}
	}
	if propsAs[*PropertyProps](resolvePage(r, "/nl/property/4100010/")).EPC != nil {
		t.Errorf("land without a certificate has no label")
	}
}

// A property page pins a published address on the map, with street view:
// a frame with a configured key, else a link. A private address gets no map
// (its rough position stays in the property's own fields).
func TestPropertyMap(t *testing.T) {
	r := demoResolver(t)
	var public, private int64
	for id := int64(saleID); id < saleID+100; id++ {
		p, err := r.Catalog.Index().Property(id, "nl")
		switch {
		case err != nil:
		case p.PublishAddress && p.Latitude != 0 && public == 0:
			public = id
		case !p.PublishAddress && p.Latitude != 0 && private == 0:
			private = id
		}
	}
	if public == 0 || private == 0 {
		t.Fatalf("the demo needs a published (%d) and a private (%d) address", public, private)
	}
	path := func(id int64) string { return "/nl/property/" + strconv.FormatInt(id, 10) + "/" }

	got := resolvePage(r, path(public))
	p := propsAs[*PropertyProps](got).Property
	m := propsAs[*PropertyProps](got).Map
	if m == nil {
		t.Fatalf("published address %d: no map in %v", public, propsAs[*PropertyProps](got).Map)
	}
	if m.Marker.Lat != p.Latitude || m.Marker.Lng != p.Longitude || m.Marker.ID != p.ID || m.Marker.Href != "" || m.Marker.Title == "" {
		t.Errorf("marker %+v for %d at %v,%v", m.Marker, p.ID, p.Latitude, p.Longitude)
	}
	at := strconv.FormatFloat(p.Latitude, 'f', 6, 64) + "," + strconv.FormatFloat(p.Longitude, 'f', 6, 64)
	if want := "https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=" + at; m.StreetView.Link != want || m.StreetView.Embed != "" {
		t.Errorf("without a key: street view %+v, want the link %s and no frame", m.StreetView, want)
	}

	if priv := resolvePage(r, path(private)); propsAs[*PropertyProps](priv).Map != nil {
		t.Errorf("private address %d has a map: %+v", private, propsAs[*PropertyProps](priv).Map)
	}

	r.Site.StreetView.APIKey = "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY"
	keyed := resolvePage(r, "/de"+strings.TrimPrefix(path(public), "/nl"))
	sv := propsAs[*PropertyProps](keyed).Map.StreetView
	want := "https://www.google.com/maps/embed/v1/streetview?key=AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY&location=" + at + "&language=de"
	if sv.Embed != want || sv.Link == "" {
		t.Errorf("with a key: street view %+v, want the frame %s", sv, want)
	}
}

func TestValidPosition(t *testing.T) {
	for _, tc := range []struct {
		lat, lng float64
		ok       bool
	}{
		{49.68, 5.81, true}, {-33.9, 18.4, true}, {0, 0, false}, {91, 5, false}, {50, -181, false}, {math.NaN(), 5, false},
	} {
		if got := validPosition(tc.lat, tc.lng); got != tc.ok {
			t.Errorf("validPosition(%v, %v) = %v", tc.lat, tc.lng, got)
		}
	}
}

// propsAs is res's props as a P, or P's nil when they are another view's.
func propsAs[P Props](res Result) P {
	p, _ := res.Props.(P)
	return p
}

// resolvePage resolves raw as a browser would: following the 301s to a
// page's canonical address (an original path, no language prefix, other
// case).
func resolvePage(r *Resolver, raw string) Result {
	res := resolve(r, raw)
	for range 3 {
		if res.Status != http.StatusMovedPermanently {
			break
		}
		res = resolve(r, res.Redirect)
	}
	return res
}

// canonicalPath is the address raw is redirected to for good, raw when it
// is not.
func canonicalPath(r *Resolver, raw string) string {
	if res := resolve(r, raw); res.Status == http.StatusMovedPermanently {
		return res.Redirect
	}
	return raw
}
