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
