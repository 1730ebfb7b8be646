package route

import (
	"encoding/json"
	"testing"
	"time"

	"immo/internal/adapter/demo"
	"immo/internal/domain/site"
)

// A stored configuration's shell is made once per key and is the shell
// made anew would be, page by page: with a footer column shown on one
// page only (a condition on the page's path), a top bar link that adds a
// parameter to the page's own address, a page with a form (no pop-up), a
// 404, in the four languages, each page twice; the copyright follows the
// year.
func TestShellCachedIsTheShellMade(t *testing.T) {
	condition := func(cfg *site.Config) {
		cfg.Footer.Columns[0].DisplayCondition = &site.DisplayCondition{Field: "page.path", Logic: "equals", CompareWithValue: "/about-us/team/"}
	}
	parameter := func(cfg *site.Config) {
		cfg.TopBar.Right = append(cfg.TopBar.Right, site.TopBarItem{Status: true, Label: site.Text{"nl": "Print", "fr": "Imprimer", "en": "Print", "de": "Drucken"},
			Link: "?print=1"})
	}
	// A text that looks like a kept shell's mark stays as the agency typed it.
	lookalike := func(cfg *site.Config) {
		parameter(cfg)
		cfg.Footer.Columns[0].IntroText.Text["fr"] = "<p>\uE000print=2\uE001 et \uE000\uE000x\uE001</p>"
	}
	for name, change := range map[string]func(*site.Config){"a condition": condition, "a parameter": parameter,
		"both": func(cfg *site.Config) { condition(cfg); parameter(cfg) }, "a text like a mark": lookalike} {
		t.Run(name, func(t *testing.T) { testShellCached(t, change) })
	}
}

func testShellCached(t *testing.T, change func(*site.Config)) {
	configure := func(r *Resolver) *Resolver {
		change(r.Site)
		return r
	}
	year := time.Date(2026, 12, 31, 23, 0, 0, 0, time.UTC)
	clock := func() time.Time { return year }
	made := configure(resolverFor(t, "site.json", demo.SiteJSON()))
	made.Now = clock
	cached := configure(resolverFor(t, "site.json", demo.SiteJSON()))
	cached.Now, cached.SiteVersion = clock, 7
	paths := []string{"/fr/", "/nl/", "/en/", "/de/", "/fr/a-vendre/", "/fr/a-vendre/?page=2", "/nl/te-koop/?page=2",
		"/fr/a-propos/equipe/", "/fr/a-propos/", "/en/about-us/team/", "/fr/contact/", "/fr/nulle-part/",
		"/fr/a-vendre/arlon/villa-maison-ferme/4100001/"}
	shellOf := func(r *Resolver, path string) string {
		t.Helper()
		res := resolve(r, path)
		if res.Props == nil {
			t.Fatalf("%s: no page (%d)", path, res.Status)
		}
		b, err := json.Marshal(res.Props.base().Site)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	check := func() {
		t.Helper()
		for range 2 {
			for _, p := range paths {
				if got, want := shellOf(cached, p), shellOf(made, p); got != want {
					t.Errorf("%s: the cached shell\n%s\nis not the one made\n%s", p, got, want)
				}
			}
		}
	}
	check()
	if shellOf(cached, "/fr/a-propos/equipe/") == shellOf(cached, "/fr/a-propos/") {
		t.Error("the team page and its parent share a shell")
	}
	year = year.Add(2 * time.Hour) // 2027
	check()
}
