package i18n

import "strings"

// Preferred is the language of an Accept-Language header that the product
// speaks and the browser prefers most (the highest quality; the first of
// equals), "" when none: a tag counts by its first two letters
// ("fr-BE" is fr), and a quality of 0 means "not this one".
func Preferred(acceptLanguage string) string {
	best, bestQ := "", 0.0
	for _, part := range strings.Split(acceptLanguage, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		tag = strings.ToLower(strings.TrimSpace(tag))
		if len(tag) < 2 || !speaks(tag[:2]) {
			continue
		}
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			q = quality(v)
		}
		if q > bestQ {
			best, bestQ = tag[:2], q
		}
	}
	return best
}

func speaks(lang string) bool {
	for _, l := range Languages {
		if l == lang {
			return true
		}
	}
	return false
}

// quality reads a quality value (0 to 1, three decimals at most);
// anything else is 0.
func quality(s string) float64 {
	if s == "1" || strings.HasPrefix(s, "1.") {
		return 1
	}
	if !strings.HasPrefix(s, "0") {
		return 0
	}
	q, scale := 0.0, 0.1
	for _, c := range strings.TrimPrefix(strings.TrimPrefix(s, "0"), ".") {
		if c < '0' || c > '9' {
			return 0
		}
		q += float64(c-'0') * scale
		scale /= 10
	}
	return q
}
