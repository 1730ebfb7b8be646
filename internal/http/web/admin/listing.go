package admin

import (
	"context"
	"strconv"

	"immo/internal/domain/agency"
	"immo/internal/domain/listing"
)

// listingLink names a property (or project, property 0) in lang for the
// inbox's pages as the site's mails name it (listing.Names, on the
// request's agency): by title and address (the street when published,
// else the city), linked to its page; by number, marked gone, when the
// site no longer has it.
func (h *Handler) listingLink(ctx context.Context, lang string, property, project int64) ListingLink {
	id := property
	if id == 0 {
		id = project
	}
	l := ListingLink{ID: id, Project: property == 0 && project > 0, Title: "#" + strconv.FormatInt(id, 10)}
	a := agency.FromContext(ctx)
	if h.o.Catalog == nil || a == nil {
		return l
	}
	names := listing.Names{Catalog: h.o.Catalog, Site: a.Site}
	var found listing.Listing
	var ok bool
	if property > 0 {
		found, ok = names.PropertyListing(property, lang)
	} else {
		found, ok = names.ProjectListing(project, lang)
	}
	if !ok {
		l.Gone = true
		return l
	}
	if found.Title != "" {
		l.Title = found.Title
	}
	l.Address, l.Href = found.Address, found.URL
	if l.Address == "" {
		l.Address = found.City
	}
	return l
}
