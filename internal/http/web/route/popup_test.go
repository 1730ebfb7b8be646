package route

import (
	"encoding/json"
	"strings"
	"testing"

	"immo/internal/domain/site"
)

func withPopup(t *testing.T, p site.Popup) *Resolver {
	t.Helper()
	r := demoResolver(t)
	cfg := *r.Site
	cfg.Popup = p
	r.Site = &cfg
	return r
}

var testPopup = site.Popup{
	IsPublished: site.PopupYes, Delay: 3, Link: "/contact-demand/",
	Title:       site.Text{"nl": "Gratis schatting", "fr": "Estimation gratuite", "en": "Free valuation"},
	Description: site.Text{"nl": `<p>Zie <a href="/for-sale/">ons aanbod</a>.</p>`, "fr": `<p>Voir <a href="/for-sale/">nos biens</a>.</p>`},
	Media:       site.Image{URL: "/pictures/demo/banner.jpg", Alt: site.Text{"fr": "Façades"}},
}

// A published pop-up reaches every page's shell in the page's language: its
// link and the links of its text built for that language, the media kind by
// the video rules, the delay; a text that fell back names its language.
func TestShellPopup(t *testing.T) {
	r := withPopup(t, testPopup)
	got := resolve(r, "/nl/").Props.base().Site.Popup
	if got == nil {
		t.Fatal("no pop-up on /nl/")
	}
	if got.Title != "Gratis schatting" || got.TitleLang != "" || got.Delay != 3 {
		t.Errorf("nl pop-up %+v", got)
	}
	if got.Link != "/nl/contact-demand/" || got.LinkExternal {
		t.Errorf("link %q (external %v), want /nl/contact-demand/", got.Link, got.LinkExternal)
	}
	if !strings.Contains(got.Description, `href="/nl/te-koop/"`) {
		t.Errorf("description links not in Dutch: %s", got.Description)
	}
	if got.Media == nil || *got.Media != (PopupMedia{Kind: PopupPicture, URL: "/pictures/demo/banner.jpg", Alt: "Façades", AltLang: "fr"}) {
		t.Errorf("media %+v", got.Media)
	}

	de := resolve(r, "/de/").Props.base().Site.Popup
	if de.Title != "Estimation gratuite" || de.TitleLang != "fr" || de.DescriptionLang != "fr" || !strings.Contains(de.Description, `href="/de/zu-verkaufen/"`) {
		t.Errorf("de pop-up falls back to French with German links: %+v", de)
	}
	if fr := resolve(r, "/fr/a-vendre/").Props.base().Site.Popup; fr == nil || fr.Link != "/fr/estimation-gratuite/" {
		t.Errorf("fr list page pop-up %+v", fr)
	}
}

func TestShellPopupMediaAndLink(t *testing.T) {
	p := testPopup
	p.Media = site.Image{URL: "https://youtu.be/dQw4w9WgXcQ"}
	p.Link = "/no-such-page/"
	got := resolve(withPopup(t, p), "/en/").Props.base().Site.Popup
	if got.Media == nil || got.Media.Kind != PopupVideo || got.Media.URL != "https://youtu.be/dQw4w9WgXcQ" {
		t.Errorf("a YouTube link is a video: %+v", got.Media)
	}
	if got.Link != "" {
		t.Errorf("a link to a page the site lacks is dropped, got %q", got.Link)
	}
	p.Link = "https://www.immo-arlon.be/promo"
	p.Media = site.Image{}
	got = resolve(withPopup(t, p), "/en/").Props.base().Site.Popup
	if got.Link != p.Link || !got.LinkExternal || got.Media != nil {
		t.Errorf("external link, no media: %+v", got)
	}
}

// An unpublished pop-up sends nothing at all.
func TestShellPopupUnpublished(t *testing.T) {
	p := testPopup
	p.IsPublished = site.PopupNo
	res := resolve(withPopup(t, p), "/fr/")
	raw, _ := json.Marshal(res.Props)
	if res.Props.base().Site.Popup != nil || strings.Contains(string(raw), `"popup"`) {
		t.Fatalf("unpublished pop-up sent: %s", raw)
	}
}
