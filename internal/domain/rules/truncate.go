package rules

import (
	"strings"
	"unicode"
)

// DescriptionLimit is the default description length, in characters.
const DescriptionLimit = 250

// Ellipsis is the single character "…" (U+2026), not three dots, so it
// counts as one character.
const Ellipsis = "…"

// Truncate shortens s to limit characters (runes, so accents count once);
// limit ≤ 0 means DescriptionLimit. A cut text ends at its last space when
// that space lies beyond 80 % of the limit, so words are kept whole when it
// costs little. Trailing spaces are dropped and Ellipsis appended, so the
// result may be limit+1 characters long.
func Truncate(s string, limit int) string {
	if limit <= 0 {
		limit = DescriptionLimit
	}
	r := []rune(s)
	if len(r) <= limit {
		return s
	}
	r = r[:limit]
	for i := len(r) - 1; i >= 0; i-- {
		if unicode.IsSpace(r[i]) {
			if 5*i > 4*limit { // i > 0.8*limit, without floats
				r = r[:i]
			}
			break
		}
	}
	return strings.TrimRightFunc(string(r), unicode.IsSpace) + Ellipsis
}
