package route

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"immo/internal/adapter/demo/demotest"
	"immo/internal/domain/catalog"
)

// PropertyAt names a property exactly where resolving the address answers
// that property's page with 200.
func TestPropertyAtAgreesWithResolve(t *testing.T) {
	r := demoResolver(t)
	urls := []string{"/fr/property/4100001/", "/fr/property/4100001/?x=1", "/property/4100001/", "/FR/Property/4100001/",
		"/fr/property/4100001", "/fr/property/9999999/", "/fr/property/0041/", "/fr/property/x/", "/xx/property/4100001/",
		"/fr/a-vendre/arlon/maison/4100001/", "/fr/a-vendre/namur/maison/4100001/", "/fr/a-louer/arlon/maison/4100001/",
		"/fr/a-vendre/arlon/villa/4100001/", "/fr/a-vendre/arlon/maison/9999999/", "/fr/nowhere/arlon/maison/4100001/",
		"/fr/a-vendre/", "/fr/", "/", "/fr/contact/", "/fr/project/?id=5200001", "/fr/property/", "/fr/property/4100001/x/"}
	ix := r.Catalog.Index()
	for _, goal := range []int{catalog.GoalSale, catalog.GoalRent} {
		for _, state := range []string{catalog.StateAvailable, catalog.StateSold} {
			q := catalog.NewQuery()
			q.Goal, q.State, q.PageSize = goal, state, 500
			for _, c := range ix.List(q).Items {
				for _, lang := range r.Site.Languages.Enabled() {
					card, err := ix.Card(c.ID, lang)
					if err != nil {
						continue
					}
					urls = append(urls, r.CardURL(&card, lang), "/"+lang+"/property/"+strconv.FormatInt(c.ID, 10)+"/")
				}
			}
		}
	}
	found := 0
	for _, raw := range urls {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		var want int64
		if res := r.Resolve(u.EscapedPath(), u.Query()); res.Redirect == "" && res.Status == http.StatusOK {
			if p, ok := res.Props.(*PropertyProps); ok {
				want = p.Property.ID
			}
		}
		id, ok := r.PropertyAt(u.EscapedPath())
		if ok != (want != 0) || id != want {
			t.Errorf("PropertyAt(%s) = %d, %v; resolving says %d", raw, id, ok, want)
		}
		if ok {
			found++
		}
	}
	if found < 10 {
		t.Fatalf("only %d property pages found", found)
	}
}

// PropertyAt remembers its answers within bounds, and forgets them when
// the catalog changes.
func TestPropertyAtMemory(t *testing.T) {
	r := demoResolver(t)
	for i := range maxPropertyPaths + 10 {
		r.PropertyAt("/fr/a-vendre/x/y/" + strconv.Itoa(i+1) + "/")
	}
	if n := len(r.state().propertyPaths.ids); n > maxPropertyPaths {
		t.Fatalf("%d addresses remembered", n)
	}
	long := "/fr/a-vendre/arlon/" + strings.Repeat("x", maxPropertyPath) + "/4100001/"
	if _, ok := r.PropertyAt(long); ok {
		t.Fatal("a long wrong address is a property page")
	}
	if _, kept := r.state().propertyPaths.ids[long]; kept {
		t.Fatal("a long address was remembered")
	}
	const page = "/fr/a-vendre/arlon/villa-maison-ferme/4100001/"
	if id, ok := r.PropertyAt(page); !ok || id != 4100001 {
		t.Fatalf("%d %v", id, ok)
	}
	if id, ok := r.PropertyAt(page); !ok || id != 4100001 {
		t.Fatalf("remembered: %d %v", id, ok)
	}
	if id, ok := r.PropertyAt("/fr/property/4100001/"); ok {
		t.Fatalf("the short address, redirected, is a property page: %d", id)
	}
	// An import takes the property offline: its page is gone.
	cat := demotest.Catalog(t)
	cat.Properties = slices.DeleteFunc(cat.Properties, func(p catalog.Property) bool { return p.ID == 4100001 })
	r.Catalog = demotest.FixedIndex{Ix: catalog.NewIndex(cat, r.Catalog.Index().Version()+1)}
	if id, ok := r.PropertyAt(page); ok {
		t.Fatalf("a property of the last catalog: %d", id)
	}
}
