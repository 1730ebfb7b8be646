package route

import (
	"net/http"

	"immo/internal/i18n"
	"immo/internal/rules"
	"immo/internal/site"
)

// Shell is what every page shows around its view: header, menu, top bar,
// footer and language switcher, already in the page's language.
type Shell struct {
	Lang      string      `json:"lang"`
	Agency    Agency      `json:"agency"`
	Header    site.Header `json:"header"`
	Menu      []Link      `json:"menu"`
	TopBar    TopBar      `json:"topBar"`
	Footer    Footer      `json:"footer"`
	Languages []Link      `json:"languages"` // the same page in each enabled language
	Links     Links       `json:"links"`
}

// Agency is the agency's contact card.
type Agency struct {
	Name      string `json:"name"`
	Phone     string `json:"phone"`
	PhoneText string `json:"phoneText"`
	Email     string `json:"email"`
	Street    string `json:"street"`
	Zip       string `json:"zip"`
	City      string `json:"city"`
	Logo      string `json:"logo,omitempty"`
	VATNumber string `json:"vatNumber,omitempty"`
	// OpeningHours per weekday; Text is left multilingual for the view.
	OpeningHours []site.OpeningDay `json:"openingHours,omitempty"`
}

// Link is a labelled address. External links open in a new tab.
type Link struct {
	Label    string `json:"label"`
	Href     string `json:"href"`
	Lang     string `json:"lang,omitempty"`
	Current  bool   `json:"current,omitempty"`
	External bool   `json:"external,omitempty"`
	Icon     string `json:"icon,omitempty"`
	Color    string `json:"color,omitempty"`
	Children []Link `json:"children,omitempty"`
}

// TopBar is the link bar above the header.
type TopBar struct {
	Left  []Link `json:"left"`
	Right []Link `json:"right"`
}

// Footer is the footer in one language, with only its public texts.
type Footer struct {
	Columns   []FooterColumn `json:"columns"`
	Copyright string         `json:"copyright"`
	Legal     []Link         `json:"legal"`
}

// FooterColumn is one footer column; Intro and Text are trusted HTML.
type FooterColumn struct {
	Title  string       `json:"title,omitempty"`
	Intro  string       `json:"intro,omitempty"`
	Text   string       `json:"text,omitempty"`
	Images []site.Image `json:"images,omitempty"`
	Col    site.Col     `json:"col"`
}

// Links are the addresses views need to link to.
type Links struct {
	Home string `json:"home"`
	Sale string `json:"sale,omitempty"`
	Rent string `json:"rent,omitempty"`
	Sold string `json:"sold,omitempty"`
}

func (c *resolution) shell(urlIn func(lang string) string) Shell {
	cfg, lang := c.r.Site, c.lang
	a := cfg.Agency
	s := Shell{
		Lang: lang,
		Agency: Agency{Name: a.Name, Phone: a.Phone, PhoneText: rules.FormatPhone(a.Phone), Email: a.Email,
			Street: a.Address.Street + " " + a.Address.Number, Zip: a.Address.Zip, City: a.Address.City, Logo: a.Logo,
			VATNumber: a.VATNumber, OpeningHours: a.OpeningHours},
		Header: cfg.Header,
		Links: Links{Home: c.r.HomeURL(lang), Sale: c.r.ListURL(ListSale, lang, nil),
			Rent: c.r.ListURL(ListRent, lang, nil), Sold: c.r.ListURL(ListSold, lang, nil)},
	}
	s.Menu = c.menu(cfg.Menu)
	for _, side := range []struct {
		from []site.TopBarItem
		to   *[]Link
	}{{cfg.TopBar.Left, &s.TopBar.Left}, {cfg.TopBar.Right, &s.TopBar.Right}} {
		*side.to = []Link{}
		for _, it := range side.from {
			if it.Status {
				*side.to = append(*side.to, Link{Label: it.Label.In(lang), Href: it.Link, Icon: it.Icon, Color: it.Color, External: rules.OpensNewTab(it.Link)})
			}
		}
	}
	for _, col := range cfg.Footer.Columns {
		fc := FooterColumn{Images: col.Images, Col: col.Col}
		if col.Title.Public {
			fc.Title = col.Title.Text.In(lang)
		}
		if col.IntroText.Public {
			fc.Intro = col.IntroText.Text.In(lang)
		}
		if col.FullText.Public {
			fc.Text = col.FullText.Text.In(lang)
		}
		s.Footer.Columns = append(s.Footer.Columns, fc)
	}
	s.Footer.Copyright = cfg.Footer.CopyrightIn(lang, c.r.now().Year())
	for i := range cfg.Legal {
		s.Footer.Legal = append(s.Footer.Legal, Link{Label: cfg.Legal[i].Title.In(lang), Href: c.r.LegalURL(&cfg.Legal[i], lang)})
	}
	if enabled := cfg.Languages.Enabled(); len(enabled) > 1 && urlIn != nil {
		for _, l := range enabled {
			s.Languages = append(s.Languages, Link{Label: i18n.T(l, "common.languageName"), Lang: l, Href: urlIn(l), Current: l == lang})
		}
	}
	return s
}

func (c *resolution) menu(items []site.MenuItem) []Link {
	out := []Link{}
	for i := range items {
		it := &items[i]
		if !it.Published() {
			continue
		}
		l := Link{Label: it.Params.Title[c.lang], Href: it.Path}
		if p := c.r.Site.MenuPage(it); p != nil {
			if !p.Published() {
				continue
			}
			l.Href = c.r.PageURL(p, c.lang)
			if l.Label == "" {
				l.Label = c.pageTitle(p)
			}
		}
		if l.Label == "" {
			l.Label = it.Params.Title.In(c.lang)
		}
		l.External = rules.OpensNewTab(l.Href)
		l.Children = c.menu(it.ChildMenus)
		if len(l.Children) == 0 {
			l.Children = nil
		}
		out = append(out, l)
	}
	return out
}

// t translates key in the page's language.
func (c *resolution) t(key string) string { return i18n.T(c.lang, key) }

// result assembles a page: the view's props plus the shell, whose language
// switcher points at the page's address in each language (urlIn, nil for a
// page with no address of its own such as a 404).
func (c *resolution) result(status int, view string, props map[string]any, head Head, urlIn func(lang string) string) Result {
	props["site"] = c.shell(urlIn)
	props["head"] = head
	return Result{Status: status, Lang: c.lang, View: view, Props: props, Head: head}
}

// notFound is the 404 page: a search form and a link home.
func (r *Resolver) notFound(lang string) Result {
	c := &resolution{r: r, lang: lang, ix: r.Catalog.Index()}
	h := c.head(c.t("notFound.title"), "", nil, nil)
	h.Robots = "noindex"
	return c.result(http.StatusNotFound, ViewNotFound, map[string]any{}, h, nil)
}
