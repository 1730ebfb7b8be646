package route

import (
	"net/url"

	"immo/internal/site"
)

// Form kinds a page can hold (the names of lead.Kind; the kinds with a
// thank-you page carry its form name).
const (
	FormInformation = "contact-me"
	FormVisit       = "contact-appointment"
	FormFriend      = "send-to-friend"
	FormProject     = "contact-construction"
	FormSiteContact = "site-contact"
)

// Forms lists the forms the page at path holds, which the page handler
// accepts POST for (the form posts to its page's own address, so a visitor
// without JavaScript gets the same page back with its errors). It matches
// the address as Resolve does: a property page holds the information,
// visit and send-to-a-friend forms, a project page the project request, a
// configured page with a contact module the site contact form. The
// visitor-requests issue extends it (valuation, newsletter…).
func (r *Resolver) Forms(path string, query url.Values) []string {
	lang, rest, ok := r.splitLang(path)
	if !ok {
		return nil
	}
	t := r.locate(lang, rest, query)
	switch t.kind {
	case targetProperty:
		return []string{FormInformation, FormVisit, FormFriend}
	case targetProject:
		return []string{FormProject}
	case targetPage:
		for _, m := range t.page.Params.Modules {
			if m.Published() && m.View == site.ViewContact {
				return []string{FormSiteContact}
			}
		}
	}
	return nil
}
