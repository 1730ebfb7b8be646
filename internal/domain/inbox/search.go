package inbox

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"immo/internal/domain/lead"
)

// SearchText is what the search looks in for lead r: its names, address,
// remark and the words of its kind's own fields (SearchFields: a
// valuation's street and city, a job's position and motivation) in lower
// case, accents folded (é → e), anything but letters and digits a space —
// so "jan.peeters@example.be" is the words jan, peeters, example, be. The
// store keeps it with the request.
func SearchText(r lead.Request) string {
	parts := []string{r.Person.FirstName, r.Person.LastName, r.Person.Email, r.Remark}
	for _, name := range SearchFields(r.Kind) {
		parts = append(parts, r.Fields[name])
	}
	return strings.Join(words(strings.Join(parts, " ")), " ")
}

// SearchFields are the names of kind's own fields the search looks in:
// those a visitor types words in (a line, a text, a web address) that are
// kept — not a choice, a number, a date or a slot, whose stored value is a
// code, not the words the staff read.
func SearchFields(kind lead.Kind) []string {
	var out []string
	for _, f := range lead.Specs[kind].Fields {
		if f.Kept() && (f.Type == lead.Text || f.Type == lead.Long || f.Type == lead.URL) {
			out = append(out, f.Name)
		}
	}
	return out
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
