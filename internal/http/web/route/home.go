package route

import (
	"cmp"
	"fmt"
	"net/http"
	"slices"

	"immo/internal/domain/catalog"
	"immo/internal/domain/site"
	"immo/internal/domain/testimonial"
)

// ModuleView is a configured module in one language, with its listings.
type ModuleView struct {
	ID        int    `json:"id"`
	View      string `json:"view"`
	Title     string `json:"title,omitempty"`
	TitleLang string `json:"titleLang,omitempty"` // set when the title fell back to another language
	TitleSize string `json:"titleSize,omitempty"`
	// Description and Description2 are the configuration's HTML, sanitized
	// at load, links built for the page (above and below the module's body).
	Description      string `json:"description,omitempty"`
	DescriptionLang  string `json:"descriptionLang,omitempty"`
	Description2     string `json:"description2,omitempty"`
	Description2Lang string `json:"description2Lang,omitempty"`
	NumberItemOfRow  int    `json:"numberItemOfRow"`
	MaxItems         int    `json:"maxItems"`
	Class            string `json:"class,omitempty"`
	// Col is the module's width out of 12 per breakpoint (absent or 0: the whole row).
	Col site.Col `json:"col,omitzero"`
	// Background is the module's background, absent for none.
	Background   *ModuleBackground `json:"background,omitempty"`
	Items        []CardView        `json:"items,omitempty"`
	Projects     []ProjectCard     `json:"projects,omitempty"`
	Testimonials []TestimonialView `json:"testimonials,omitempty"`
	Entries      []site.ModuleItem `json:"entries,omitempty"`
	MoreHref     string            `json:"moreHref,omitempty"`
}

// ModuleBackground is a module's background: a picture, a colour or a
// gallery of pictures (SPEC §3 media types).
type ModuleBackground struct {
	Type   string   `json:"type" tstype:"'image' | 'color' | 'gallery'"`
	Image  string   `json:"image,omitempty"`
	Images []string `json:"images,omitempty"`
	Color  string   `json:"color,omitempty"`
}

func moduleBackground(m *site.Module) *ModuleBackground {
	switch m.BackgroundType {
	case site.MediaImage:
		return &ModuleBackground{Type: m.BackgroundType, Image: m.Image}
	case site.MediaColor:
		return &ModuleBackground{Type: m.BackgroundType, Color: m.ColorBackground}
	case site.MediaGallery:
		b := &ModuleBackground{Type: m.BackgroundType}
		for _, img := range m.Images {
			b.Images = append(b.Images, img.URL)
		}
		return b
	}
	return nil
}

// BannerView is the home banner in one language.
type BannerView struct {
	Type        string   `json:"type"`
	Image       string   `json:"image,omitempty"`
	ImageAlt    string   `json:"imageAlt,omitempty"`
	Images      []string `json:"images,omitempty"`
	Video       string   `json:"video,omitempty"`
	Title       string   `json:"title,omitempty"`
	Description string   `json:"description,omitempty"`
	// The languages the title, description and picture's alt fell back
	// to, when not the page's (German content may be empty): the view
	// marks them, so a reader reads French as French.
	TitleLang       string        `json:"titleLang,omitempty"`
	DescriptionLang string        `json:"descriptionLang,omitempty"`
	ImageAltLang    string        `json:"imageAltLang,omitempty"`
	ShowLogo        bool          `json:"showLogo"`
	Properties      []CardView    `json:"properties,omitempty"`
	Projects        []ProjectCard `json:"projects,omitempty"`
}

// SearchBlockView is the home search block with its totals filled in.
type SearchBlockView struct {
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	// The languages the title and description fell back to, when not the
	// page's.
	TitleLang       string `json:"titleLang,omitempty"`
	DescriptionLang string `json:"descriptionLang,omitempty"`
	Logo            string `json:"logo,omitempty"`
	SaleHref        string `json:"saleHref,omitempty"`
	RentHref        string `json:"rentHref,omitempty"`
	SaleCount       int    `json:"saleCount"`
	RentCount       int    `json:"rentCount"`
	ShowCounts      bool   `json:"showCounts"`
}

func (c *resolution) home() Result {
	p := c.r.Site.Home()
	props := &HomeProps{Banner: c.banner()}
	sale, rent := c.ix.Totals()
	if sb := c.r.Site.SearchBlock; sb.Enabled {
		view := SearchBlockView{
			Title: sb.TitleIn(c.lang, sale, rent), Description: sb.DescriptionIn(c.lang, sale, rent), Logo: sb.Logo,
			SaleCount: sale, RentCount: rent, ShowCounts: sb.ShowCounts,
		}
		_, view.TitleLang = c.text(sb.Title)
		_, view.DescriptionLang = c.text(sb.Description)
		if sb.ShowSaleButton {
			view.SaleHref = c.r.ListURL(ListSale, c.lang, nil)
		}
		if sb.ShowRentButton {
			view.RentHref = c.r.ListURL(ListRent, c.lang, nil)
		}
		props.SearchBlock = &view
	}
	var modules []ModuleView
	title, desc := c.r.Site.Agency.Name, ""
	var meta site.MetadataByLang
	if p != nil {
		modules = c.modules(p, p.Params.Modules)
		title, desc, meta = c.pageTitle(p), p.Params.Description.In(c.lang), p.Params.Metadata
	}
	props.Modules = modules
	return c.result(http.StatusOK, props, c.head(title, desc, meta, c.r.HomeURL), c.r.HomeURL)
}

