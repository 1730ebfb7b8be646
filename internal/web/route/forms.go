package route

import (
	"net/url"
	"slices"

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
	return r.PageForms(path, query).Forms
}

// PageForms is what a page offers its forms: their kinds, and the property
// or project the page shows. A request takes its listing from here, never
// from a posted field: the page is the server's authority.
type PageForms struct {
	Forms      []string
	PropertyID int64 // 0: not a property page
	ProjectID  int64 // 0: not a project page
}

// PageForms is Forms with the page's property or project. Every page
// holds the footer's newsletter sign-up too, after its own forms.
func (r *Resolver) PageForms(path string, query url.Values) PageForms {
	p := r.ownForms(path, query)
	p.Forms = append(p.Forms, string(lead.KindNewsletter))
	return p
}

func (r *Resolver) ownForms(path string, query url.Values) PageForms {
	lang, rest, ok := r.splitLang(path)
	if !ok {
		return PageForms{}
	}
	t := r.locate(lang, rest, query)
	switch t.kind {
	case targetProperty:
		return PageForms{Forms: r.propertyForms(t.id, lang), PropertyID: t.id}
	case targetProject:
		return PageForms{Forms: kinds(lead.KindProject), ProjectID: t.id}
	case targetValuation:
		return PageForms{Forms: kinds(lead.KindValuation)}
	case targetPage:
		var ks []lead.Kind
		for _, m := range t.page.Params.Modules {
			if k, ok := moduleForms[m.View]; ok && m.Published() && !slices.Contains(ks, k) {
				ks = append(ks, k)
			}
		}
		if len(ks) > 0 {
			return PageForms{Forms: kinds(ks...)}
		}
	}
	return PageForms{}
}

// moduleForms are the forms a configured page's modules hold, by view.
var moduleForms = map[string]lead.Kind{site.ViewContact: lead.KindSiteContact, site.ViewJobs: lead.KindJob,
	site.ViewTestimonialForm: lead.KindTestimonial}

func kinds(ks ...lead.Kind) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}
