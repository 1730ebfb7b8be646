package route

import (
	"net/http"
	"net/url"
	"slices"
	"testing"

	"immo/internal/domain/site"
	"immo/internal/http/web/views"
)

// The demo's testimonial page: in every language it holds the testimonial
// form (its post is accepted there), lists the approved testimonials, and
// the home testimonials module links to it.
func TestTestimonialPage(t *testing.T) {
	r := demoResolver(t)
	for _, tc := range []struct{ lang, path string }{
		{"nl", "/nl/getuigenissen/"}, {"fr", "/fr/temoignages/"}, {"en", "/en/testimonials/"}, {"de", "/de/erfahrungsberichte/"},
	} {
		res := resolve(r, tc.path)
		if res.Status != http.StatusOK || res.View != views.Page {
			t.Fatalf("%s: %d %s", tc.path, res.Status, res.View)
		}
		u, _ := url.Parse(tc.path)
		if got := r.PageForms(u.EscapedPath(), nil); !slices.Equal(got.Forms, []string{"testimonial", "sign-newsletter"}) || got.PropertyID != 0 {
			t.Errorf("%s: forms %+v", tc.path, got)
		}
		var views []string
		for _, m := range propsAs[*PageProps](res).Modules {
			views = append(views, m.View)
			if m.View == site.ViewTestimonials {
				if len(m.Testimonials) != 3 {
					t.Errorf("%s: the approved testimonials (3 in the demo), got %+v", tc.path, m.Testimonials)
				}
				if m.MoreHref != "" {
					t.Errorf("%s: the page with the form links to no other: %q", tc.path, m.MoreHref)
				}
			}
		}
		if !slices.Equal(views, []string{site.ViewTestimonials, site.ViewTestimonialForm}) {
			t.Errorf("%s: modules %v", tc.path, views)
		}
		for _, m := range propsAs[*HomeProps](resolve(r, "/"+tc.lang+"/")).Modules {
			if m.View == site.ViewTestimonials && m.MoreHref != tc.path {
				t.Errorf("%s home: the testimonials module links %q, want %q", tc.lang, m.MoreHref, tc.path)
			}
		}
	}
	for _, tc := range []struct{ lang, want string }{{"nl", "/nl/feedback/testimonial/"}, {"fr", "/fr/merci/temoignage/"}, {"de", "/de/feedback/testimonial/"}} {
		if got := r.ThankYouURL("testimonial", tc.lang); got != tc.want {
			t.Errorf("thank-you %s: %q, want %q", tc.lang, got, tc.want)
		}
		if res := resolve(r, tc.want); res.Status != http.StatusOK || propsAs[*ThankYouProps](res).Form != "testimonial" {
			t.Errorf("%s: %d %+v", tc.want, res.Status, res.Props)
		}
	}
}
