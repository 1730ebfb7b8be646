package i18n

import (
	"regexp"
	"strings"
	"testing"
)

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

// No text takes its number as {{count}}: i18next then asks Intl.PluralRules
// for the count's form, which the server's renderer (QuickJS) lacks — it
// logs an error on every such render and takes English's rule for French.
// The web app picks singular or plural keys itself (web/src/lib/i18n plural)
// and names the number otherwise ({{days}}, {{total}}).
func TestNoCountInterpolation(t *testing.T) {
	for _, lang := range Languages {
		for _, k := range Keys(lang) {
			if s := bundled[lang][k]; strings.Contains(s, "{{count") {
				t.Errorf("%s: %s interpolates {{count}}: %q", lang, k, s)
			}
		}
	}
}

// French puts a space before a colon ("Statut : nouveau"): a text that
// glues one to the word before it reads as English punctuation. A colon in
// an address (https://…) or a time (10:30) is no punctuation.
func TestFrenchSpaceBeforeColon(t *testing.T) {
	glued := regexp.MustCompile(`[^\s\x{a0}\x{202f}]:(\s|$)`)
	for _, k := range Keys("fr") {
		s := regexp.MustCompile(`https?://\S+`).ReplaceAllString(bundled["fr"][k], "")
		if glued.MatchString(s) {
			t.Errorf("fr: %s glues a colon to its word: %q", k, bundled["fr"][k])
		}
	}
	if got := Tf("fr", "admin.lead.change", "action", "Statut", "before", "nouveau", "after", "en cours"); got != "Statut : nouveau → en cours" {
		t.Errorf("a lead's history in French: %q", got)
	}
}
