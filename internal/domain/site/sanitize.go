package site

import (
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

// The configuration's HTML (page and legal content, module descriptions,
// footer texts, the pop-up's text) is the agency's, pasted from anywhere: it goes through an
// allow-list once, at load, so a <script>, an on* attribute, a
// javascript: link, an <iframe>, a <style> or a <form> never reaches a page, and no
// request pays for it. Links inside are still rebuilt per page
// (route/html.go), on the clean HTML.

// htmlPolicy is bluemonday's policy for user content, without its
// rel="nofollow" (these are the agency's own links) and with tel: links
// and class attributes of plain class names.
var htmlPolicy = func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.RequireNoFollowOnLinks(false)
	p.AllowURLSchemes("mailto", "http", "https", "tel")
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^[A-Za-z0-9_ -]{1,200}$`)).Globally()
	p.AllowAttrs("target").Matching(regexp.MustCompile(`^_blank$`)).OnElements("a")
	p.AddTargetBlankToFullyQualifiedLinks(false)
	return p
}()

// SanitizeHTML is html with everything outside the allow-list removed.
func SanitizeHTML(html string) string { return htmlPolicy.Sanitize(html) }

// sanitizeText cleans every language of t in place.
func sanitizeText(t Text) {
	for lang, s := range t {
		t[lang] = SanitizeHTML(s)
	}
}

// sanitize cleans every HTML field of the configuration.
func (c *Config) sanitize() {
	for _, pg := range c.AllPages() {
		sanitizeText(pg.Params.Content)
		for i := range pg.Params.Modules {
			m := &pg.Params.Modules[i]
			sanitizeText(m.Description)
			sanitizeText(m.Description2)
		}
	}
	for i := range c.Legal {
		sanitizeText(c.Legal[i].Content)
	}
	for i := range c.Footer.Columns {
		col := &c.Footer.Columns[i]
		sanitizeText(col.IntroText.Text)
		sanitizeText(col.FullText.Text)
	}
	sanitizeText(c.Popup.Description)
}
