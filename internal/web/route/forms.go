package route

import (
	"net/url"

	"immo/internal/lead"
	"immo/internal/site"
)

// Forms lists the forms (lead kinds) the page at path holds, which the page handler
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
		return kinds(lead.KindInformation, lead.KindVisit, lead.KindFriend)
	case targetProject:
		return kinds(lead.KindProject)
	case targetPage:
		for _, m := range t.page.Params.Modules {
			if m.Published() && m.View == site.ViewContact {
				return kinds(lead.KindSiteContact)
			}
		}
	}
	return nil
}

func kinds(ks ...lead.Kind) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}
