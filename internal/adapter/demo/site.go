package demo

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"strings"
)

//go:embed site.json
var siteJSON []byte

// SiteJSON is the demo agency's site configuration (internal/domain/site format).
// The slice is shared: do not modify it.
func SiteJSON() []byte { return siteJSON }

// StarterSiteJSON is an added agency's first configuration (issue #35):
// the demo's pages, menus and modules under the agency's name, its mails
// from info@ its domain, its default language first; the agency edits it
// in its inbox. domain is its preferred host ("www." dropped for the
// address).
func StarterSiteJSON(name, lang, domain string) ([]byte, error) {
	// The demo's texts name it: they name the agency now.
	quoted, err := json.Marshal(name)
	if err != nil {
		return nil, err
	}
	data := bytes.ReplaceAll(siteJSON, []byte("Immo Arlon"), quoted[1:len(quoted)-1])
	if domain = strings.TrimPrefix(domain, "www."); domain != "" {
		data = bytes.ReplaceAll(data, []byte("immo-arlon.be"), []byte(domain))
	}
	var cfg map[string]any
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, err
	}
	agency, _ := cfg["agency"].(map[string]any)
	languages, _ := cfg["languages"].(map[string]any)
	if agency == nil || languages == nil {
		return nil, errors.New("demo: the site configuration has no agency or languages")
	}
	agency["name"] = name
	if domain != "" {
		agency["email"] = "info@" + domain
	}
	languages["default"] = lang
	return json.MarshalIndent(cfg, "", "  ") // as the agency exports it
}
