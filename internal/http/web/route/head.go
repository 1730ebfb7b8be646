package route

import (
	"html"
	"strings"

	"immo/internal/domain/rules"
	"immo/internal/domain/site"
)

// Head is what Go puts in the document head; the client updates the title
// from it on navigation.
type Head struct {
	Title       string      `json:"title"`
	Description string      `json:"description,omitempty"`
	Canonical   string      `json:"canonical,omitempty"`
	Alternates  []Alternate `json:"alternates,omitempty"`
	Image       string      `json:"image,omitempty"`
	Type        string      `json:"type"`
	Robots      string      `json:"robots,omitempty"`
	SiteName    string      `json:"siteName"`
	Locale      string      `json:"locale"`
	// Breadcrumb is home, the pages above this one and the page itself
	// (without Href when it has no address of its own); none on the home
	// page. The layout shows it and the document adds its BreadcrumbList.
	Breadcrumb []Crumb `json:"breadcrumb,omitempty"`

	// For the document's head only (the client's navigation needs none):
	// Image's pixel size when known, and the sharing cards' title when it
	// says more than Title (a listing's price).
	ImageWidth  int    `json:"-"`
	ImageHeight int    `json:"-"`
	ShareTitle  string `json:"-"`
}

// Crumb is one step of a breadcrumb; Lang names the language of a label
// that fell back to another one.
type Crumb struct {
	Label string `json:"label"`
	Href  string `json:"href,omitempty"`
	Lang  string `json:"lang,omitempty"`
}

// Alternate is one hreflang link; Lang "x-default" is the language-neutral one.
type Alternate struct {
	Lang string `json:"lang"`
	Href string `json:"href"`
}

// DescriptionLimit is the length search engines show of a description.
const DescriptionLimit = 160

var locales = map[string]string{"nl": "nl_BE", "fr": "fr_BE", "en": "en_GB", "de": "de_BE"}

// head builds the head of a page shown in c.lang whose address in each
// language is urlIn(lang). Title and description come from the page's SEO
// metadata when it is active in that language.
func (c *resolution) head(title, description string, meta site.MetadataByLang, urlIn func(lang string) string) Head {
	if m, ok := meta[c.lang]; ok && m.IsActiveSEO {
		if m.Title != "" {
			title = m.Title
		}
		if m.Description != "" {
			description = m.Description
		}
	}
	agency := c.r.Site.Agency.Name
	if title == "" {
		title = agency
	} else if !strings.Contains(title, agency) {
		title += " | " + agency
	}
	h := Head{
		Title:       title,
		Description: rules.Truncate(stripTags(description), DescriptionLimit),
		Type:        "website",
		Robots:      c.r.Site.SiteInfo.Settings.Robots,
		SiteName:    agency,
		Locale:      locales[c.lang],
	}
	if img := c.r.Site.SiteInfo.Settings.Image; img != "" {
		h.Image = c.r.Absolute(img)
	}
	if urlIn == nil {
		return h
	}
	h.Canonical = c.r.Absolute(urlIn(c.lang))
	for _, l := range c.r.Site.Languages.Enabled() {
		h.Alternates = append(h.Alternates, Alternate{Lang: l, Href: c.r.Absolute(urlIn(l))})
	}
	h.Alternates = append(h.Alternates, Alternate{Lang: "x-default", Href: c.r.Absolute(urlIn(c.r.Site.Languages.Default))})
	return h
}

// noindex is the robots value of a page kept out of search engines' index
// whose links they may follow; a site configured noindex as a whole keeps
// its own (which may also say nofollow).
func (c *resolution) noindex() string {
	if site := c.r.Site.SiteInfo.Settings.Robots; strings.Contains(strings.ToLower(site), "noindex") {
		return site
	}
	return "noindex, follow"
}

// describe is a page's description: the first of texts that says
// something once its tags are dropped (the configured description, then
// the page's own text, its modules' words): a page without a configured
// one is described by what it says, not left without a description.
func describe(texts ...string) string {
	for _, t := range texts {
		if s := strings.Join(strings.Fields(html.UnescapeString(stripTags(t))), " "); s != "" {
			return s
		}
	}
	return ""
}

// stripTags drops HTML tags from configured descriptions.
func stripTags(s string) string {
	out := make([]rune, 0, len(s))
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>' && in:
			in = false
			out = append(out, ' ')
		case !in:
			out = append(out, r)
		}
	}
	return string(out)
}
