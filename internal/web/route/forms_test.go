package route

import (
	"net/url"
	"slices"
	"testing"
)

func TestForms(t *testing.T) {
	r := demoResolver(t)
	for _, tc := range []struct {
		url  string
		want []string
	}{
		{"/fr/contact/", []string{FormSiteContact}},
		{"/contact/", []string{FormSiteContact}}, // the original path, default language
		{"/nl/contact", []string{FormSiteContact}},
		{"/fr/property/4100001/", []string{FormInformation, FormVisit, FormFriend}},
		{"/fr/a-vendre/arlon/maison/4100001/", []string{FormInformation, FormVisit, FormFriend}},
		{"/fr/project/?id=5200001", []string{FormProject}},
		{"/fr/a-vendre/", nil},
		{"/fr/", nil},
		{"/fr/merci/service-personnalise/", nil},
		{"/xx/contact/", nil},
		{"/fr/nowhere/", nil},
	} {
		u, _ := url.Parse(tc.url)
		if got := r.Forms(u.EscapedPath(), u.Query()); !slices.Equal(got, tc.want) {
			t.Errorf("Forms(%s) = %v, want %v", tc.url, got, tc.want)
		}
	}
}
