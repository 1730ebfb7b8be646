package ssr_test

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"

	"immo/internal/adapter/demo/demotest"
	"immo/internal/domain/site"
	"immo/internal/http/web/route"
)

// The demo agency with every German content field empty
// (route/testdata/site-without-german.json), rendered by the real bundle:
// German pages show French content marked lang="fr", while the interface
// and every link stay German.
func TestGermanFallbackRendersMarkedFrench(t *testing.T) {
	raw, err := os.ReadFile("../route/testdata/site-without-german.json")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := site.Parse("site-without-german.json", raw)
	if err != nil {
		t.Fatal(err)
	}
	r := &route.Resolver{Site: cfg, Catalog: demotest.FixedIndex{Ix: demotest.Index(t)}, BaseURL: "https://example.test"}
	p, err := newPool(bundle(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	render := func(path string) string {
		u, _ := url.Parse(path)
		res := r.Resolve(u.EscapedPath(), u.Query())
		if res.Redirect != "" { // another spelling of the address: its canonical one
			u, _ = url.Parse(res.Redirect)
			res = r.Resolve(u.EscapedPath(), u.Query())
		}
		b, _ := json.Marshal(map[string]any{"component": res.View, "props": res.Props, "url": path, "version": "v"})
		out, err := p.Render(context.Background(), b)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return out.Body
	}
	hrefs := regexp.MustCompile(`href="(/[^"]*)"`)
	for _, path := range []string{"/de/", "/de/kontakt/", "/de/datenschutz/"} {
		body := render(path)
		for _, want := range []string{
			`<h2 lang="fr" class="footer-title">Liens utiles</h2>`,
			`<div lang="fr" class="footer-text"><ul><li><a href="/de/zu-verkaufen/">Biens à vendre</a>`,
			`lang="fr" data-icon="facebook"`,
			`<p lang="fr" class="copyright">`,
			`Zu verkaufen</a>`, // interface: the menu named from the translations, unmarked
			`Zum Inhalt springen`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("%s lacks %s", path, want)
			}
		}
		for _, m := range hrefs.FindAllStringSubmatch(body, -1) {
			if h := m[1]; !strings.HasPrefix(h, "/de/") && !strings.HasPrefix(h, "/pictures/") && !strings.Contains(body, `hreflang="`+h[1:3]+`" lang="`+h[1:3]+`" href="`+h+`"`) {
				t.Errorf("%s links %s, outside the German site", path, h)
			}
		}
		if strings.Contains(body, "estimation-gratuite") || !strings.Contains(body, `href="/de/contact-demand/"`) {
			t.Errorf("%s does not link the German free valuation page, or links the French one", path)
		}
	}
	contact := render("/de/kontakt/")
	for _, want := range []string{"<dt>Sonntag</dt><dd>Geschlossen</dd>", "Öffnungszeiten", `<div lang="fr" class="module-description">Remplissez le formulaire`} {
		if !strings.Contains(contact, want) {
			t.Errorf("contact page lacks %s", want)
		}
	}
	if strings.Contains(contact, "Fermé") {
		t.Error("contact page says Fermé on a German page")
	}
	// Listings have no German either: their titles, descriptions and
	// project names are French, marked; on a French page nothing is marked.
	for path, wants := range map[string][]string{
		"/de/zu-verkaufen/":       {`<a lang="fr" href="/de/zu-verkaufen/`},
		"/de/property/4100001/":   {`<h1 lang="fr">`, `<div lang="fr" class="description">`},
		"/de/project/?id=5200002": {`<h1 lang="fr">`, `<div lang="fr" class="project-description">`},
		"/de/projekte/":           {`<span lang="fr">`},
	} {
		body := render(path)
		for _, want := range wants {
			if !strings.Contains(body, want) {
				t.Errorf("%s lacks %s", path, want)
			}
		}
	}
	marked := regexp.MustCompile(`<[a-z]+ lang="[a-z]+"[^>]* class="(card-link|description|project-description)"`)
	for _, path := range []string{"/fr/a-vendre/", "/fr/property/4100001/", "/fr/project/?id=5200002"} {
		if body := render(path); marked.MatchString(body) || strings.Contains(body, `<h1 lang=`) {
			t.Errorf("%s marks French content on a French page", path)
		}
	}
	if legal := render("/de/datenschutz/"); !strings.Contains(legal, `<h1 lang="fr">Déclaration de confidentialité</h1>`) || !strings.Contains(legal, `<div lang="fr" class="prose">`) {
		t.Error("the legal page's French fallback is not marked")
	}
}
