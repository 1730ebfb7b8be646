package site

import (
	"encoding/json"
	"testing"
)

func TestTextIn(t *testing.T) {
	txt := Text{"nl": "Te koop", "fr": "A vendre", "en": "For sale", "de": ""}
	for lang, want := range map[string]string{"nl": "Te koop", "NL": "Te koop", "de": "A vendre", "xx": "A vendre", "en": "For sale"} {
		if got := txt.In(lang); got != want {
			t.Errorf("In(%q) = %q, want %q", lang, got, want)
		}
	}
	if got := (Text{"nl": "Alleen", "en": "Only"}).In("de"); got != "Only" {
		t.Errorf("without fr: %q", got)
	}
	if got := (Text{"nl": "Alleen"}).In("de"); got != "" {
		t.Errorf("neither fr nor en: %q", got)
	}
}

func TestTextPickSaysTheLanguage(t *testing.T) {
	txt := Text{"nl": "Te koop", "fr": "A vendre", "en": "For sale", "de": ""}
	tests := []struct{ lang, text, in string }{
		{"nl", "Te koop", "nl"},
		{"DE", "A vendre", "fr"},
		{"en", "For sale", "en"},
	}
	for _, tt := range tests {
		if text, in := txt.Pick(tt.lang); text != tt.text || in != tt.in {
			t.Errorf("Pick(%q) = %q, %q; want %q, %q", tt.lang, text, in, tt.text, tt.in)
		}
	}
	if text, in := (Text{"nl": "Alleen", "en": "Only"}).Pick("de"); text != "Only" || in != "en" {
		t.Errorf("without fr: %q, %q", text, in)
	}
	if text, in := (Text{"nl": "Alleen"}).Pick("de"); text != "" || in != "" {
		t.Errorf("neither fr nor en: %q, %q", text, in)
	}
}

func TestTextUnmarshalLowersKeys(t *testing.T) {
	var txt Text
	if err := json.Unmarshal([]byte(`{"FR": "Bonjour", "Nl": "Hallo"}`), &txt); err != nil {
		t.Fatal(err)
	}
	if txt["fr"] != "Bonjour" || txt["nl"] != "Hallo" || len(txt) != 2 {
		t.Errorf("text = %v", txt)
	}
	if err := json.Unmarshal([]byte(`null`), &txt); err != nil || txt != nil {
		t.Errorf("null: %v, %v", txt, err)
	}
}

func TestPlaceholders(t *testing.T) {
	s := SearchBlock{
		Title:       Text{"fr": "Nos biens"},
		Description: Text{"fr": "Découvrez nos {{forSale}} biens à vendre et {{ forRent }} à louer {{other}}"},
	}
	if got := s.DescriptionIn("de", 43, 15); got != "Découvrez nos 43 biens à vendre et 15 à louer {{other}}" {
		t.Errorf("DescriptionIn = %q", got)
	}
	if got := s.TitleIn("fr", 1, 2); got != "Nos biens" {
		t.Errorf("TitleIn = %q", got)
	}
	f := Footer{Copyright: Text{"en": "© {{year}} Immo Arlon"}}
	if got := f.CopyrightIn("en", 2025); got != "© 2025 Immo Arlon" {
		t.Errorf("CopyrightIn = %q", got)
	}
}
