package demo

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"html"
	"strings"
)

//go:embed site.json
var siteJSON []byte

// starterJSON is the demo's configuration made neutral for an added
// agency: the same pages, menus, modules and pictures, but no text names
// the demo's town, street, phone, region or history ("in de regio", "dans
// la région"), the footer gives only its name and mail, the legal texts
// leave its company and licence numbers as "…" to fill in, and it has no
// zone (the demand register waits for the agency's own).
//
//go:embed starter.json
var starterJSON []byte

// SiteJSON is the demo agency's site configuration (internal/domain/site format).
// The slice is shared: do not modify it.
func SiteJSON() []byte { return siteJSON }

// StarterSiteJSON is an added agency's first configuration (issue #35):
// the demo's pages, menus and modules (starter.json) under the agency's name, its mails
// from info@ its domain, its default language first. Nothing of the demo
// agency's identity stays: no logo, address, phone, VAT or licence number, no quote of its clients, no social
// page, no analytics, advertising or verification tag (a visitor's
// consent would report to the demo's accounts), and search engines are
// asked not to index it until the agency has made it its own in its
// inbox. domain is its preferred host ("www." dropped for the address).
func StarterSiteJSON(name, lang, domain string) ([]byte, error) {
	quoted, err := json.Marshal(name)
	if err != nil {
		return nil, err
	}
	bare := quoted[1 : len(quoted)-1]
	data := bytes.ReplaceAll(starterJSON, []byte("Immo Arlon"), bare)
	domain = strings.TrimPrefix(domain, "www.")
	if domain != "" {
		data = bytes.ReplaceAll(data, []byte("immo-arlon.be"), []byte(domain))
	}
	var cfg map[string]any
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, err
	}
	agency, _ := cfg["agency"].(map[string]any)
	languages, _ := cfg["languages"].(map[string]any)
	info, _ := cfg["siteInfo"].(map[string]any)
	if agency == nil || languages == nil || info == nil {
		return nil, errors.New("demo: the site configuration has no agency, languages or siteInfo")
	}
	agency["name"] = name
	email := ""
	if domain != "" {
		email = "info@" + domain
		agency["email"] = email
	}
	// A phone is required: a placeholder no one answers, until the agency
	// gives its own (the site is not indexed meanwhile).
	agency["phone"], agency["vatNumber"], agency["logo"] = "000 00 00 00", "", "" // the demo's logo spells its name
	agency["address"] = map[string]any{"street": "", "number": "", "zip": "", "city": "", "country": map[string]any{}}
	delete(agency, "geo")
	languages["default"] = lang
	for _, tag := range []string{"googleAnalyticsId", "googleAdsId", "tagManagerId", "socialPixelId"} {
		delete(info, tag)
	}
	if settings, _ := info["settings"].(map[string]any); settings != nil {
		for _, token := range []string{"googleVerification", "facebookVerification", "nortonSafeWeb"} {
			delete(settings, token)
		}
		settings["robots"] = "noindex, follow"
	}
	// The demo's quotes of its clients are no one's of this agency's.
	if pages, _ := cfg["pages"].([]any); pages != nil {
		for _, page := range pages {
			params, _ := page.(map[string]any)["params"].(map[string]any)
			modules, _ := params["modules"].([]any)
			for _, m := range modules {
				if mod, _ := m.(map[string]any); mod != nil && mod["view"] == "testimonials" {
					mod["items"] = []any{}
				}
			}
		}
	}
	if top, _ := cfg["topBar"].(map[string]any); top != nil { // the demo's phone and social page
		top["left"], top["right"] = []any{}, []any{}
	}
	if footer, _ := cfg["footer"].(map[string]any); footer != nil {
		if cols, _ := footer["columns"].([]any); len(cols) > 0 {
			if col, _ := cols[0].(map[string]any); col != nil {
				if intro, _ := col["introText"].(map[string]any); intro != nil { // the demo's address and phone
					contact := "<p>" + html.EscapeString(name) + "</p>"
					if email != "" {
						contact = "<p>" + html.EscapeString(name) + `<br><a href="mailto:` + email + `">` + email + "</a></p>"
					}
					intro["text"] = map[string]any{"nl": contact, "fr": contact, "en": contact, "de": contact}
				}
			}
		}
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false) // its texts' markup readable, as the agency exports it
	enc.SetIndent("", "  ")
	err = enc.Encode(cfg)
	return out.Bytes(), err
}
