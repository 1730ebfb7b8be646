package route

import (
	"html"
	"regexp"
	"strings"
)

// Links inside configured HTML (footer texts, page and legal content) go
// through the same resolver as every other link: a site path is rewritten
// to the page's language, a link that only adds a parameter keeps the
// current address, and a link to a page the site does not have is dropped —
// its text stays in a sentence, and a list item holding nothing but that
// link goes with it.

var (
	anchorTag = regexp.MustCompile(`(?is)<a\b([^>]*)>(.*?)</a\s*>`)
	hrefAttr  = regexp.MustCompile(`(?is)(\shref\s*=\s*)("[^"]*"|'[^']*'|[^\s"'>]+)`)
	// deadItem is a list item left with only a dropped link (marked by
	// deadStart … deadEnd).
	deadItem = regexp.MustCompile(`(?is)<li\b[^>]*>\s*\x00[^\x00\x01]*\x01\s*</li\s*>`)
)

const deadStart, deadEnd = "\x00", "\x01"

// html is configured HTML with its links built for this page.
func (c *resolution) html(s string) string {
	if !strings.Contains(s, "<a") && !strings.Contains(s, "<A") {
		return s
	}
	dropped := false
	s = anchorTag.ReplaceAllStringFunc(s, func(a string) string {
		m := anchorTag.FindStringSubmatch(a)
		attrs, inner := m[1], m[2]
		h := hrefAttr.FindStringSubmatchIndex(attrs)
		if h == nil {
			return a
		}
		raw := strings.Trim(attrs[h[4]:h[5]], `"'`)
		href, ok := c.link(html.UnescapeString(raw))
		if !ok {
			dropped = true
			return deadStart + inner + deadEnd
		}
		return "<a" + attrs[:h[4]] + `"` + html.EscapeString(href) + `"` + attrs[h[5]:] + ">" + inner + "</a>"
	})
	if dropped {
		s = deadItem.ReplaceAllString(s, "")
		s = strings.NewReplacer(deadStart, "", deadEnd, "").Replace(s)
	}
	return s
}
