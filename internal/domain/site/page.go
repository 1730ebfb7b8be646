package site

import (
	"strconv"
	"strings"
)

// Statuses of pages, modules and menu items. Only Published ones are shown.
const (
	StatusPublished   = "Published"
	StatusUnpublished = "Unpublished"
	StatusDraft       = "Draft"
)

// Page is a menu page (SPEC §3 Page). Path is the original path ("/",
// "/for-sale/", "/Biens-vendus/"); Params.Path gives the segment per
// language. Child pages either name their parent in ParentID or sit in
// ChildMenus.
type Page struct {
	ID         int        `json:"id"`
	ParentID   int        `json:"parentId"`
	Name       string     `json:"name"`
	Path       string     `json:"path"`
	Status     string     `json:"status"`
	Sort       int        `json:"sort"`
	CreateDate string     `json:"createDate"`
	ModifyDate string     `json:"modifyDate"`
	Params     PageParams `json:"params"`
	ChildMenus []Page     `json:"childMenus,omitempty"`
}

// Published tells whether the page is shown.
func (p *Page) Published() bool { return p.Status == StatusPublished }

// PageParams is a page's content and settings. Description and Content are
// trusted HTML from the configuration.
type PageParams struct {
	Title         Text           `json:"title"`
	Description   Text           `json:"description"`
	Metadata      MetadataByLang `json:"metadata"`
	Image         string         `json:"image"`
	Content       Text           `json:"content,omitempty"`
	CSS           string         `json:"css"`
	Type          string         `json:"type"`
	Redirect      bool           `json:"redirect"`
	RedirectURL   string         `json:"redirectUrl"`
	Path          Text           `json:"path"`
	IsHaveSubMenu bool           `json:"isHaveSubMenu"`
	SubMenu       []MenuItem     `json:"subMenu,omitempty"`
	Modules       []Module       `json:"modules"`
}

// Page types: the body is the module list, or the params content.
const (
	PageTypeModule  = "module"
	PageTypeContent = "content"
)

// Metadata is a page's SEO metadata in one language; it is used only when
// IsActiveSEO is set (otherwise the page title and description are used).
type Metadata struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Keywords    string `json:"keywords"`
	IsActiveSEO bool   `json:"isActiveSEO"`
}

// Module views: how a module renders. An empty view renders the module's
// title and descriptions only.
const (
	ViewPropertyList  = "property-list"
	ViewLatestOffers  = "latest-offers"
	ViewSpotlightSale = "spotlight-sale"
	ViewSpotlightRent = "spotlight-rent"
	ViewServices      = "services"
	ViewTestimonials  = "testimonials"
	ViewContact       = "contact"
	ViewText          = "text"
	ViewProjectList   = "project-list"
	// ViewTestimonialForm holds the form a visitor leaves a testimonial
	// with; the home testimonials module links to the first page holding one.
	ViewTestimonialForm = "testimonial-form"
	ViewJobs            = "job-application" // the job application form (lead.KindJob)
)

// Views lists the known module views.
var Views = []string{ViewPropertyList, ViewLatestOffers, ViewSpotlightSale, ViewSpotlightRent,
	ViewServices, ViewTestimonials, ViewContact, ViewText, ViewProjectList, ViewTestimonialForm, ViewJobs}

// Relation types: what a module is bound to.
const (
	RelationPropertyList = "property-list"
	RelationContact      = "contact"
)

// RelationTypes lists the known relation types.
var RelationTypes = []string{RelationPropertyList, RelationContact}

