package rules

import "strings"

// OpensNewTab tells whether a link leaves the site (SPEC §5): it begins with
// http (so https too), //, tel: or mailto:. The check ignores case and
// leading spaces, as browsers do.
func OpensNewTab(href string) bool {
	h := strings.ToLower(strings.TrimSpace(href))
	for _, p := range []string{"http", "//", "tel:", "mailto:"} {
		if strings.HasPrefix(h, p) {
			return true
		}
	}
	return false
}
