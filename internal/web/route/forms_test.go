package route

import (
	"net/url"
	"slices"
	"testing"
)

func TestForms(t *testing.T) {
	r := demoResolver(t)
	site := []string{"site-contact"}
	property := []string{"contact-me", "send-to-friend"} // no agenda: no visit form (visit_test.go)
	sale := append(slices.Clone(property), "document-request", "purchase-offer")
	rent := append(slices.Clone(property), "document-request", "rent-application")
	project := []string{"contact-construction"}
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
		{"/fr/property/4100002/", append(slices.Clone(property), "purchase-offer"), 4100002, 0}, // no documents
		{"/nl/property/4100044/", rent, 4100044, 0},
		{"/nl/property/4100061/", property, 4100061, 0}, // sold: neither offer nor documents
		{"/fr/project/?id=5200001", project, 0, 5200001},
		{"/fr/a-vendre/", nil, 0, 0},
		{"/fr/", nil, 0, 0},
		{"/fr/merci/service-personnalise/", nil, 0, 0},
		{"/xx/contact/", nil, 0, 0},
		{"/fr/nowhere/", nil, 0, 0},
		{"/nl/jobs/", []string{"job-application"}, 0, 0}, // a job-application module
		{"/fr/emplois/", []string{"job-application"}, 0, 0},
		{"/de/stellenangebote/", []string{"job-application"}, 0, 0},
		{"/nl/feedback/job-application/", nil, 0, 0},
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
	for lang, want := range map[string]string{"nl": "/nl/feedback/job-application/", "fr": "/fr/merci/job-application/"} {
		if got := r.ThankYouURL("job-application", lang); got != want {
			t.Errorf("ThankYouURL(job-application, %s) = %q, want %q", lang, got, want)
		}
		if res := r.Resolve(want, nil); res.Status != 200 {
			t.Errorf("%s: status %d", want, res.Status)
		}
	}
}
