package route

import (
	"net/http"
	"strconv"
	"strings"

	"immo/internal/domain/i18n"
	"immo/internal/domain/site"
	"immo/internal/http/web/views"
)

// The demand register (SPEC §2): /{lang}/demand-register/, in French
// /fr/recherche/. Either slug is understood in any language; the page's
// own address is its language's. It is served only when the configuration
// has zones to choose from.
const (
	demandRegisterSlug   = "demand-register"
	demandRegisterSlugFR = "recherche"
)

func isDemandRegisterSlug(s string) bool {
	return strings.EqualFold(s, demandRegisterSlug) || strings.EqualFold(s, demandRegisterSlugFR)
}

// DemandRegisterURL is the demand register in lang ("" when the site has
// no zones: no such page).
func (r *Resolver) DemandRegisterURL(lang string) string {
	if len(r.Site.Zones) == 0 {
		return ""
	}
	if lang == "fr" {
		return "/fr/" + demandRegisterSlugFR + "/"
	}
	return "/" + lang + "/" + demandRegisterSlug + "/"
}

// Choice is one option of a form's group of checkboxes.
type Choice struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// ZoneChoice is one of the agency's zones as the register's map and
// checkboxes show it.
type ZoneChoice struct {
	ID   string        `json:"id"`
	Name string        `json:"name"`
	Area site.Geometry `json:"area" tstype:"{ type: string; coordinates: unknown }"`
}

// SearchForm is what a demand's form offers: the property types and the
// zones, and the map's tiles.
type SearchForm struct {
	Types []Choice     `json:"types"`
	Zones []ZoneChoice `json:"zones"`
	// Tiles is the map's tile URL template ("" none: the zones alone);
	// Attribution its credit (trusted HTML).
	Tiles       string `json:"tiles"`
	Attribution string `json:"attribution"`
}

// DemandRegisterProps are the demand register's. Its words (Texts) are the
// Go-only registrant namespace's, sent with the page like the account
// pages': no other page's first load carries them.
type DemandRegisterProps struct {
	Base
	Texts  AccountTexts `json:"texts" tstype:"Record<string, string>"`
	Title  string       `json:"title"`
	Search SearchForm   `json:"search"`
	// Login is the registrants' login: who registered already goes there.
	Login string `json:"login"`
}

func (*DemandRegisterProps) View() string { return views.DemandRegister }

// registrantTexts are lang's registrant.* texts.
func registrantTexts(lang string, pairs ...string) AccountTexts {
	t := AccountTexts{}
	for _, k := range i18n.Keys(lang) {
		if strings.HasPrefix(k, "registrant.") {
			t[k] = i18n.Tf(lang, k, pairs...)
		}
	}
	return t
}

// searchForm is the form's choices in lang: the catalog's types in their
// show order, the configuration's zones.
func (r *Resolver) searchForm(lang string) SearchForm {
	f := SearchForm{Types: []Choice{}, Zones: []ZoneChoice{}, Tiles: r.MapTiles, Attribution: r.MapAttribution}
	for _, t := range r.Catalog.Index().Types(lang) {
		if name := strings.TrimSpace(t.Label); name != "" && t.WebID > 0 {
			f.Types = append(f.Types, Choice{Value: strconv.Itoa(t.WebID), Label: name})
		}
	}
	for _, z := range r.Site.Zones {
		name, _ := z.Name.Pick(lang)
		f.Zones = append(f.Zones, ZoneChoice{ID: z.ID, Name: name, Area: z.Area})
	}
	return f
}

// TypeName is the name in lang of the property type id (a demand's), ""
// when the catalog has none.
func (r *Resolver) TypeName(id int, lang string) string {
	return r.Catalog.Index().TypeName(id, lang)
}

func (c *resolution) demandRegister() Result {
	if len(c.r.Site.Zones) == 0 {
		return c.r.notFound(c.lang)
	}
	title := i18n.T(c.lang, "registrant.register.title")
	props := &DemandRegisterProps{Texts: registrantTexts(c.lang), Title: title, Search: c.r.searchForm(c.lang),
		Login: c.r.RegistrantURL(RegistrantLogin, c.lang)}
	urlIn := c.r.DemandRegisterURL
	h := c.head(title, i18n.T(c.lang, "registrant.register.description"), nil, urlIn)
	h.Breadcrumb = c.breadcrumb(nil, title, "")
	c.formPage = true
	return c.result(http.StatusOK, props, h, urlIn)
}
