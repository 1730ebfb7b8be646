package route

import "immo/internal/domain/site"

// TestimonialPage is the first published page holding a published
// testimonial form module, or nil when the site has none.
func (r *Resolver) TestimonialPage() *site.Page {
	for _, p := range r.Site.AllPages() {
		if !r.Site.Shown(p) {
			continue
		}
		for _, m := range p.Params.Modules {
			if m.Published() && m.View == site.ViewTestimonialForm {
				return p
			}
		}
	}
	return nil
}

// testimonialFormHref is where a testimonials module on page p invites the
// visitor to write one: the testimonial page, or "" when the site has none
// or p is that page (its form is right there).
func (c *resolution) testimonialFormHref(p *site.Page) string {
	form := c.r.TestimonialPage()
	if form == nil || p == nil || form.ID == p.ID {
		return ""
	}
	return c.r.PageURL(form, c.lang)
}
