package route

import (
	"net/url"
	"slices"
	"testing"
)

func TestForms(t *testing.T) {
	r := demoResolver(t)
	// Every page holds the footer's newsletter sign-up after its own forms.
	news := func(forms ...string) []string { return append(forms, "sign-newsletter") }
	site := news("site-contact")
	property := []string{"contact-me", "send-to-friend"} // no agenda: no visit form (visit_test.go)
	sale := news(append(slices.Clone(property), "document-request", "purchase-offer")...)
	rent := news(append(slices.Clone(property), "document-request", "rent-application")...)
	project := news("contact-construction")
	valuation := news("contact-demand")
	footer := news()
	for _, tc := range []struct {
		url               string
		want              []string
		property, project int64 // the page's listing, which its forms' requests are about
	}{
		{"/fr/contact/", site, 0, 0},
		{"/contact/", site, 0, 0}, // the original path, default language
		{"/nl/contact", site, 0, 0},
		{"/fr/property/4100001/", sale, 4100001, 0},
		{"/fr/property/4100001/?propertyId=4100002", sale, 4100001, 0},
		{"/fr/a-vendre/arlon/maison/4100001/", sale, 4100001, 0},
		{"/fr/property/4100002/", news(append(slices.Clone(property), "purchase-offer")...), 4100002, 0}, // no documents
		{"/nl/property/4100044/", rent, 4100044, 0},
		{"/nl/property/4100061/", news(property...), 4100061, 0}, // sold: neither offer nor documents
		{"/fr/project/?id=5200001", project, 0, 5200001},
		{"/fr/estimation-gratuite/", valuation, 0, 0},
		{"/fr/a-vendre/", footer, 0, 0},
		{"/fr/", footer, 0, 0},
		{"/fr/merci/service-personnalise/", footer, 0, 0},
		{"/xx/contact/", footer, 0, 0}, // not a page: the page handler answers its POST 405
		{"/fr/nowhere/", footer, 0, 0},
		{"/nl/jobs/", news("job-application"), 0, 0}, // a job-application module
		{"/fr/emplois/", news("job-application"), 0, 0},
		{"/de/stellenangebote/", news("job-application"), 0, 0},
		{"/nl/feedback/job-application/", footer, 0, 0},
		{"/fr/temoignages/", news("testimonial"), 0, 0},
	} {
		u, _ := url.Parse(tc.url)
		if got := r.Forms(u.EscapedPath(), u.Query()); !slices.Equal(got, tc.want) {
			t.Errorf("Forms(%s) = %v, want %v", tc.url, got, tc.want)
		}
		got := r.PageForms(u.EscapedPath(), u.Query())
		if !slices.Equal(got.Forms, tc.want) || got.PropertyID != tc.property || got.ProjectID != tc.project {
			t.Errorf("PageForms(%s) = %+v, want %v property %d project %d", tc.url, got, tc.want, tc.property, tc.project)
		}
	}
	for lang, want := range map[string]string{"nl": "/nl/feedback/job-application/", "fr": "/fr/merci/candidature-spontanee/"} {
		if got := r.ThankYouURL("job-application", lang); got != want {
			t.Errorf("ThankYouURL(job-application, %s) = %q, want %q", lang, got, want)
		}
		if res := r.Resolve(want, nil); res.Status != 200 {
			t.Errorf("%s: status %d", want, res.Status)
		}
	}
}
