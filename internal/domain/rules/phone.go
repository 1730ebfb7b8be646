package rules

import "strings"

// FormatPhone groups a Belgian national number: 10 digits as 4-2-2-2
// ("0472 12 34 56"), 9 digits as 3-2-2-2 ("063 22 33 44"). Spaces, dots,
// slashes, hyphens and brackets are ignored when counting. Anything else —
// other lengths, letters, or a "+" (an international number, whose digits
// would be grouped wrongly) — is returned unchanged, only trimmed.
func FormatPhone(s string) string {
	s = strings.TrimSpace(s)
	var digits []byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits = append(digits, c)
		case strings.IndexByte(" ./-()", c) >= 0:
		default:
			return s
		}
	}
	switch len(digits) {
	case 10:
		return group(digits, 4, 2, 2, 2)
	case 9:
		return group(digits, 3, 2, 2, 2)
	}
	return s
}

func group(digits []byte, sizes ...int) string {
	parts := make([]string, 0, len(sizes))
	for _, n := range sizes {
		parts = append(parts, string(digits[:n]))
		digits = digits[n:]
	}
	return strings.Join(parts, " ")
}

// TelNumber is phone as a tel: link's number, international as the site
// writes its links: "+" and digits; a Belgian number's leading 0 becomes
// +32, a leading 00 a +. web/src/lib/format/phone.ts telHref is its twin.
func TelNumber(phone string) string {
	s := strings.TrimSpace(phone)
	var digits strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits.WriteRune(r)
		}
	}
	d := digits.String()
	switch {
	case strings.HasPrefix(s, "+"):
		return "+" + d
	case strings.HasPrefix(d, "00"):
		return "+" + d[2:]
	case len(d) >= 9 && len(d) <= 10 && d[0] == '0':
		return "+32" + d[1:]
	}
	return d
}
