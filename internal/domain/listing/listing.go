// Package listing names the catalog's listings as the mails and the inbox
// show them, in a language: a property's heading, city, main picture,
// postal address and page; a project's name, city, picture and page; a
// property's document; a demand's values of a list without options (a
// property type, a zone). The words are the catalog's and the site
// configuration's, the addresses the configuration's rules
// (site.Config.PropertyURL): nothing here asks the router, and a mail
// written inside a request's write transaction calls nothing back up.
package listing

import (
	"strconv"

	"immo/internal/domain/catalog"
	"immo/internal/domain/site"
)

// Listing is what a mail or the inbox shows of a property or a project, in
// one language.
type Listing struct {
	Title   string
	City    string
	Picture string // address of its main picture, absolute or on the site
	URL     string // its page, absolute or on the site ("/fr/a-vendre/…")
	// Address is where it is, when published ("Rue de Diekirch 12, 6700
	// Arlon"): a visit's calendar event says it.
	Address string
}

// Catalog is where the listings are read (catalog.Service: its current
// index).
type Catalog interface {
	Index() *catalog.Index
}

// Names names the listings of Catalog's current index as Site shows them.
type Names struct {
	Catalog Catalog
	Site    *site.Config
}

// PropertyListing implements Listings: ok is false when the
// property is not online.
func (n Names) PropertyListing(id int64, lang string) (Listing, bool) {
	p, err := n.Catalog.Index().Property(id, lang)
	if err != nil {
		return Listing{}, false
	}
	title, _ := p.Heading(lang)
	return Listing{Title: title, City: p.City, Picture: p.XLargePictureItem.Url, Address: p.PostalAddress(),
		URL: n.Site.PropertyURL(p.ID, p.IsSale(), p.City, p.TypeDescription, lang)}, true
}

// ProjectListing implements Listings.
func (n Names) ProjectListing(id int64, lang string) (Listing, bool) {
	p, err := n.Catalog.Index().Project(id)
	if err != nil {
		return Listing{}, false
	}
	return Listing{Title: p.Name.In(lang), City: p.City, Picture: p.XLargePictureItem.Url,
		URL: site.ProjectURL(p.ID, lang)}, true
}

// DocumentName implements Listings.
func (n Names) DocumentName(property int64, document, lang string) (string, bool) {
	return n.Catalog.Index().DocumentName(property, document, lang)
}

// ListLabel implements Listings: a property type by its id, a zone
// by its id.
func (n Names) ListLabel(field, value, lang string) (string, bool) {
	switch field {
	case "types":
		id, err := strconv.Atoi(value)
		name := n.Catalog.Index().TypeName(id, lang)
		return name, err == nil && name != ""
	case "zones":
		name := n.Site.ZoneName(value, lang)
		return name, name != ""
	}
	return "", false
}
