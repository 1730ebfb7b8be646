package web

import (
	"bytes"
	"html/template"

	"immo/internal/domain/site"
	"immo/internal/http/web/route"
)

// siteHead is the public site's head: title, description, robots,
// canonical, hreflang, Open Graph and Twitter cards come from the resolver,
// the verification tags from the configuration, the LCP picture's preload
// from preload.go, the JSON-LD from structured.go. The Responder puts it
// after the charset and viewport, before the assets, so the preload
// scanner meets the picture before the stylesheet and scripts.
var siteHead = template.Must(template.New("head").Parse(`<title>{{.Head.Title}}</title>
{{- range .Preloads}}
{{.}}{{end}}
{{- with .Head.Description}}
<meta name="description" content="{{.}}">{{end}}
{{- with .Head.Robots}}
<meta name="robots" content="{{.}}">{{end}}
{{- with .Head.Canonical}}
<link rel="canonical" href="{{.}}">{{end}}
{{- range .Head.Alternates}}
<link rel="alternate" hreflang="{{.Lang}}" href="{{.Href}}">{{end}}
<meta property="og:type" content="{{.Head.Type}}">
<meta property="og:title" content="{{.ShareTitle}}">
<meta property="og:site_name" content="{{.Head.SiteName}}">
<meta property="og:locale" content="{{.Head.Locale}}">
{{- with .Head.Description}}
<meta property="og:description" content="{{.}}">{{end}}
{{- with .Head.Canonical}}
<meta property="og:url" content="{{.}}">{{end}}
{{- with .Head.Image}}
<meta property="og:image" content="{{.}}">{{end}}
{{- if and .Head.Image .Head.ImageWidth .Head.ImageHeight}}
<meta property="og:image:width" content="{{.Head.ImageWidth}}">
<meta property="og:image:height" content="{{.Head.ImageHeight}}">{{end}}
<meta name="twitter:card" content="{{if .Head.Image}}summary_large_image{{else}}summary{{end}}">
<meta name="twitter:title" content="{{.ShareTitle}}">
{{- with .Head.Description}}
<meta name="twitter:description" content="{{.}}">{{end}}
{{- with .Head.Image}}
<meta name="twitter:image" content="{{.}}">{{end}}
{{- with .Settings.GoogleVerification}}
<meta name="google-site-verification" content="{{.}}">{{end}}
{{- with .Settings.FacebookVerification}}
<meta name="facebook-domain-verification" content="{{.}}">{{end}}
{{- with .Settings.NortonSafeWeb}}
<meta name="norton-safeweb-site-verification" content="{{.}}">{{end}}
{{- range .StructuredData}}
<script type="application/ld+json">{{.}}</script>{{end}}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">`))

type headData struct {
	Head     route.Head
	Settings site.SiteSettings
	// ShareTitle is the sharing cards' title: the head's, or one that says
	// more (a listing's price).
	ShareTitle string
	// Preloads are the LCP picture's link elements (preload.go).
	Preloads []template.HTML
	// StructuredData are the JSON-LD blocks (structured.go).
	StructuredData []template.JS
}

// head writes res's head tags, when a document is rendered.
func (h *Handler) head(rt *route.Resolver, res route.Result) func() template.HTML {
	return func() template.HTML {
		share := res.Head.ShareTitle
		if share == "" {
			share = res.Head.Title
		}
		var b bytes.Buffer
		err := siteHead.Execute(&b, headData{Head: res.Head, Settings: rt.Site.SiteInfo.Settings,
			ShareTitle: share, Preloads: preloadLinks(lcpPreloads(res, h.pictureVersions)), StructuredData: structuredData(rt, res)})
		if err != nil {
			panic(err) // the template and its data are ours: a failure is a bug
		}
		return template.HTML(b.String())
	}
}
