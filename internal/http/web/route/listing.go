package route

import (
	"immo/internal/domain/agency"
	"immo/internal/domain/notify"
)

// The resolver describes the listings for the mails (notify.Config's
// Property, Project and Document): the same title and address as their
// pages.

// PropertyListing is property id's title, city, picture, address and page
// in lang, from the catalog's current index; ok is false when it is not
// online.
func (r *Resolver) PropertyListing(id int64, lang string) (notify.Listing, bool) {
	p, err := r.Catalog.Index().Property(id, lang)
	if err != nil {
		return notify.Listing{}, false
	}
	title, _ := p.Heading(lang)
	return notify.Listing{Title: title, City: p.City, Picture: p.XLargePictureItem.Url, Address: p.PostalAddress(),
		URL: r.PropertyURL(p.ID, p.Goal, p.City, p.TypeDescription, lang)}, true
}

// ProjectListing is PropertyListing's twin for projects.
func (r *Resolver) ProjectListing(id int64, lang string) (notify.Listing, bool) {
	p, err := r.Catalog.Index().Project(id)
	if err != nil {
		return notify.Listing{}, false
	}
	return notify.Listing{Title: p.Name.In(lang), City: p.City, Picture: p.XLargePictureItem.Url,
		URL: r.ProjectURL(p.ID, lang)}, true
}

// DocumentName is a property's document's name in lang
// (catalog.Index.DocumentName on the current index).
func (r *Resolver) DocumentName(property int64, document, lang string) (string, bool) {
	return r.Catalog.Index().DocumentName(property, document, lang)
}

// ForMails is the resolver of a's site, for the mails written as a
// (notify.Sites).
func (r *Resolver) ForMails(a *agency.Agency) notify.MailSite { return r.For(a) }
