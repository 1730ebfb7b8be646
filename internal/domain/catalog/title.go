package catalog

import (
	"strings"

	"immo/internal/domain/i18n"
)

// Heading is p's own title in lang (with the language it fell back to, ""
// when none), or "House for sale in Arlon" in lang; p is read in lang (its
// TypeDescription is the type's name in lang). The property's page, the
// owner's portal and the mails about it show this title.
func (p *PublicProperty) Heading(lang string) (title, in string) {
	if t, l := p.Title.Pick(lang); strings.TrimSpace(t) != "" {
		if l == lang {
			l = ""
		}
		return t, l
	}
	key := "property.titleRent"
	if p.IsSale() {
		key = "property.titleSale"
	}
	return i18n.Tf(lang, key, "type", p.TypeDescription, "city", p.City), ""
}
