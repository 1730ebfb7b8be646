package listing

import (
	"testing"

	"immo/internal/adapter/demo/demotest"
	"immo/internal/domain/catalog"
)

// The demo's listings named as the pages show them, in each language,
// with no router: a property's heading, address and pretty address, a
// project's, a type's and a zone's name; what the catalog does not hold
// is not named.
func TestNames(t *testing.T) {
	n := Names{Catalog: demotest.FixedIndex{Ix: demotest.Index(t)}, Site: demotest.Site(t)}
	for lang, want := range map[string]string{
		"nl": "/nl/te-koop/arlon/villa-huis-hoeve/4100002/",
		"fr": "/fr/a-vendre/arlon/villa-maison-ferme/4100002/",
	} {
		l, ok := n.PropertyListing(4100002, lang)
		if !ok || l.URL != want || l.Title == "" || l.City != "Arlon" || l.Address == "" {
			t.Errorf("%s: %+v %v, want its page at %s", lang, l, ok, want)
		}
	}
	if p, ok := n.ProjectListing(5200002, "fr"); !ok || p.URL != "/fr/project/?id=5200002" || p.Title == "" {
		t.Errorf("project: %+v %v", p, ok)
	}
	if _, ok := n.PropertyListing(999, "fr"); ok {
		t.Error("a property the catalog does not hold is named")
	}
	if name, ok := n.ListLabel("zones", n.Site.Zones[0].ID, "fr"); !ok || name == "" {
		t.Errorf("zone: %q %v", name, ok)
	}
	if _, ok := n.ListLabel("zones", "nowhere", "fr"); ok {
		t.Error("an unknown zone is named")
	}
	if _, ok := n.ListLabel("types", "x", "fr"); ok {
		t.Error("a type that is no number is named")
	}
}

// A property described from one lookup, in the page's language, is named
// in every language as a lookup in that language names it: every
// property of the demo, from each language to each.
func TestDescribedIsTheLookup(t *testing.T) {
	n := Names{Catalog: demotest.FixedIndex{Ix: demotest.Index(t)}, Site: demotest.Site(t)}
	ix := n.Catalog.Index()
	langs := n.Site.Languages.Enabled()
	count := 0
	for c := range catalog.Listings(ix) {
		for _, from := range langs {
			p, err := ix.Property(c.ID, from)
			if err != nil {
				t.Fatal(err)
			}
			d := n.Describe(&p)
			for _, to := range langs {
				want, _ := n.PropertyListing(c.ID, to)
				if got := d.In(to); got != want {
					t.Errorf("%d read in %s, named in %s: %+v, want %+v", c.ID, from, to, got, want)
				}
				count++
			}
		}
	}
	if count == 0 {
		t.Fatal("no property compared")
	}
}
