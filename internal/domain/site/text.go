package site

import (
	"encoding/json"
	"slices"
	"strings"

	"immo/internal/domain/i18n"
)

// Text is content in several languages, keyed by lower-case language code
// (nl, fr, en, de). The file may spell the keys in upper case; they are
// lowered on load. German values may be empty: see In for the fallback.
type Text map[string]string

// In returns the text in lang, falling back to French, then English.
func (t Text) In(lang string) string {
	s, _ := t.Pick(lang)
	return s
}

// Pick is In that also says which language the text is in, so a view can
// mark a fallback with its lang attribute (screen readers read it in that
// language). Both are "" when no language has the text; a blank text counts
// as empty (SPEC §5).
func (t Text) Pick(lang string) (text, in string) {
	for _, l := range []string{strings.ToLower(lang), "fr", "en"} {
		if s := t[l]; strings.TrimSpace(s) != "" {
			return s, l
		}
	}
	return "", ""
}

// UnmarshalJSON lowers the language keys.
func (t *Text) UnmarshalJSON(b []byte) error {
	m, err := decodeByLang[string](b)
	*t = m
	return err
}

// MetadataByLang is the SEO metadata of a page per language, keyed like Text.
type MetadataByLang map[string]Metadata

// UnmarshalJSON lowers the language keys.
func (m *MetadataByLang) UnmarshalJSON(b []byte) error {
	v, err := decodeByLang[Metadata](b)
	*m = v
	return err
}

// langKeyed marks the map types whose keys are language codes; the shape
// check (shape.go) reports unknown and duplicate languages in them.
func (Text) langKeyed()           {}
func (MetadataByLang) langKeyed() {}

func decodeByLang[T any](b []byte) (map[string]T, error) {
	var raw map[string]T
	if err := json.Unmarshal(b, &raw); err != nil || raw == nil {
		return nil, err
	}
	out := make(map[string]T, len(raw))
	for k, v := range raw {
		out[strings.ToLower(k)] = v
	}
	return out, nil
}

// knownLanguage tells whether code is one of the product's languages.
func knownLanguage(code string) bool { return slices.Contains(i18n.Languages, code) }
