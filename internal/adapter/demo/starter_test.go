package demo

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"immo/internal/domain/site"
)

// An added agency's first configuration is the demo's under its name:
// valid, in its language first, its mails from its own domain, no text
// naming the demo agency.
func TestStarterSiteJSON(t *testing.T) {
	data, err := StarterSiteJSON(`Immo "Gent" & Zonen`, "nl", "www.immo-gent.be")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := site.Parse("starter", data)
	if err != nil {
		t.Fatalf("the starter does not parse: %v", err)
	}
	if cfg.Agency.Name != `Immo "Gent" & Zonen` || cfg.Agency.Email != "info@immo-gent.be" || cfg.Languages.Default != "nl" {
		t.Errorf("agency %+v, default language %q", cfg.Agency, cfg.Languages.Default)
	}
	// Nothing of the demo agency's identity, nor its tags: a visitor's
	// consent would report to the demo's accounts.
	for _, demo := range []string{"Immo Arlon", "immo-arlon.be", "G-7KX3QZP1LM", "AW-842196573", "GTM-N4RB8QX", "493817265104382",
		"demo-google-token", "facebooktoken", "norton-token", "063 22 44 55", "3263224455", "063224455", "facebook.com/immoarlon",
		"0712.345.678", "512.345", "Grand-Rue 12", "Marie D.", "/pictures/demo/logo.png"} {
		if strings.Contains(string(data), demo) {
			t.Errorf("the starter still names %q", demo)
		}
	}
	if cfg.SiteInfo.GoogleAnalyticsID != "" || cfg.SiteInfo.Settings.Robots != "noindex, follow" {
		t.Errorf("site info %+v: no tag, not indexed until the agency edits it", cfg.SiteInfo)
	}
	if !strings.Contains(string(data), `<a href=\"mailto:info@immo-gent.be\">info@immo-gent.be</a>`) {
		t.Error("the footer does not give the agency's address")
	}
	t.Run("neutral", starterIsNeutral)
}

// An added agency's site says nothing of the demo's town: not its name in
// any language, its street, postcode, province or phone; its pages are
// still every one of the demo's, and it validates as a configuration.
func starterIsNeutral(t *testing.T) {
	data, err := StarterSiteJSON("Immo Gent", "nl", "www.immo-gent.be")
	if err != nil {
		t.Fatal(err)
	}
	for _, town := range []string{"Arlon", "Aarlen", "Arel", "Grand-Rue", "6700", "Luxemb", "063 22 44 55",
		"Gaume", "2009", "Grand-Duché", "Groothertogdom", "Großherzogtum", "SRL"} {
		if i := strings.Index(string(data), town); i >= 0 {
			t.Errorf("the starter names %q: …%s…", town, data[max(0, i-80):min(len(data), i+80)])
		}
	}
	if !strings.Contains(string(data), "Immo Gent") {
		t.Error("the starter does not name the agency")
	}
	cfg, err := site.Parse("starter", data)
	if err != nil {
		t.Fatalf("the starter does not parse: %v", err)
	}
	if err := cfg.Validate(); err != nil {
		t.Fatalf("the starter does not validate: %v", err)
	}
	demo, err := site.Parse("demo", SiteJSON())
	if err != nil {
		t.Fatal(err)
	}
	paths := func(c *site.Config) (out []string) {
		for _, p := range c.AllPages() {
			out = append(out, fmt.Sprintf("%d %s %s %v", p.ID, p.Status, p.Path, p.Params.Path))
		}
		for _, l := range c.Legal {
			out = append(out, fmt.Sprintf("legal %s %v", l.ID, l.Paths))
		}
		return out
	}
	if got, want := paths(cfg), paths(demo); !slices.Equal(got, want) {
		t.Errorf("the starter's pages:\n%s\nthe demo's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(cfg.Zones) != 0 {
		t.Errorf("the starter keeps %d of the demo's zones", len(cfg.Zones))
	}
	// Where the demo gave its address, the agency's name and mail only.
	if footer := cfg.Footer.Columns[0].IntroText.Text.In("nl"); footer != `<p>Immo Gent<br><a href="mailto:info@immo-gent.be">info@immo-gent.be</a></p>` {
		t.Errorf("the footer's contact column: %s", footer)
	}
}