// Module is one block of a page (SPEC §3 Module). Modules listing properties
// carry a Query; services and testimonials carry Items.
type Module struct {
	ID                 int          `json:"id"`
	Title              Text         `json:"title"`
	TitleSize          string       `json:"titleSize"`
	Description        Text         `json:"description"`
	Description2       Text         `json:"description2"`
	Position           string       `json:"position"`
	Span               int          `json:"span"`
	Col                Col          `json:"col"`
	Sort               int          `json:"sort"`
	View               string       `json:"view"`
	Class              string       `json:"class"`
	BackgroundType     string       `json:"backgroundType"`
	Image              string       `json:"image"`
	Images             []Image      `json:"images"`
	ColorBackground    string       `json:"colorBackground"`
	Relations          []Relation   `json:"relations"`
	Status             string       `json:"status"`
	NumberItemOfRow    int          `json:"numberItemOfRow"`
	MaxItems           int          `json:"maxItems"`
	IsHasSubcategories bool         `json:"isHasSubcategories"`
	Query              *Query       `json:"query,omitempty"`
	Items              []ModuleItem `json:"items,omitempty"`
	// DisplayCondition, when set, must hold for the module to render.
	DisplayCondition *DisplayCondition `json:"displayCondition,omitempty"`
}

// PositionContentRow is the only module position the pages use.
const PositionContentRow = "contentRow"

// Published tells whether the module is shown.
func (m *Module) Published() bool { return m.Status == StatusPublished }

// Relation binds a module to a list or form of the back office.
type Relation struct {
	Type string `json:"type"`
	ID   int    `json:"id"`
}

// Relation returns the module's first relation of type typ.
func (m *Module) Relation(typ string) (Relation, bool) {
	for _, r := range m.Relations {
		if r.Type == typ {
			return r, true
		}
	}
	return Relation{}, false
}

// ListsProperties tells whether the module shows properties, and so needs a
// Query.
func (m *Module) ListsProperties() bool {
	if _, ok := m.Relation(RelationPropertyList); ok {
		return true
	}
	switch m.View {
	case ViewPropertyList, ViewLatestOffers, ViewSpotlightSale, ViewSpotlightRent:
		return true
	}
	return false
}

// Query values.
const (
	GoalSale       = "sale"
	GoalRent       = "rent"
	StateAvailable = "available"
	StateSold      = "sold" // sold and rented listings
	SortDate       = "date"
	SortPrice      = "price"
	SortType       = "type"
	SortCity       = "city"
	OrderAsc       = "asc"
	OrderDesc      = "desc"
)

// Query says which properties a module lists. An empty Goal means both sale
// and rent; State sold lists the sold and rented ones.
type Query struct {
	Goal  string `json:"goal"`
	State string `json:"state"`
	Sort  string `json:"sort"`
	Order string `json:"order"`
}

// ModuleItem is one entry of a services or testimonials module. For a
// testimonial, Author is the person and Description the comment.
type ModuleItem struct {
	Title       Text   `json:"title"`
	Description Text   `json:"description"`
	Author      string `json:"author,omitempty"`
	Icon        string `json:"icon,omitempty"`
	Image       string `json:"image,omitempty"`
	Link        string `json:"link,omitempty"`
}

// MenuItem is one entry of the main menu (SPEC §3 Menu item). Path is a page
// id ("2") or a link (a path such as "/for-sale/", or an absolute URL).
type MenuItem struct {
	Path       string     `json:"path"`
	Status     string     `json:"status"`
	Params     MenuParams `json:"params"`
	ChildMenus []MenuItem `json:"childMenus,omitempty"`
	// DisplayCondition, when set, must hold for the item to show.
	DisplayCondition *DisplayCondition `json:"displayCondition,omitempty"`
}

// MenuParams holds the menu item's title.
type MenuParams struct {
	Title Text `json:"title"`
}

// Published tells whether the item is shown.
func (m *MenuItem) Published() bool { return m.Status == StatusPublished }

// PageID is the page id the item points to, when Path is one.
func (m *MenuItem) PageID() (int, bool) {
	if m.Path == "" || strings.Trim(m.Path, "0123456789") != "" {
		return 0, false
	}
	id, err := strconv.Atoi(m.Path)
	return id, err == nil
}
