package i18n

import "testing"

func TestPreferred(t *testing.T) {
	for header, want := range map[string]string{
		"":                              "",
		"fr-BE,fr;q=0.9,en;q=0.8":       "fr",
		"es,de;q=0.5":                   "de",
		"en;q=0.2, nl-BE;q=0.9":         "nl",
		"de;q=0, en;q=0.1":              "en",
		"de;q=0":                        "",
		"zh, ja":                        "",
		"NL":                            "nl",
		"en;q=1.0,fr":                   "en",
		"en;q=bad, fr;q=0.3":            "fr",
		"x, de-CH;q=0.7, fr-FR;q=0.700": "de",
	} {
		if got := Preferred(header); got != want {
			t.Errorf("Preferred(%q) = %q, want %q", header, got, want)
		}
	}
}
