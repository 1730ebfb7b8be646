package i18n

import "testing"

// Every key must exist, non-empty, in every language: a missing German text
// is a defect, not a fallback.
func TestNoMissingTranslations(t *testing.T) {
	all := map[string]bool{}
	for _, lang := range Languages {
		for _, k := range Keys(lang) {
			all[k] = true
		}
	}
	if len(all) == 0 {
		t.Fatal("no translations loaded")
	}
	for k := range all {
		for _, lang := range Languages {
			if s, ok := bundled[lang][k]; !ok || s == "" {
				t.Errorf("%s: key %q missing or empty", lang, k)
			}
		}
	}
}

func TestFallbackToKey(t *testing.T) {
	if got := T("nl", "no.such.key"); got != "no.such.key" {
		t.Fatalf("T = %q", got)
	}
}

// French elides "de" before an inserted name that starts with a vowel.
func TestFrenchElision(t *testing.T) {
	for _, tc := range []struct{ agency, want string }{
		{"Immo Arlon", "Confirmez votre inscription à la newsletter d'Immo Arlon"},
		{"Élite Immo", "Confirmez votre inscription à la newsletter d'Élite Immo"},
		{"Century 21", "Confirmez votre inscription à la newsletter de Century 21"},
	} {
		if got := Tf("fr", "mail.newsletter.subject", "agency", tc.agency); got != tc.want {
			t.Errorf("%q, want %q", got, tc.want)
		}
	}
	if got := Tf("en", "mail.newsletter.subject", "agency", "Immo Arlon"); got != "Confirm your subscription to the Immo Arlon newsletter" {
		t.Errorf("en: %q", got)
	}
}
