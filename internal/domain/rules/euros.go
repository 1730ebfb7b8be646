package rules

import (
	"strconv"
	"strings"
)

// Euros writes a whole amount the Belgian way: "€ 250.000".
func Euros(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, d := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(d)
	}
	if neg {
		return "€ -" + b.String()
	}
	return "€ " + b.String()
}
