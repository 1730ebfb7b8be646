package web

import (
	"bytes"
	"encoding/json"
	"html/template"

	"immo/internal/site"
	"immo/internal/web/route"
)

// siteHead is the public site's head: title, description, canonical,
// hreflang and Open Graph come from the resolver, the verification tags
// from the configuration, the breadcrumb's JSON-LD from structured.go. The
// Responder puts it after the charset and viewport, before the assets.
var siteHead = template.Must(template.New("head").Parse(`<title>{{.Head.Title}}</title>
{{- with .Head.Description}}
<meta name="description" content="{{.}}">{{end}}
{{- with .Head.Robots}}
<meta name="robots" content="{{.}}">{{end}}
{{- with .Head.Canonical}}
<link rel="canonical" href="{{.}}">{{end}}
{{- range .Head.Alternates}}
<link rel="alternate" hreflang="{{.Lang}}" href="{{.Href}}">{{end}}
<meta property="og:type" content="{{.Head.Type}}">
<meta property="og:title" content="{{.Head.Title}}">
<meta property="og:site_name" content="{{.Head.SiteName}}">
<meta property="og:locale" content="{{.Head.Locale}}">
{{- with .Head.Description}}
<meta property="og:description" content="{{.}}">{{end}}
{{- with .Head.Canonical}}
<meta property="og:url" content="{{.}}">{{end}}
{{- with .Head.Image}}
<meta property="og:image" content="{{.}}">
<meta name="twitter:card" content="summary_large_image">{{end}}
{{- with .Settings.GoogleVerification}}
<meta name="google-site-verification" content="{{.}}">{{end}}
{{- with .Settings.FacebookVerification}}
<meta name="facebook-domain-verification" content="{{.}}">{{end}}
{{- with .Settings.NortonSafeWeb}}
<meta name="norton-safeweb-site-verification" content="{{.}}">{{end}}
{{- with .Breadcrumbs}}
<script type="application/ld+json">{{.}}</script>{{end}}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">`))

type headData struct {
	Head     route.Head
	Settings site.SiteSettings
	// Breadcrumbs is the BreadcrumbList JSON-LD (structured.go).
	Breadcrumbs template.JS
}

// head writes res's head tags, when a document is rendered.
func (h *Handler) head(res route.Result) func() template.HTML {
	return func() template.HTML {
		var b bytes.Buffer
		err := siteHead.Execute(&b, headData{Head: res.Head, Settings: h.resolver.Site.SiteInfo.Settings,
			Breadcrumbs: breadcrumbList(res.Head.Breadcrumb, h.resolver.Absolute)})
		if err != nil {
			panic(err) // the template and its data are ours: a failure is a bug
		}
		return template.HTML(b.String())
	}
}

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
