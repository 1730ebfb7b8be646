package linktoken

import (
	"strings"
	"testing"
)

func TestTokens(t *testing.T) {
	a, b := New(), New()
	if a == b || !Plausible(a) || len(Hash(a)) != 64 || Hash(a) == a || Hash(a) != Hash(a) || Hash(a) == Hash(b) {
		t.Fatalf("tokens %q %q, hash %q", a, b, Hash(a))
	}
	for _, bad := range []string{"", "short", strings.Repeat("a", 42), strings.Repeat("a", 44), strings.Repeat("!", 43)} {
		if Plausible(bad) {
			t.Errorf("Plausible(%q)", bad)
		}
	}
}
