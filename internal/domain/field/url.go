package field

import "strings"

// ValidURL tells whether s is a web address a visitor may give as their
// website (a testimonial's): http or https, a dotted host name of ASCII
// labels ending in a letters-only top-level domain (no IP address, no
// user:password@, no localhost), an optional port, then any path, query
// or fragment without spaces, control characters or the characters HTML
// and URLs keep for themselves (<>"`\{}|^). The web app's rules.ts
// validURL checks the same.
func ValidURL(s string) bool {
	var rest string
	switch lower := strings.ToLower(s); {
	case strings.HasPrefix(lower, "http://"):
		rest = s[len("http://"):]
	case strings.HasPrefix(lower, "https://"):
		rest = s[len("https://"):]
	default:
		return false
	}
	for _, r := range s {
		if r <= 0x20 || (r >= 0x7f && r <= 0x9f) || strings.ContainsRune("<>\"`\\{}|^", r) {
			return false
		}
	}
	host := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		host = rest[:i]
	}
	if name, port, ok := strings.Cut(host, ":"); ok {
		if port == "" || len(port) > 5 || strings.Trim(port, "0123456789") != "" {
			return false
		}
		host = name
	}
	labels := strings.Split(host, ".")
	if len(host) > 253 || len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for _, c := range []byte(l) {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	tld := labels[len(labels)-1]
	return len(tld) >= 2 && strings.Trim(strings.ToLower(tld), "abcdefghijklmnopqrstuvwxyz") == ""
}
