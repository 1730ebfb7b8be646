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
	for _, demo := range []string{"Immo Arlon", "immo-arlon.be"} {
		if strings.Contains(string(data), demo) {
			t.Errorf("the starter still names %q", demo)
		}
	}
}
