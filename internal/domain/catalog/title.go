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

// PostalAddress is where p is as a visit's calendar event and the mails
// say it: "Rue de Diekirch 12, 6700 Arlon" when the agency publishes the
// street, else "6700 Arlon".
func (p *PublicProperty) PostalAddress() string {
	address := strings.TrimSpace(p.Zip + " " + p.City)
	if street := strings.TrimSpace(p.Street + " " + p.HouseNumber); p.PublishAddress && street != "" {
		address = street + ", " + address
	}
	return address
}
