package site

import (
	"slices"
	"testing"
)

func TestPagePaths(t *testing.T) {
	c := loadDemo(t)
	want := map[int]map[string]string{
		1: {"": "/", "fr": "/", "nl": "/", "en": "/", "de": "/"},
		2: {"": "/for-sale/", "nl": "/te-koop/", "fr": "/a-vendre/", "en": "/for-sale/", "de": "/zu-verkaufen/"},
		3: {"": "/for-rent/", "nl": "/te-huur/", "fr": "/a-louer/", "en": "/for-rent/", "de": "/zu-vermieten/"},
		4: {"": "/Biens-vendus/", "fr": "/vendus-loues/", "nl": "/verkocht-verhuurd/", "en": "/sold-rented/", "de": "/verkauft-vermietet/"},
		5: {"": "/contact/", "nl": "/contact/", "fr": "/contact/", "en": "/contact/", "de": "/kontakt/"},
	}
	for id, paths := range want {
		p := c.PageByID(id)
		if p == nil {
			t.Fatalf("no page %d", id)
		}
		for lang, path := range paths {
			if got := c.PagePath(p, lang); got != path {
				t.Errorf("page %d in %q: %q, want %q", id, lang, got, path)
			}
			if got := c.PageByPath(lang, path); got != p {
				t.Errorf("PageByPath(%q, %q) = %v, want page %d", lang, path, got, id)
			}
		}
	}
	for _, tc := range []struct {
		lang, path string
		id         int
	}{
		{"fr", "biens-vendus", 4}, // original path, any case, no slashes
		{"nl", "/A-VENDRE/", 0},   // the French path is not Dutch
		{"fr", "/a-vendre", 2},
		{"en", "", 1},
	} {
		got := c.PageByPath(tc.lang, tc.path)
		if tc.id == 0 && got != nil || tc.id != 0 && (got == nil || got.ID != tc.id) {
			t.Errorf("PageByPath(%q, %q) = %v, want %d", tc.lang, tc.path, got, tc.id)
		}
	}
}

func TestPageOrderAndMenu(t *testing.T) {
	c := loadDemo(t)
	if h := c.Home(); h == nil || h.ID != 1 {
		t.Fatalf("Home = %v", h)
	}
	var order []int
	for _, p := range c.Children(0) {
		order = append(order, p.Sort)
	}
	// 11: the jobs page, 12: the testimonials page, 6: about us, 20: an unpublished page, 21: a redirect
	if want := []int{0, 1, 3, 4, 5, 6, 10, 11, 12, 20, 21}; !slices.Equal(order, want) {
		t.Errorf("sorts = %v, want %v", order, want)
	}
	var menu []int
	for i := range c.Menu {
		p := c.MenuPage(&c.Menu[i])
		if p == nil {
			t.Fatalf("menu[%d] resolves to no page", i)
		}
		menu = append(menu, p.ID)
	}
	if want := []int{2, 3, 4, 6, 5}; !slices.Equal(menu, want) {
		t.Errorf("menu pages = %v, want %v", menu, want)
	}
	if p := c.MenuPage(&MenuItem{Path: "/Biens-vendus/"}); p == nil || p.ID != 4 {
		t.Errorf("menu by path = %v", p)
	}
	if p := c.MenuPage(&MenuItem{Path: "https://example.com/"}); p != nil {
		t.Errorf("external link resolves to %v", p)
	}
}

func TestLegalLookup(t *testing.T) {
	c := loadDemo(t)
	for _, tc := range []struct{ lang, path, id string }{
		{"fr", "/vie-privee/", "privacy"},
		{"nl", "/privacy/", "privacy"},
		{"en", "/privacy-statement/", "privacy"},
		{"de", "/Privacy/", "privacy"},
		{"fr", "/cookie-policy/", "cookie-policy"},
		{"fr", "/politique-cookies/", "cookie-policy"},
		{"nl", "/Cookie-policy", "cookie-policy"},
		{"fr", "/avertissement/", "disclaimer"},
		{"en", "/disclaimer/", "disclaimer"},
	} {
		l := c.LegalByPath(tc.lang, tc.path)
		if l == nil || l.ID != tc.id {
			t.Errorf("LegalByPath(%q, %q) = %v, want %s", tc.lang, tc.path, l, tc.id)
		}
	}
	if l := c.LegalByPath("nl", "/vie-privee/"); l != nil {
		t.Errorf("French path matched in Dutch: %v", l.ID)
	}
	if got := c.LegalByID("cookie-policy").PathIn("fr"); got != "/politique-cookies/" {
		t.Errorf("PathIn = %q", got)
	}
}

// A page's trail is its breadcrumb (SPEC §2): the pages above it, top
// first; a page is shown only when its whole trail is published.
func TestTrailAndShown(t *testing.T) {
	c := loadDemo(t)
	c.Pages = append(c.Pages,
		Page{ID: 901, ParentID: 5, Path: "/team/", Status: StatusPublished, Params: PageParams{Path: Text{"fr": "equipe"}}},
		Page{ID: 902, ParentID: 901, Path: "/lead/", Status: StatusPublished},
		Page{ID: 903, ParentID: 5, Path: "/draft/", Status: StatusDraft},
		Page{ID: 904, ParentID: 903, Path: "/under-draft/", Status: StatusPublished},
		Page{ID: 905, ParentID: 999, Path: "/orphan/", Status: StatusPublished})
	ids := func(ps []*Page) (out []int) {
		for _, p := range ps {
			out = append(out, p.ID)
		}
		return out
	}
	if got := ids(c.Trail(c.PageByID(902))); !slices.Equal(got, []int{5, 901, 902}) {
		t.Errorf("trail of a grandchild: %v", got)
	}
	if got := c.PagePath(c.PageByID(902), "fr"); got != "/contact/equipe/lead/" {
		t.Errorf("path along the trail: %q", got)
	}
	for id, want := range map[int]bool{902: true, 903: false, 904: false, 905: false, 2: true} {
		if got := c.Shown(c.PageByID(id)); got != want {
			t.Errorf("Shown(page %d) = %v, want %v", id, got, want)
		}
	}
	if c.PageByPath("fr", "/CONTACT/equipe") != c.PageByID(901) {
		t.Error("a path matches whatever its case and slashes")
	}
}
