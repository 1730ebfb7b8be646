package route

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"immo/internal/domain/lead"
	"immo/internal/domain/listing"
	"immo/internal/domain/site"
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

// PostPage is what a post to a page needs of it, found without resolving
// the page: the forms it holds (none when the page would not answer 200 —
// a redirect, a 404), its property or project, its language and its
// address's canonical query (a project's id=). The page itself is resolved
// only when the post is sent back with errors.
type PostPage struct {
	PageForms
	Lang  string
	Query string
	// Listing is the page's property as it looked it up, for the mails.
	Listing *listing.Described
}

// PostPage is the post's view of the page at path. A page holding forms of
// its own (a property, a project, a configured page with a form module, the
// valuation page) is told by locate and a look in the index; any other
// page holds only the footer's sign-up, and is resolved to learn whether
// it answers 200.
func (r *Resolver) PostPage(path string, query url.Values) PostPage {
	lang, rest, ok := r.splitLang(path)
	if !ok {
		return PostPage{}
	}
	t := r.locate(lang, rest, query)
	if t.kind == targetProperty {
		return r.propertyPost(path, t.id, lang)
	}
	if canonical, _, _ := strings.Cut(r.targetURL(t, lang), "?"); canonical != "" && !r.isCanonical(path, canonical, lang) {
		return PostPage{} // redirected to the canonical address
	}
	out := PostPage{Lang: lang, PageForms: r.formsOf(t, lang)}
	switch {
	case len(out.Forms) == 0:
		// The footer's sign-up alone (a list, the home page…): whether the
		// page answers 200, and its canonical query, are the resolver's.
		res := r.Resolve(path, query)
		if res.Redirect != "" || res.Status != http.StatusOK {
			return PostPage{}
		}
		out.Query = res.CacheQuery
	case t.kind == targetProject:
		p, err := r.Catalog.Index().Project(t.id)
		if err != nil || p.ExternalWeb != "" {
			return PostPage{}
		}
		out.Query = "id=" + strconv.FormatInt(t.id, 10)
	case t.kind == targetPage:
		if t.page.Params.Redirect && t.page.Params.RedirectURL != "" {
			return PostPage{}
		}
	}
	out.Forms = append(out.Forms, string(lead.KindNewsletter))
	return out
}

func (r *Resolver) ownForms(path string, query url.Values) PageForms {
	lang, rest, ok := r.splitLang(path)
	if !ok {
		return PageForms{}
	}
	return r.formsOf(r.locate(lang, rest, query), lang)
}

// formsOf is the forms of the page t names.
func (r *Resolver) formsOf(t target, lang string) PageForms {
	switch t.kind {
	case targetProperty:
		p, err := r.Catalog.Index().Property(t.id, lang)
		if err != nil {
			return PageForms{Forms: kinds(lead.KindInformation, lead.KindFriend), PropertyID: t.id}
		}
		return PageForms{Forms: r.propertyForms(&p), PropertyID: t.id}
	case targetProject:
		return PageForms{Forms: kinds(lead.KindProject), ProjectID: t.id}
	case targetValuation:
		return PageForms{Forms: kinds(lead.KindValuation)}
	case targetDemandRegister:
		if len(r.Site.Zones) > 0 {
			return PageForms{Forms: kinds(lead.KindDemandRegister)}
		}
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

// propertyPost is PostPage for property id's page at path: the property
// looked up once — whether it is online, whether path is its canonical
// address (any other is redirected, and answers no post), its forms, and
// its names in every language for the request's mails.
func (r *Resolver) propertyPost(path string, id int64, lang string) PostPage {
	p, err := r.Catalog.Index().Property(id, lang)
	if err != nil || !r.isCanonical(path, r.PropertyURL(p.ID, p.Goal, p.City, p.TypeDescription, lang), lang) {
		return PostPage{}
	}
	out := PostPage{Lang: lang, PageForms: PageForms{Forms: r.propertyForms(&p), PropertyID: id},
		Listing: listing.Names{Catalog: r.Catalog, Site: r.Site}.Describe(&p)}
	out.Forms = append(out.Forms, string(lead.KindNewsletter))
	return out
}
