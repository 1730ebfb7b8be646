package web

import (
	"encoding/json"
	"html/template"

	"immo/internal/web/route"
)

// breadcrumbList is the page's breadcrumb as schema.org BreadcrumbList
// JSON-LD, with absolute addresses; "" without a breadcrumb (the home
// page). encoding/json escapes <, > and &, so no text can end the script.
func breadcrumbList(crumbs []route.Crumb, absolute func(string) string) template.JS {
	if len(crumbs) < 2 {
		return ""
	}
	type item struct {
		Type     string `json:"@type"`
		Position int    `json:"position"`
		Name     string `json:"name"`
		Item     string `json:"item,omitempty"`
	}
	items := make([]item, len(crumbs))
	for i, c := range crumbs {
		items[i] = item{Type: "ListItem", Position: i + 1, Name: c.Label}
		if c.Href != "" {
			items[i].Item = absolute(c.Href)
		}
	}
	b, err := json.Marshal(map[string]any{
		"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items,
	})
	if err != nil {
		panic(err) // strings and ints only
	}
	return template.JS(b)
}
