package inbox

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// SearchText is what the search looks in for a lead: its names, address and
// remark in lower case, accents folded (é → e), anything but letters and
// digits a space — so "jan.peeters@example.be" is the words jan, peeters,
// example, be. The store keeps it with the request.
func SearchText(firstName, lastName, email, remark string) string {
	return strings.Join(words(firstName+" "+lastName+" "+email+" "+remark), " ")
}

// SearchTerms are the words of a typed search, as SearchText writes them,
// each once; a lead matches when each starts one of its words. One-letter
// words are left out: they would match nearly every lead.
func SearchTerms(q string) []string {
	var out []string
	for _, w := range words(q) {
		if len([]rune(w)) > 1 && !contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// MaxTermLength bounds one search word (longer ones are cut): no name or
// address part is longer.
const MaxTermLength = 64

// words splits s into its folded words.
func words(s string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			w := b.String()
			if r := []rune(w); len(r) > MaxTermLength {
				w = string(r[:MaxTermLength])
			}
			out = append(out, w)
			b.Reset()
		}
	}
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r): // a combining accent, split off by NFD
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		default:
			flush()
		}
	}
	flush()
	return out
}
