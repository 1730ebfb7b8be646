package agency

import (
	"strings"
	"testing"

	"immo/internal/adapter/demo"
)

// The same bytes are parsed once (the same configuration comes back), other
// bytes again; a configuration with problems keeps them; the cache holds
// at most parsedEntries.
func TestParsedCache(t *testing.T) {
	var c parsedCache
	data := demo.SiteJSON()
	a, err := c.parse("draft 1", data)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := c.parse("draft 1", append([]byte(nil), data...)); b != a {
		t.Error("the same bytes parsed twice")
	}
	other := []byte(strings.Replace(string(data), `"Immo Arlon"`, `"Immo Aarlen"`, 1))
	if b, _ := c.parse("draft 1", other); b == a || b.Agency.Name != "Immo Aarlen" {
		t.Errorf("other bytes: %v", b.Agency.Name)
	}
	broken := []byte(strings.Replace(string(data), `"email": "info@immo-arlon.be"`, `"email": "nope"`, 1))
	for range 2 {
		if _, err := c.parse("draft 2", broken); len(Problems(err)) != 1 {
			t.Errorf("a configuration with one problem: %v", err)
		}
	}
	for i := range parsedEntries + 3 {
		c.parse("draft "+strings.Repeat("x", i), data)
	}
	if len(c.entries) != parsedEntries || c.bytes != parsedEntries*len(data) {
		t.Errorf("%d entries of %d bytes, want at most %d", len(c.entries), c.bytes, parsedEntries)
	}
}
