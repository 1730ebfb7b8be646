package route

import (
	"math"
	"net/http"
	"strconv"
	"strings"

	"immo/internal/domain/catalog"
	"immo/internal/domain/lead"
	"immo/internal/domain/rules"
	"immo/internal/domain/site"
	"immo/internal/http/web/respond"
)

// SimilarCount is how many similar properties a property page shows.
const SimilarCount = 4

// EPCView is the energy label of a property, by the §9 scale of its region.
type EPCView struct {
	Label  string `json:"label"`
	Image  string `json:"image,omitempty"`
	Region string `json:"region,omitempty"`
}

func (c *resolution) property(id int64) Result {
	if c.path != "" {
		if stored, ok := catalog.Listing(c.ix, id); ok {
			// Another spelling of the address (/fr/property/{id}/ for the
			// French pretty one): its 301 before the page is built — a
			// redirect must cost less than the page it points to (it ran
			// at a third of its rate, the page built to be thrown away).
			typeName := c.ix.TypeName(stored.WebID, c.lang)
			if typeName == "" {
				typeName = stored.TypeDescription
			}
			if to := c.r.PropertyURL(stored.ID, stored.Goal, stored.City, typeName, c.lang); !c.atPath(to) {
				if len(c.query) > 0 {
					to += "?" + c.query.Encode()
				}
				return c.redirect(http.StatusMovedPermanently, to)
			}
		}
	}
	p, err := c.ix.Property(id, c.lang)
	if err != nil {
		return c.missingProperty()
	}
	props := &PropertyProps{Property: &p, Similar: c.cards(c.ix.Similar(id, SimilarCount, c.lang))}
	switch p.Status {
	case catalog.StatusSold:
		props.Notice = c.t("property.sold")
	case catalog.StatusRented:
		props.Notice = c.t("property.rented")
	}
	if e := epcOf(&p); e.Label != "" {
		props.EPC = &EPCView{Label: e.Label, Image: e.Image, Region: string(e.Region)}
	}
	list := ListRent
	if p.IsSale() {
		list = ListSale
	}
	props.ListURL = c.r.ListURL(list, c.lang, nil)
	props.Description, props.DescriptionLang = c.content(p.Description)
	props.Title, props.TitleLang = c.propertyTitle(&p)
	props.Map = c.propertyMap(&p)
	props.Visit = c.visit(&p)
	props.Offer = c.offerTerms(&p)
	c.documentChosen(props, &p)
	c.formOpened(props)

	urlIn := func(l string) string {
		typeName := c.ix.TypeName(p.WebID, l)
		if typeName == "" {
			typeName = p.TypeDescription
		}
		return c.r.PropertyURL(p.ID, p.Goal, p.City, typeName, l)
	}
	h := c.head(props.Title, p.Description.In(c.lang), nil, urlIn)
	h.Type = "article"
	h.Breadcrumb = c.breadcrumb(c.under(c.r.ListPage(list)), props.Title, props.TitleLang) // SPEC §2: under its list
	pic := p.XLargePictureItem
	if pic.Url == "" && len(p.Pictures) > 0 {
		pic = p.Pictures[0]
	}
	if pic.Url != "" {
		h.Image, h.ImageWidth, h.ImageHeight = c.r.shareImage(pic)
	}
	h.ShareTitle = props.Title + " – " + sharePrice(&p, c.lang)
	narrowed := p.Narrowed(c.lang) // the browser gets the page's language only
	props.Property = &narrowed
	res := c.result(http.StatusOK, props, h, urlIn)
	res.Live = props.Visit != nil
	return res
}

// prettyProperty answers /{list}/{city}/{type}/{id}/. The address says the
// property's goal, city and type; when one of them is wrong (a sale property
// under the rent list, an apartment in Arlon called a villa in Brussel) it
// is another page's address, so it answers 301 to the property's own, with
// the request's query (a property page reads ?open= and ?document=, a
// form's link without JavaScript). Case, the language prefix and the
// trailing slash are not corrected, as on every other page.
func (c *resolution) prettyProperty(list *site.Page, id int64, rest []string) Result {
	if _, err := c.ix.Card(id, c.lang); err != nil {
		return c.missingProperty()
	}
	if canonical, same := c.r.prettyCanonical(list, id, rest, c.lang); !same {
		if len(c.query) > 0 {
			canonical += "?" + c.query.Encode()
		}
		return c.redirect(http.StatusMovedPermanently, canonical)
	}
	return c.property(id)
}

