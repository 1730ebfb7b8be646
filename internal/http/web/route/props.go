package route

import (
	"immo/internal/domain/catalog"
	"immo/internal/http/web/respond"
	"immo/internal/http/web/views"
)

// Props are one view's props: what the page JSON carries to React. Each
// view has its own struct, from which the TypeScript types are generated
// (web/src/gen/pages.ts, see TestGeneratedTypes).
type Props interface {
	// View names the view these props are for (package views).
	View() string
	base() *Base
}

// Base are the props every view gets: the shell around it and the head,
// and on a page answered again after a form post, that post.
type Base struct {
	Site Shell `json:"site"`
	Head Head  `json:"head"`
	// The post a page answers again: its problems and what was typed (the
	// same on every entry).
	respond.Posted
}

func (b *Base) base() *Base { return b }

// WithPost marks props as the answer to a form post: its values and errors.
func WithPost(p Props, form respond.PostedForm, errs map[string]string) {
	b := p.base()
	b.Form, b.Errors = &form, errs
}

// HomeProps are the home page's.
type HomeProps struct {
	Base
	Banner      BannerView       `json:"banner"`
	SearchBlock *SearchBlockView `json:"searchBlock,omitempty"`
	Modules     []ModuleView     `json:"modules"`
}

// ListProps are a property list page's (sale, rent, sold), as a list or a map.
type ListProps struct {
	Base
	// Error names a bad filter to the visitor; the list is then unfiltered.
	Error     string              `json:"error,omitempty"`
	Title     string              `json:"title"`
	TitleSize string              `json:"titleSize"`
	List      string              `json:"list" tstype:"'sale' | 'rent' | 'sold'"`
	Filters   Filters             `json:"filters"`
	Page      int                 `json:"page"`
	Pages     int                 `json:"pages"`
	Total     int                 `json:"total"`
	Items     []CardView          `json:"items"`
	Types     []catalog.TypeCount `json:"types"`
	Cities    []catalog.City      `json:"cities"`
	// PageURL is the list page's address in this language, without query.
	PageURL string `json:"pageUrl"`
	Mode    string `json:"mode" tstype:"'list' | 'map'"`
	// Markers are, on the map, every matching property that has a position
	// (an empty list on the map of a search that names nothing; absent
	// without the map).
	Markers []Marker `json:"markers,omitzero"`
	// Search is a search (?q=) whose text names nothing.
	Search *SearchView `json:"search,omitempty"`
}

// PropertyProps are a property page's. A missing property has Property nil,
// status 404, the "not found" notice, the newest properties as Similar and
// ListURL.
type PropertyProps struct {
	Base
	Property *catalog.PublicProperty `json:"property"`
	Similar  []CardView              `json:"similar"`
	// Notice says sold, rented or not found, in the page's language.
	Notice string   `json:"notice,omitempty"`
	EPC    *EPCView `json:"epc,omitempty"`
	// ListURL is the sale or rent list in this language.
	ListURL string `json:"listUrl"`
	// The title and description in this language, each with the language
	// it fell back to when not the page's.
	Description     string       `json:"description,omitempty"`
	DescriptionLang string       `json:"descriptionLang,omitempty"`
	Title           string       `json:"title,omitempty"`
	TitleLang       string       `json:"titleLang,omitempty"`
	Map             *PropertyMap `json:"map,omitempty"`
	// Visit is the visit form's free slots; absent when the site offers no
	// visits or the property is sold or rented.
	Visit *VisitView `json:"visit,omitempty"`
	// Offer are the purchase offer's or rent application's terms; absent
	// when the property takes neither (sold, rented).
	Offer *OfferTerms `json:"offer,omitempty"`
}

// ProjectProps are a project page's.
type ProjectProps struct {
	Base
	Project catalog.PublicProject `json:"project"`
	// Name, Description and Delivery are in the page's language, each with
	// the language it fell back to when not the page's.
	Name            string `json:"name"`
	NameLang        string `json:"nameLang,omitempty"`
	Description     string `json:"description"`
	DescriptionLang string `json:"descriptionLang,omitempty"`
	Delivery        string `json:"delivery"`
	DeliveryLang    string `json:"deliveryLang,omitempty"`
}

// PageProps are a configured content page's: its modules and content,
// children linked.
type PageProps struct {
	Base
	Title     string `json:"title"`
	TitleLang string `json:"titleLang,omitempty"`
	// Content is the configuration's HTML, sanitized at load.
	Content     string       `json:"content"`
	ContentLang string       `json:"contentLang,omitempty"`
	Modules     []ModuleView `json:"modules"`
	Children    []Link       `json:"children"`
	// Scope is the class of the page's wrapper, CSS the page's own
	// stylesheet nested under it (checked at load: it cannot close that
	// rule nor its <style> element).
	Scope string `json:"scope"`
	CSS   string `json:"css,omitempty"`
	// SubMenu is the page's own menu, when it has one (isHaveSubMenu).
	SubMenu []Link `json:"subMenu,omitempty"`
	// Image is the page's picture, shown under its title.
	Image string `json:"image,omitempty"`
}

// LegalProps are a legal page's (privacy, cookies, disclaimer).
type LegalProps struct {
	Base
	Title     string `json:"title"`
	TitleLang string `json:"titleLang,omitempty"`
	// Content is the configuration's HTML, sanitized at load.
	Content     string `json:"content"`
	ContentLang string `json:"contentLang,omitempty"`
	// Cookies is the table of cookies and tags, on the cookie policy only.
	Cookies *CookiePolicy `json:"cookies,omitempty"`
}

// ThankYouProps are a thank-you page's, after a form.
type ThankYouProps struct {
	Base
	// Form is the form's name (contact-me, sign-newsletter…).
	Form string `json:"form"`
}

// NotFoundProps are the 404 page's: the shell only.
type NotFoundProps struct {
	Base
	// Gone: the page was removed for good (410, the site's moved list), not never there.
	Gone bool `json:"gone,omitempty"`
}

func (*HomeProps) View() string       { return views.Home }
func (*ListProps) View() string       { return views.List }
func (*PropertyProps) View() string   { return views.Property }
func (*ProjectProps) View() string    { return views.Project }
func (*PageProps) View() string       { return views.Page }
func (*LegalProps) View() string      { return views.Legal }
func (*ThankYouProps) View() string   { return views.ThankYou }
func (*NotFoundProps) View() string   { return views.NotFound }
func (*ValuationProps) View() string  { return views.Valuation }
func (*NewsletterProps) View() string { return views.Newsletter }

// viewProps are every view's props, for the TypeScript generator.
func viewProps() []Props {
	return []Props{&HomeProps{}, &ListProps{}, &PropertyProps{}, &ProjectProps{}, &PageProps{},
		&LegalProps{}, &ThankYouProps{}, &NotFoundProps{}, &VisitCancelProps{}, &ValuationProps{}, &NewsletterProps{},
		&AccountProps{}, &DemandRegisterProps{}, &RegistrantProps{}}
}
