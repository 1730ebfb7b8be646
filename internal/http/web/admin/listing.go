package admin

import "strconv"

// Listing is a property or project as the site shows it (Options.Listing).
type Listing struct {
	Title   string
	Address string // its street when published, postcode and city
	URL     string // its public page
}

// listingLink names a property (or project, property 0) in lang for the
// inbox's pages: by title and address, linked to its page; by number,
// marked gone, when the site no longer has it.
func (h *Handler) listingLink(lang string, property, project int64) ListingLink {
	id := property
	if id == 0 {
		id = project
	}
	l := ListingLink{ID: id, Project: property == 0 && project > 0, Title: "#" + strconv.FormatInt(id, 10)}
	if h.o.Listing == nil {
		return l
	}
	found, ok := h.o.Listing(lang, property, project)
	if !ok {
		l.Gone = true
		return l
	}
	if found.Title != "" {
		l.Title = found.Title
	}
	l.Address, l.Href = found.Address, found.URL
	return l
}
