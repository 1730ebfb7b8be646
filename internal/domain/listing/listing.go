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
	"context"
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

// PropertyListing describes a property in lang (notify.Listings): ok
// is false when the property is not online.
func (n Names) PropertyListing(id int64, lang string) (Listing, bool) {
	p, err := n.Catalog.Index().Property(id, lang)
	if err != nil {
		return Listing{}, false
	}
	return n.Describe(&p).In(lang), true
}

// Described is a property named in every language from one lookup in the
// index (Names.Describe): the page a visitor posts to looked it up, and
// the request's mails name it with this rather than look it up again.
type Described struct {
	p     catalog.PublicProperty // what a heading and an address read
	types map[string]string      // its type's name per language
	site  *site.Config
}

// Describe is p, read from the index in a language, named in every
// language of the site.
func (n Names) Describe(p *catalog.PublicProperty) *Described {
	d := &Described{site: n.Site, types: map[string]string{},
		p: catalog.PublicProperty{ID: p.ID, Goal: p.Goal, Title: p.Title, TypeDescription: p.TypeDescription, City: p.City,
			Zip: p.Zip, Street: p.Street, HouseNumber: p.HouseNumber, PublishAddress: p.PublishAddress,
			XLargePictureItem: p.XLargePictureItem}}
	ix := n.Catalog.Index()
	for _, lang := range n.Site.Languages.Enabled() {
		if name := ix.TypeName(p.WebID, lang); name != "" {
			d.types[lang] = name
		}
	}
	return d
}

type contextKey struct{}

// NewContext is ctx carrying d: a post's context carries the property its
// page looked up, for the mails its request writes (notify).
func NewContext(ctx context.Context, d *Described) context.Context {
	if d == nil {
		return ctx
	}
	return context.WithValue(ctx, contextKey{}, d)
}

// FromContext is the property ctx carries, nil when none.
func FromContext(ctx context.Context) *Described {
	d, _ := ctx.Value(contextKey{}).(*Described)
	return d
}

// ID is the property's.
func (d *Described) ID() int64 { return d.p.ID }

// In is the property named in lang: its heading, city, picture, postal
// address and page.
func (d *Described) In(lang string) Listing {
	p := d.p
	if name, ok := d.types[lang]; ok {
		p.TypeDescription = name
	}
	title, _ := p.Heading(lang)
	return Listing{Title: title, City: p.City, Picture: p.XLargePictureItem.Url, Address: p.PostalAddress(),
		URL: d.site.PropertyURL(p.ID, p.IsSale(), p.City, p.TypeDescription, lang)}
}

// ProjectListing describes a project in lang (notify.Listings).
func (n Names) ProjectListing(id int64, lang string) (Listing, bool) {
	p, err := n.Catalog.Index().Project(id)
	if err != nil {
		return Listing{}, false
	}
	return Listing{Title: p.Name.In(lang), City: p.City, Picture: p.XLargePictureItem.Url,
		URL: site.ProjectURL(p.ID, lang)}, true
}

// DocumentName names a property's document in lang (notify.Listings).
func (n Names) DocumentName(property int64, document, lang string) (string, bool) {
	return n.Catalog.Index().DocumentName(property, document, lang)
}

// ListLabel names a demand's value in lang (notify.Listings): a property
// type by its id, a zone by its id.
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
