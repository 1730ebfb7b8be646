package site

import (
	"fmt"
	"os"
	"reflect"
	"slices"
	"testing"
)

func loadDemo(t *testing.T) *Config {
	t.Helper()
	data, err := os.ReadFile("../../adapter/demo/site.json")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Parse("site.json", data)
	if err != nil {
		t.Fatalf("demo configuration does not validate:\n%v", err)
	}
	return c
}

func TestDemoValidates(t *testing.T) {
	c := loadDemo(t)
	if err := c.Validate(); err != nil {
		t.Fatalf("Validate after Parse: %v", err)
	}
}

// The demo carries what SPEC §2 gives for the five menu pages.
func TestDemoPages(t *testing.T) {
	c := loadDemo(t)
	tests := []struct {
		id, sort    int
		name        string
		relType     string
		relID       int
		titleFR     string
		titleSize   string
		perRow, max int
		goal, state string
	}{
		{1, 0, "Home", RelationPropertyList, 23, "Les dernières offres", "h2", 4, 4, "", StateAvailable},
		{2, 1, "For Sale", RelationPropertyList, 28, "A vendre", "h1", 4, 4, GoalSale, StateAvailable},
		{3, 3, "For Rent", RelationPropertyList, 3, "A louer", "h1", 4, 4, GoalRent, StateAvailable},
		{4, 4, "Sold/Rented", RelationPropertyList, 71, "Vendus et loués", "h1", 4, 4, "", StateSold},
		{5, 10, "Contact", RelationContact, 10, "Contact", "h1", 0, 0, "", ""},
	}
	for _, tc := range tests {
		p := c.PageByID(tc.id)
		if p == nil || p.Name != tc.name || p.Sort != tc.sort || !p.Published() || p.Params.Type != PageTypeModule {
			t.Fatalf("page %d = %+v", tc.id, p)
		}
		m := p.Params.Modules[0]
		rel, ok := m.Relation(tc.relType)
		if !ok || rel.ID != tc.relID || m.Title.In("fr") != tc.titleFR || m.TitleSize != tc.titleSize ||
			m.NumberItemOfRow != tc.perRow || m.MaxItems != tc.max || m.Span != 12 || m.Position != PositionContentRow {
			t.Errorf("page %d first module = %+v", tc.id, m)
		}
		if tc.relType == RelationPropertyList && (m.Query == nil || m.Query.Goal != tc.goal || m.Query.State != tc.state) {
			t.Errorf("page %d query = %+v", tc.id, m.Query)
		}
		for _, lang := range []string{"nl", "fr", "en", "de"} {
			md, ok := p.Params.Metadata[lang]
			if !ok || !md.IsActiveSEO || md.Title == "" || md.Description == "" {
				t.Errorf("page %d metadata %s = %+v", tc.id, lang, md)
			}
		}
	}
	home := c.Home().Params.Modules[0].Title
	if home["nl"] != "De laatste aanbiedingen" || home["en"] != "The latest offers" || home["de"] != "Die neuesten Angebote" {
		t.Errorf("latest offers title = %v", home)
	}
	var views []string
	for _, m := range c.Home().Params.Modules {
		views = append(views, m.View)
	}
	if want := []string{ViewLatestOffers, ViewSpotlightSale, ViewSpotlightRent, ViewServices, ViewTestimonials}; !slices.Equal(views, want) {
		t.Errorf("home views = %v, want %v", views, want)
	}
	if n := len(c.Home().Params.Modules[3].Items); n != 3 {
		t.Errorf("%d services, want 3", n)
	}
}

func TestDemoSite(t *testing.T) {
	c := loadDemo(t)
	a := c.Agency
	if a.Name != "Immo Arlon" || a.Phone != "063224455" || a.Email != "info@immo-arlon.be" ||
		a.Address.Street != "Grand-Rue" || a.Address.Number != "12" || a.Address.Zip != "6700" || a.Address.City != "Arlon" {
		t.Errorf("agency = %+v", a)
	}
	if len(a.OpeningHours) != 7 || len(a.OpeningHours[0].Hours) != 2 || a.OpeningHours[5].Hours[0] != (TimeRange{"10:00", "13:00"}) {
		t.Errorf("opening hours = %+v", a.OpeningHours)
	}
	if c.Languages.Default != "fr" || !slices.Equal(c.Languages.Enabled(), []string{"nl", "fr", "en", "de"}) {
		t.Errorf("languages = %+v", c.Languages)
	}
	if s := c.SiteInfo; s.GoogleAnalyticsID == "" || s.GoogleAdsID == "" || s.TagManagerID == "" || s.SocialPixelID == "" {
		t.Errorf("site info ids: the demo has every tag, got %+v", s)
	}
	if c.Consent.CookieDays != 182 || c.Consent.Revision != 1 {
		t.Errorf("consent = %+v", c.Consent)
	}
	if b := c.Banner; b.Type != BannerImage || b.Image.URL != "/pictures/demo/banner.jpg" {
		t.Errorf("banner = %+v", b)
	}
	if got := c.SearchBlock.DescriptionIn("fr", 43, 15); !c.SearchBlock.Enabled || got != "Découvrez nos 43 biens à vendre et 15 à louer" {
		t.Errorf("search block = %q", got)
	}
	if p := c.Popup; !p.Published() || p.Delay < 1 || p.Media.URL == "" {
		t.Errorf("the demo pop-up is published with a delay and a picture: %+v", p)
	}
	if len(c.Footer.Columns) != 3 || len(c.Footer.Columns[0].Images) == 0 || c.Footer.CopyrightIn("fr", 2025) == "" {
		t.Errorf("footer = %+v", c.Footer)
	}
	if len(c.TopBar.Left) != 2 || len(c.TopBar.Right) == 0 {
		t.Errorf("top bar = %+v", c.TopBar)
	}
	for _, id := range []string{"privacy", "cookie-policy", "disclaimer"} {
		l := c.LegalByID(id)
		if l == nil {
			t.Fatalf("no legal page %s", id)
		}
		for _, lang := range []string{"nl", "fr", "en", "de"} {
			if len(l.Content[lang]) < 500 || l.Title[lang] == "" {
				t.Errorf("legal %s in %s is thin: %q", id, lang, l.Title[lang])
			}
		}
	}
}

// The demo agency speaks its four languages: every multilingual text set in
// one language is set in all (German is a language of its own province).
func TestDemoTextsInEveryLanguage(t *testing.T) {
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem(), path)
			}
		case reflect.Struct:
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() { // not the indexes Parse makes
					walk(v.Field(i), path+"."+v.Type().Field(i).Name)
				}
			}
		case reflect.Slice:
			for i := range v.Len() {
				walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
			}
		case reflect.Map:
			if txt, ok := v.Interface().(Text); ok {
				if txt.In("fr") == "" {
					return
				}
				for _, lang := range []string{"nl", "fr", "en", "de"} {
					if txt[lang] == "" {
						t.Errorf("%s has no %s text (fr: %.40q)", path, lang, txt["fr"])
					}
				}
				return
			}
			for _, k := range v.MapKeys() {
				walk(v.MapIndex(k), fmt.Sprintf("%s[%v]", path, k))
			}
		}
	}
	walk(reflect.ValueOf(loadDemo(t)).Elem(), "site")
}
