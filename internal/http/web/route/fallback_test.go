package route

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"immo/internal/domain/site"
)

// testdata/site-without-german.json is the demo agency with every German
// content field empty: German pages show the French content, marked with
// its language, while the interface and every link stay German.
func germanlessResolver(t *testing.T) *Resolver {
	t.Helper()
	raw, err := os.ReadFile("testdata/site-without-german.json")
	if err != nil {
		t.Fatal(err)
	}
	return resolverFor(t, "site-without-german.json", raw)
}

var hrefValue = regexp.MustCompile(`href="([^"]*)"`)

// siteHrefs are the site-relative hrefs of an HTML fragment.
func siteHrefs(html string) []string {
	var out []string
	for _, m := range hrefValue.FindAllStringSubmatch(html, -1) {
		if strings.HasPrefix(m[1], "/") || strings.HasPrefix(m[1], "?") {
			out = append(out, m[1])
		}
	}
	return out
}

func TestGermanFallbackIsMarkedAndLinksStayGerman(t *testing.T) {
	r := germanlessResolver(t)
	home := resolve(r, "/de/")
	shell := home.Props.base().Site

	// Interface text: pages known by their role and modules known by their
	// view are named from the translations.
	var labels []string
	for _, l := range shell.Menu {
		labels = append(labels, l.Label+"/"+l.Lang)
	}
	if strings.Join(labels, ",") != "Zu verkaufen/,Zu vermieten/,Verkauft / vermietet/,Neubauprojekte/,Kontakt/" {
		t.Errorf("German menu %v", labels)
	}
	if home.Head.Title != "Startseite | Immo Arlon" {
		t.Errorf("home title %q", home.Head.Title)
	}
	for _, m := range propsAs[*HomeProps](home).Modules {
		if m.View == site.ViewLatestOffers && (m.Title != "Die neuesten Angebote" || m.TitleLang != "") {
			t.Errorf("latest offers title %q (%s)", m.Title, m.TitleLang)
		}
		if m.View == site.ViewServices && (m.Description == "" || m.DescriptionLang != "fr") {
			t.Errorf("services description %q not marked French (%q)", m.Description, m.DescriptionLang)
		}
	}
	// The banner and the search block, French, say so.
	hp := propsAs[*HomeProps](home)
	if b := hp.Banner; b.Title == "" || b.TitleLang != "fr" || b.Description != "" && b.DescriptionLang != "fr" || b.ImageAlt != "" && b.ImageAltLang != "fr" {
		t.Errorf("banner not marked French: %+v", b)
	}
	if sb := hp.SearchBlock; sb != nil && (sb.Title != "" && sb.TitleLang != "fr" || sb.Description != "" && sb.DescriptionLang != "fr") {
		t.Errorf("search block not marked French: %+v", sb)
	}
	for _, d := range shell.Agency.OpeningHours {
		if d.Text != "" && d.Lang == "" {
			t.Errorf("%s: %q without its language", d.Day, d.Text)
		}
	}

	// Content falls back to French and says so.
	if fb := shell.TopBar.Right[0]; fb.Label != "Suivez-nous sur Facebook" || fb.Lang != "fr" {
		t.Errorf("top bar %+v", fb)
	}
	if shell.Footer.CopyrightLang != "fr" || !strings.Contains(shell.Footer.Copyright, "Tous droits réservés") {
		t.Errorf("copyright %q (%s)", shell.Footer.Copyright, shell.Footer.CopyrightLang)
	}
	links := shell.Footer.Columns[1]
	if links.TitleLang != "fr" || links.TextLang != "fr" {
		t.Errorf("footer links column languages %q %q", links.TitleLang, links.TextLang)
	}
	for _, l := range shell.Footer.Legal {
		if l.Lang != "fr" || !strings.HasPrefix(l.Href, "/de/") {
			t.Errorf("legal link %+v", l)
		}
	}

	// No link leads to another language's address, nor to a page the site
	// does not have.
	var hrefs []string
	for _, col := range shell.Footer.Columns {
		hrefs = append(hrefs, siteHrefs(col.Intro+col.Text)...)
	}
	want := []string{"/de/zu-verkaufen/", "/de/zu-vermieten/", "/de/verkauft-vermietet/", "/de/contact-demand/", "/de/datenschutz/",
		"/de/cookie-richtlinie/", "/de/haftungsausschluss/", "/de/?setcookies="}
	if strings.Join(hrefs, " ") != strings.Join(want, " ") {
		t.Errorf("footer links\n got %v\nwant %v", hrefs, want)
	}
	if strings.Contains(links.Text, "estimation-gratuite") {
		t.Errorf("the German footer links the French valuation page: %s", links.Text)
	}
	if shell.Links.Valuation != "/de/contact-demand/" {
		t.Errorf("header valuation button links %q", shell.Links.Valuation)
	}

	legal := resolve(r, "/de/datenschutz/")
	if propsAs[*LegalProps](legal).TitleLang != "fr" || propsAs[*LegalProps](legal).ContentLang != "fr" || propsAs[*LegalProps](legal).Title != "Déclaration de confidentialité" {
		t.Errorf("legal page %q (%v/%v)", propsAs[*LegalProps](legal).Title, propsAs[*LegalProps](legal).TitleLang, propsAs[*LegalProps](legal).ContentLang)
	}
}
