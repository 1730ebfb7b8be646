package route

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"immo/internal/adapter/demo/demotest"
	"immo/internal/domain/agency"
)

// For copies every setting of the resolver but the site: a field added to
// Resolver and forgotten in For fails here.
func TestForKeepsEverySetting(t *testing.T) {
	base := demoResolver(t)
	base.MapTiles, base.MapAttribution, base.BaseURL = "https://tiles.test/{z}/{x}/{y}.png", "© test", "https://immo.test"
	other := *demotest.Site(t)
	other.Agency.Name = "Immo Virton"
	a := &agency.Agency{Site: &other, Version: 7}
	got := base.For(a)
	if got.Site != &other || got.SiteVersion != 7 {
		t.Fatalf("For: site %p version %d, want the agency's", got.Site, got.SiteVersion)
	}
	want, have := reflect.ValueOf(base).Elem(), reflect.ValueOf(got).Elem()
	for i := range want.NumField() {
		f := want.Type().Field(i)
		if !f.IsExported() || f.Name == "Site" || f.Name == "SiteVersion" || f.Name == "Draft" {
			continue
		}
		w, h := want.Field(i), have.Field(i)
		same := reflect.DeepEqual(w.Interface(), h.Interface())
		if w.Kind() == reflect.Func {
			same = w.Pointer() == h.Pointer()
		}
		if !same {
			t.Errorf("For drops the resolver's %s", f.Name)
		}
	}
	if base.For(&agency.Agency{Site: &other, Version: 7}) != got {
		t.Error("the same agency asked again made another resolver (a request's hot path)")
	}
	if base.For(nil) != base || base.For(&agency.Agency{Site: base.Site}) != base {
		t.Error("For of no agency, or of the resolver's own site, is not the resolver itself")
	}
	// The pages answer with the agency's site, and their generation names its version.
	if res := got.Resolve("/fr/", nil); !strings.Contains(string(mustJSON(t, res.Props)), "Immo Virton") {
		t.Errorf("the home of the agency's site does not name it")
	}
	if res := base.Resolve("/fr/", nil); strings.Contains(string(mustJSON(t, res.Props)), "Immo Virton") {
		t.Errorf("For changed the resolver it was made of")
	}
	if v := got.Version(); !strings.HasSuffix(v, ".s7") {
		t.Errorf("Version = %q, want the site's version in it", v)
	}
	if v := base.Version(); strings.Contains(v, ".s") {
		t.Errorf("Version of a site not from the store = %q, want no site version", v)
	}
	if res := got.Resolve("/fr/", nil); !res.Cacheable || strings.Contains(res.Head.Robots, "noindex") {
		t.Errorf("a published page: cacheable %v, robots %q", res.Cacheable, res.Head.Robots)
	}
	// A draft's pages: never cached, never indexed, whatever the page.
	draft := base.For(&agency.Agency{Site: &other, Version: 7, Draft: 3})
	for _, path := range []string{"/fr/", "/fr/a-vendre/", "/nl/", "/fr/nope/"} {
		if res := draft.Resolve(path, nil); res.Cacheable || res.Head.Robots != "noindex, nofollow" {
			t.Errorf("draft %s: cacheable %v, robots %q", path, res.Cacheable, res.Head.Robots)
		}
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
