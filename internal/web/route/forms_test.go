package route

import (
	"net/url"
	"slices"
	"testing"
)

func TestForms(t *testing.T) {
	r := demoResolver(t)
	site := []string{"site-contact"}
	property := []string{"contact-me", "contact-appointment", "send-to-friend"}
	project := []string{"contact-construction"}
	for _, tc := range []struct {
		url  string
		want []string
	}{
		{"/fr/contact/", site},
		{"/contact/", site}, // the original path, default language
		{"/nl/contact", site},
		{"/fr/property/4100001/", property},
		{"/fr/a-vendre/arlon/maison/4100001/", property},
		{"/fr/project/?id=5200001", project},
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
