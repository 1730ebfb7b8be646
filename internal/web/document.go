package web

import (
	"html/template"

	"immo/internal/site"
	"immo/internal/web/route"
)

// document is the HTML around the app. The head is Go's: title,
// description, canonical, hreflang and Open Graph come from the resolver.
var document = template.Must(template.New("doc").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Head.Title}}</title>
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
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
{{.Assets}}
</head>
<body>
{{.App}}
</body>
</html>
`))

type documentData struct {
	Lang     string
	Head     route.Head
	Settings site.SiteSettings
	// Breadcrumbs is the BreadcrumbList JSON-LD (structured.go).
	Breadcrumbs template.JS
	Assets      template.HTML
	App         template.HTML
}
