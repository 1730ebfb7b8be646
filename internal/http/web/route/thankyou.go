package route

import (
	"net/http"
	"slices"
	"strings"
)

// Forms with a thank-you page (SPEC §2).
var thankYouForms = []string{"contact-me", "contact-appointment", "contact-construction", "contact-demand",
	"demand-register", "send-to-friend", "site-contact", "sign-newsletter", "testing-testing", "testimonial", "job-application",
	"document-request", "purchase-offer", "rent-application"}

// French slugs that differ from the form name: SPEC §2's, and French words
// for the forms SPEC §2 does not list.
var thankYouFR = map[string]string{
	"contact-demand":   "estimation-gratuite",
	"site-contact":     "service-personnalise",
	"sign-newsletter":  "newsletter",
	"testimonial":      "temoignage",
	"job-application":  "candidature-spontanee",
	"document-request": "demande-de-document",
	"purchase-offer":   "offre-d-achat",
	"rent-application": "candidature-locataire",
}

func thankYouSlugFR(form string) string {
	if s, ok := thankYouFR[form]; ok {
		return s
	}
	return form
}

// thankYouForm finds the form a thank-you slug names, in French or not.
func thankYouForm(slug string) (string, bool) {
	slug = strings.ToLower(slug)
	for form, fr := range thankYouFR {
		if slug == fr {
			return form, true
		}
	}
	return slug, slices.Contains(thankYouForms, slug)
}

func (c *resolution) thankYou(form string) Result {
	urlIn := func(l string) string { return c.r.ThankYouURL(form, l) }
	h := c.head(c.t("thankYou.title"), "", nil, urlIn)
	h.Robots = "noindex" // a thank-you page is for the visitor who just sent a form
	h.Breadcrumb = c.breadcrumb(nil, c.t("thankYou.title"), "")
	return c.result(http.StatusOK, &ThankYouProps{Form: form}, h, urlIn)
}
