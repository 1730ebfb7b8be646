package catalog_test

import (
	"regexp"
	"strings"
	"testing"

	"immo/internal/adapter/demo/demotest"
	"immo/internal/domain/catalog"
)

// The feed's fixed values read in the page's language; free text is left
// for the view to mark with the language it fell back to.
func TestVocabularyTranslates(t *testing.T) {
	cases := []struct{ in, lang, want string }{
		{"Pompe à chaleur air/eau", "de", "Luft-Wasser-Wärmepumpe"},
		{"  double VITRAGE ", "de", "Doppelverglasung"},
		{"Hyper-équipée avec îlot", "nl", "Luxueus uitgerust met eiland"},
		{"À l'acte", "de", "Bei Beurkundung"},
		{"Libre au 1er janvier 2027", "de", "Frei ab 1. Januar 2027"},
		{"Vrij vanaf 15 maart 2027", "fr", "Libre au 15 mars 2027"},
		{"Hiver 2027-2028", "de", "Winter 2027-2028"},
		{"Printemps 2027", "en", "Spring 2027"},
		{"Bloc A", "de", "Block A"},
		{"3 niveaux, 6 appartements", "de", "3 Geschosse, 6 Wohnungen"},
		{"Salle de bains", "de", "Badezimmer"},
		{"Plans du bien", "de", "Grundrisse"},
	}
	for _, c := range cases {
		got, ok := catalog.Vocabulary(c.in, c.lang)
		if !ok || got != c.want {
			t.Errorf("Vocabulary(%q, %s) = %q, %v; want %q", c.in, c.lang, got, ok, c.want)
		}
	}
	for _, free := range []string{"Résidence Le Belvédère", "Bloc Entier", "Printemps", ""} {
		if got, ok := catalog.Vocabulary(free, "de"); ok {
			t.Errorf("Vocabulary(%q) = %q: free text taken for a fixed value", free, got)
		}
	}
	fr := catalog.Text{"fr": "Mazout", "de": ""}
	if got := fr.Translated("de"); got["de"] != "Heizöl" || fr["de"] != "" {
		t.Errorf("Translated: %v (the original became %v)", got, fr)
	}
	own := catalog.Text{"fr": "Mazout", "de": "Ölheizung"}
	if got := own.Translated("de"); got["de"] != "Ölheizung" {
		t.Errorf("a German text of the feed's own was replaced: %v", got)
	}
	if text, in := (catalog.Text{"fr": "Parquet d'époque"}).Translated("de").Pick("de"); in != "fr" || text != "Parquet d'époque" {
		t.Errorf("free text: %q in %q, want the French with its language", text, in)
	}
}

// Every line of the vocabulary has its value in the four languages, with
// the same placeholders in each.
func TestVocabularyLinesComplete(t *testing.T) {
	holes := regexp.MustCompile(`\{[^}]*\}`)
	for _, line := range strings.Split(catalog.VocabularyText(), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		forms := strings.Split(line, " | ")
		if len(forms) != 4 {
			t.Errorf("%q: %d forms, want nl | fr | en | de", line, len(forms))
			continue
		}
		want := strings.Join(sorted(holes.FindAllString(forms[0], -1)), "")
		for _, f := range forms {
			if strings.TrimSpace(f) == "" {
				t.Errorf("%q: an empty form", line)
			}
			if got := strings.Join(sorted(holes.FindAllString(f, -1)), ""); got != want {
				t.Errorf("%q: form %q has placeholders %s, the Dutch %s", line, f, got, want)
			}
		}
	}
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// On a German page (the seed has no German text) no fixed value of the demo
// agency's properties and projects is left in French: each is translated.
func TestDemoValuesInEveryLanguage(t *testing.T) {
	ix := demotest.Index(t)
	var lang string
	check := func(where string, v catalog.Text) {
		t.Helper()
		if text, in := v.Pick(lang); text != "" && in != lang {
			t.Errorf("%s: %q shown in %s on a %s page", where, text, in, lang)
		}
	}
	for _, c := range demotest.Catalog(t).Properties {
		for _, lang = range []string{"nl", "fr", "en", "de"} {
			p, err := ix.Property(c.ID, lang)
			if err != nil {
				t.Fatal(err)
			}
			where := p.Reference
			check(where+" availability", p.Availability)
			if f := p.Features; f != nil {
				for _, v := range []catalog.Text{f.Heating, f.Kitchen, f.WindowGlazing, f.WindowFrame, f.RoofMaterial, f.RoofCondition, f.FloorCovering} {
					check(where+" features", v)
				}
			}
			for _, d := range p.Documents {
				check(where+" document", d.Name)
			}
			for _, pic := range p.Pictures {
				if pic.Name != "" {
					if _, ok := catalog.Vocabulary(pic.Name, lang); !ok {
						t.Errorf("%s: picture name %q on a %s page is no fixed value", where, pic.Name, lang)
					}
				}
			}
		}
	}
	lang = "de"
	for _, pr := range ix.Projects() {
		p := pr.In(lang)
		check("project delivery", p.Delivery)
		for _, c := range p.Constructions {
			check("building", c.Name)
			check("building", c.Description)
		}
		for _, d := range p.Documents {
			check("project document", d.Name)
		}
		for _, u := range p.Units {
			if _, ok := catalog.Vocabulary(u.Construction, lang); u.Construction != "" && !ok {
				t.Errorf("unit %s: building %q is no fixed value", u.Unit, u.Construction)
			}
		}
	}
}
