package demo

import (
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
}
