package rules

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Letters that do not decompose into a base letter plus an accent.
var ligatures = strings.NewReplacer(
	"ß", "ss", "æ", "ae", "œ", "oe", "ø", "o", "ł", "l", "đ", "d",
)

// Fold lower-cases s and strips its accents ("Liège" → "liege",
// "Cœur" → "coeur"), so names can be compared ignoring both. Everything else
// is kept as is.
func Fold(s string) string {
	// A new transformer per call: transformers carry state.
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, strings.ToLower(s))
	if err != nil {
		out = strings.ToLower(s)
	}
	return ligatures.Replace(out)
}

// Slug builds an article or category path segment: folded, punctuation
// removed, words joined with hyphens, with a trailing slash.
// "Maison à vendre, Arlon!" → "maison-a-vendre-arlon/". Hyphens, underscores
// and slashes separate words like spaces do ("Saint-Léger" →
// "saint-leger/"); other punctuation is dropped ("L'Escale" → "lescale/").
// A name with no letter or digit gives "".
func Slug(name string) string {
	var words []string
	var w strings.Builder
	flush := func() {
		if w.Len() > 0 {
			words = append(words, w.String())
			w.Reset()
		}
	}
	for _, r := range Fold(name) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			w.WriteRune(r)
		case unicode.IsSpace(r) || r == '-' || r == '_' || r == '/':
			flush()
		}
	}
	flush()
	if len(words) == 0 {
		return ""
	}
	return strings.Join(words, "-") + "/"
}
