package catalog

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClipSearchTextKeepsCharactersWhole(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Aarlen", "Aarlen"},
		{strings.Repeat("a", 99) + "é", strings.Repeat("a", 99)}, // é would straddle byte 100
		{strings.Repeat("é", 60), strings.Repeat("é", 50)},
		{strings.Repeat("a", 150), strings.Repeat("a", 100)},
	} {
		got := ClipSearchText(tc.in)
		if got != tc.want || !utf8.ValidString(got) {
			t.Errorf("ClipSearchText(%d bytes) = %d bytes %q", len(tc.in), len(got), got)
		}
	}
}
