package catalog

import (
	_ "embed"
	"strings"

	"immo/internal/domain/rules"
)

// exonymsText is the table of place names in their language forms: data,
// not code, so a missing town is one line to add.
//
//go:embed exonyms.txt
var exonymsText string

// exonyms maps every form's key to its place's key (the key of the line's
// first form); built once, read-only after.
var exonyms = parseExonyms(exonymsText)

func parseExonyms(text string) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		forms := strings.Split(line, " / ")
		place := nameKey(forms[0])
		for _, f := range forms {
			out[nameKey(f)] = place
		}
	}
	return out
}

// nameKey compares names ignoring case, accents and the punctuation between
// words: "Sint-Gillis", "sint gillis" and "SINT GILLIS" are one key.
func nameKey(name string) string {
	if s := strings.TrimSuffix(rules.Slug(name), "/"); s != "" {
		return s
	}
	return rules.Fold(strings.TrimSpace(name))
}

// PlaceKey is the key of the place a city name names, in whichever language
// form it is written: PlaceKey("Aarlen") == PlaceKey("Arlon"). A name the
// table does not know is its own place.
func PlaceKey(name string) string {
	k := nameKey(name)
	if p, ok := exonyms[k]; ok {
		return p
	}
	return k
}

// placeForms are the keys of every form of the place a key names (the key
// itself when the table does not know it).
func placeForms(place string) []string {
	forms := []string{place}
	for form, p := range exonyms {
		if p == place && form != place {
			forms = append(forms, form)
		}
	}
	return forms
}