// prettyCanonical is the canonical address of the property a pretty
// address names (/{list}/{city}/{type}/{id}/ under list), and whether rest
// is it: its own list, city and type.
func (r *Resolver) prettyCanonical(list *site.Page, id int64, rest []string, lang string) (string, bool) {
	card, err := r.Catalog.Index().Card(id, lang)
	if err != nil {
		return "", false
	}
	canonical := r.CardURL(&card, lang)
	want := strings.Split(strings.Trim(canonical, "/"), "/")
	sameList := r.ListPage(ListRent) == list
	if card.Goal == catalog.GoalSale {
		sameList = r.ListPage(ListSale) == list
	}
	return canonical, len(want) >= 3 && sameList && strings.EqualFold(rest[1], want[len(want)-3]) && strings.EqualFold(rest[2], want[len(want)-2])
}

// epcOf is the property's energy label: the certificate's own label (or the
// listing's label text) when its region's scale has it, else the class of the
// value (rules.EPCLabel). A missing value is NaN, never 0: 0 is a class.
func epcOf(p *catalog.PublicProperty) rules.EPC {
	ep := math.NaN()
	if p.EnergyPerformance != nil {
		ep = *p.EnergyPerformance
	}
	label := p.EPCLabelText
	if c := p.EnergyCertificate; c != nil && strings.TrimSpace(c.Label) != "" {
		label = c.Label
	}
	return rules.EPCLabel(p.CountryID, p.Zip, ep, label)
}

// propertyTitle is the property's own title (with the language it fell
// back to), or "House for sale in Arlon" in the page's language
// (catalog.PublicProperty.Heading, which the mails share).
func (c *resolution) propertyTitle(p *catalog.PublicProperty) (title, lang string) {
	return p.Heading(c.lang)
}

// missingProperty says "Property not found" with status 404 and offers the
// newest available properties instead.
func (c *resolution) missingProperty() Result {
	q := catalog.NewQuery()
	q.Lang, q.PageSize = c.lang, SimilarCount
	props := &PropertyProps{Notice: c.t("errors.propertyNotFound"),
		Similar: c.cards(c.ix.List(q).Items), ListURL: c.r.ListURL(ListSale, c.lang, nil)}
	h := c.head(c.t("errors.propertyNotFound"), "", nil, nil)
	h.Robots = "noindex"
	h.Breadcrumb = c.breadcrumb(nil, c.t("errors.propertyNotFound"), "")
	res := c.result(http.StatusNotFound, props, h, nil)
	// SPEC §8: the switcher too — to each language's sale list, where the
	// page's own link leads (the address names no property in any).
	props.Site.Languages = c.languages(func(l string) string { return c.r.ListURL(ListSale, l, nil) })
	return res
}

// disclosedForms are the property page's forms behind a disclosure, which
// the page renders only once opened (web: shared/forms FormDisclosure).
var disclosedForms = map[lead.Kind]bool{lead.KindVisit: true, lead.KindFriend: true, lead.KindDocument: true,
	lead.KindPurchaseOffer: true, lead.KindRentApplication: true}

// formOpened answers a closed form's "Show the form" link followed without
// JavaScript (?open=KIND, one of disclosedForms): the page with that form
// open and empty, as a refused post of that kind opens it. A page that
// does not show the form shows no more than without the parameter; a form
// already chosen (?document=) stays as chosen.
func (c *resolution) formOpened(props *PropertyProps) {
	kind := lead.Kind(c.query.Get("open"))
	if props.Form != nil || !disclosedForms[kind] {
		return
	}
	WithPost(props, respond.PostedForm{Name: string(kind), Values: map[string]any{}}, nil)
}

// documentChosen answers a documents list's "Request" link followed without
// JavaScript (?document=ID, one of p's documents while it is available):
// the page with the request form open and that document chosen, as the
// link does with JavaScript. Anything else in the parameter is ignored.
func (c *resolution) documentChosen(props *PropertyProps, p *catalog.PublicProperty) {
	id, ok := catalog.ParseID(c.query.Get("document"))
	if !ok || p.Status != catalog.StatusAvailable {
		return
	}
	for _, d := range p.Documents {
		if d.ID == id {
			WithPost(props, respond.PostedForm{Name: string(lead.KindDocument), Values: map[string]any{"document": strconv.FormatInt(id, 10)}}, nil)
			return
		}
	}
}