func (c *resolution) banner() BannerView {
	b := c.r.Site.Banner
	v := BannerView{Type: b.Type, Image: b.Image.URL, ShowLogo: b.ShowLogo}
	v.ImageAlt, v.ImageAltLang = c.text(b.Image.Alt)
	v.Title, v.TitleLang = c.text(b.Title)
	v.Description, v.DescriptionLang = c.text(b.Description)
	switch b.Type {
	case site.BannerGallery:
		for _, img := range b.Gallery.Images {
			v.Images = append(v.Images, img.URL)
		}
	case site.BannerVideo:
		v.Video = b.Video.URL
	case site.BannerProperties:
		// In the configured order; an id listed twice, unknown, offline, sold or rented shows nothing.
		seen := map[int64]bool{}
		for _, id := range b.Properties {
			if card, err := c.ix.Card(id, c.lang); err == nil && card.Status == catalog.StatusAvailable && !seen[id] {
				seen[id] = true
				v.Properties = append(v.Properties, CardView{Card: card, Href: c.r.CardURL(&card, c.lang)})
			}
		}
		if len(v.Properties) == 0 { // §2: falls back to the image
			v.Type = site.BannerImage
		}
	case site.BannerProjects:
		seen := map[int64]bool{}
		for _, id := range b.Projects {
			if p, err := c.ix.Project(id); err == nil && !seen[id] {
				seen[id] = true
				v.Projects = append(v.Projects, c.projectCard(&p))
			}
		}
		if len(v.Projects) == 0 {
			v.Type = site.BannerImage
		}
	}
	return v
}

// modules renders the published modules whose display condition holds, in
// sort order; the others are not sent at all.
func (c *resolution) modules(p *site.Page, ms []site.Module) []ModuleView {
	out := []ModuleView{}
	type indexed struct {
		m site.Module
		i int // index in the file, for the condition's path
	}
	sorted := make([]indexed, len(ms))
	for i, m := range ms {
		sorted[i] = indexed{m, i}
	}
	slices.SortStableFunc(sorted, func(a, b indexed) int { return cmp.Compare(a.m.Sort, b.m.Sort) })
	for _, s := range sorted {
		m := s.m
		path := func() string {
			return fmt.Sprintf("%s.params.modules[%d].displayCondition", c.r.Site.PageJSONPath(p), s.i)
		}
		if !m.Published() || !c.shows(m.DisplayCondition, path) {
			continue
		}
		v := ModuleView{ID: m.ID, View: m.View, TitleSize: m.TitleSize,
			NumberItemOfRow: m.NumberItemOfRow, MaxItems: m.MaxItems, Class: m.Class, Col: m.Col, Background: moduleBackground(&m)}
		v.Title, v.TitleLang = c.moduleTitleLang(p, &m)
		v.Description, v.DescriptionLang = c.text(m.Description)
		v.Description = c.html(v.Description)
		v.Description2, v.Description2Lang = c.text(m.Description2)
		v.Description2 = c.html(v.Description2)
		if m.View == site.ViewTestimonials {
			v.Testimonials = c.testimonials(&m)
			v.MoreHref = c.testimonialFormHref(p)
		} else {
			v.Entries = c.entries(m.Items)
		}
		if m.View == site.ViewProjectList {
			v.Projects = c.projectCards()
		}
		if m.ListsProperties() && m.Query != nil {
			q := catalog.NewQuery()
			q.Lang, q.State, q.Sort, q.Desc = c.lang, m.Query.State, m.Query.Sort, m.Query.Order != site.OrderAsc
			if q.Sort == "" {
				q.Sort = catalog.SortDate
			}
			switch m.Query.Goal {
			case site.GoalSale:
				q.Goal = catalog.GoalSale
			case site.GoalRent:
				q.Goal = catalog.GoalRent
			}
			q.PageSize = max(1, min(m.MaxItems, catalog.MaxPageSize))
			if m.MaxItems == 0 {
				q.PageSize = catalog.DefaultPageSize
			}
			if q.Validate() == nil {
				v.Items = c.cards(c.ix.List(q).Items)
			}
			v.MoreHref = c.r.ListURL(listName(m.Query), c.lang, nil)
		}
		out = append(out, v)
	}
	return out
}

// TestimonialView is a testimonial as the home page shows it: an approved
// one from the database or one of the module's configured entries.
type TestimonialView struct {
	Name    string `json:"name"`
	Title   string `json:"title,omitempty"`
	Comment string `json:"comment"`
	Picture string `json:"picture,omitempty"`
	About   string `json:"about,omitempty"`
	Lang    string `json:"lang,omitempty"` // the language it is written in, when known
	// Website is the author's own site (an http(s) address), linked
	// rel="nofollow ugc noopener".
	Website string `json:"website,omitempty"`
}

// testimonials are the module's testimonials for this page: the approved
// ones and the configured entries (each in the page's language, or in the
// language it falls back to), those in the page's language first, at most
// the module's maxItems.
func (c *resolution) testimonials(m *site.Module) []TestimonialView {
	var all []TestimonialView
	if c.r.Testimonials != nil {
		for _, t := range c.r.Testimonials.Approved(0) {
			all = append(all, TestimonialView{Name: t.Name, Comment: t.Comment, Picture: t.Picture, About: t.About, Lang: t.Lang, Website: t.Link()})
		}
	}
	for _, e := range m.Items {
		comment, lang := e.Description.Pick(c.lang)
		if comment == "" {
			continue
		}
		// The title in the comment's language: one quote never mixes two.
		all = append(all, TestimonialView{Name: e.Author, Title: e.Title[lang], Comment: comment, Picture: e.Image, Lang: lang})
	}
	all = testimonial.LanguageFirst(all, c.lang, func(t TestimonialView) string { return t.Lang })
	if m.MaxItems > 0 && len(all) > m.MaxItems {
		all = all[:m.MaxItems]
	}
	return all
}
