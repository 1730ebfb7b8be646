package route

import "immo/internal/domain/catalog"

// ProjectCard is a project as a list shows it, in one language.
type ProjectCard struct {
	ID                int64           `json:"ID"`
	Name              string          `json:"Name"`
	NameLang          string          `json:"NameLang,omitempty"` // the name's language when it is not the page's
	City              string          `json:"City"`
	Zip               string          `json:"Zip"`
	Delivery          string          `json:"Delivery,omitempty"`
	DeliveryLang      string          `json:"DeliveryLang,omitempty"` // the delivery's language when it is not the page's
	PriceFrom         float64         `json:"PriceFrom,omitempty"`
	PriceTo           float64         `json:"PriceTo,omitempty"`
	SmallPictureItem  catalog.Picture `json:"SmallPictureItem"`
	XLargePictureItem catalog.Picture `json:"XLargePictureItem"`
	UnitsTotal        int             `json:"UnitsTotal"`
	UnitsAvailable    int             `json:"UnitsAvailable"`
	External          bool            `json:"External,omitempty"`
	Href              string          `json:"href"`
}

// projectCards lists the online projects; a project with its own site
// links there directly.
func (c *resolution) projectCards() []ProjectCard {
	out := []ProjectCard{}
	for _, p := range c.ix.Projects() {
		out = append(out, c.projectCard(&p))
	}
	return out
}

// projectCard is one project's card.
func (c *resolution) projectCard(p *catalog.PublicProject) ProjectCard {
	card := ProjectCard{ID: p.ID, City: p.City, Zip: p.Zip,
		PriceFrom: p.PriceFrom, PriceTo: p.PriceTo, SmallPictureItem: p.SmallPictureItem, XLargePictureItem: p.XLargePictureItem,
		UnitsTotal: len(p.Units), Href: c.r.ProjectURL(p.ID, c.lang)}
	card.Name, card.NameLang = c.content(p.Name)
	card.Delivery, card.DeliveryLang = c.content(p.Delivery.Translated(c.lang))
	for _, u := range p.Units {
		if u.Status == catalog.UnitAvailable {
			card.UnitsAvailable++
		}
	}
	if p.ExternalWeb != "" {
		card.Href, card.External = p.ExternalWeb, true
	}
	return card
}
