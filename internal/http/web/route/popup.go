package route

import (
	"immo/internal/domain/rules"
	"immo/internal/domain/site"
)

// Popup is the configured pop-up in the page's language (SPEC §3, §4):
// shown after Delay seconds (0: at once) until the visitor closes it.
type Popup struct {
	Title     string `json:"title,omitempty"`
	TitleLang string `json:"titleLang,omitempty"`
	// Description is the agency's HTML, its links built for the page's language.
	Description     string `json:"description,omitempty"`
	DescriptionLang string `json:"descriptionLang,omitempty"`
	// Link is where the pop-up leads, only when the site has it.
	Link         string      `json:"link,omitempty"`
	LinkExternal bool        `json:"linkExternal,omitempty"`
	Media        *PopupMedia `json:"media,omitempty"`
	Delay        int         `json:"delay"`
}

// PopupMedia is the pop-up's picture, or its video when media.url is a video
// link by SPEC §5's rules (rules.VideoOf; the web app embeds it the same way).
type PopupMedia struct {
	Kind    string `json:"kind" tstype:"'picture' | 'video'"`
	URL     string `json:"url"`
	Alt     string `json:"alt,omitempty"`
	AltLang string `json:"altLang,omitempty"`
}

// Pop-up media kinds.
const (
	PopupPicture = "picture"
	PopupVideo   = "video"
)

// popup is the published pop-up in the page's language, or nil.
func (c *resolution) popup(p site.Popup) *Popup {
	if !p.Published() {
		return nil
	}
	out := &Popup{Delay: p.Delay}
	out.Title, out.TitleLang = c.text(p.Title)
	out.Description, out.DescriptionLang = c.text(p.Description)
	out.Description = c.html(out.Description)
	if href, ok := c.link(p.Link); ok && p.Link != "" {
		out.Link, out.LinkExternal = href, rules.OpensNewTab(href)
	}
	if u := p.Media.URL; u != "" {
		m := &PopupMedia{Kind: PopupPicture, URL: u}
		if _, ok := rules.VideoOf(u); ok {
			m.Kind = PopupVideo
		}
		m.Alt, m.AltLang = c.text(p.Media.Alt)
		out.Media = m
	}
	return out
}
