package route

import (
	"net/http"
	"strings"
)

// The free valuation page (SPEC §2): /{lang}/contact-demand/, in French
// /fr/estimation-gratuite/. Either slug is understood in any language (a
// configured link may carry the original one); the page's own address is
// the one of its language.
const valuationSlugFR = "estimation-gratuite"

func isValuationSlug(s string) bool {
	return strings.EqualFold(s, strings.Trim(ValuationPath, "/")) || strings.EqualFold(s, valuationSlugFR)
}

// ValuationURL is the free valuation page in lang.
func (r *Resolver) ValuationURL(lang string) string {
	if lang == "fr" {
		return "/fr/" + valuationSlugFR + "/"
	}
	return "/" + lang + ValuationPath
}

// ValuationProps are the free valuation page's: the form's choices of
// property type, named in the page's language.
type ValuationProps struct {
	Base
	Title string `json:"title"`
	// Types are the catalog's property types in show order (their names are
	// what the form posts: the agency reads them in the notice).
	Types []string `json:"types"`
}

func (c *resolution) valuation() Result {
	title := c.t("valuation.title")
	types := []string{}
	for _, t := range c.ix.Types(c.lang) {
		if name := strings.TrimSpace(t.Label); name != "" {
			types = append(types, name)
		}
	}
	props := &ValuationProps{Title: title, Types: types}
	urlIn := c.r.ValuationURL
	h := c.head(title, c.t("valuation.description"), nil, urlIn)
	h.Breadcrumb = c.breadcrumb(nil, title, "")
	return c.result(http.StatusOK, props, h, urlIn)
}
