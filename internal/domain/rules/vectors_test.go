package rules

import (
	"encoding/json"
	"os"
	"testing"
)

// The React app formats phones and descriptions with its own code (QuickJS
// has no Intl); both sides must agree. The shared cases live in the web app,
// whose tests check the TypeScript side against the same file (prices are
// formatted by the web app alone: its cases are read there only).
const vectorsFile = "../../../web/src/lib/format/vectors.json"

type vectors struct {
	FormatPhone []struct{ In, Out string }
	Truncate    []struct {
		In    string
		Limit int
		Out   string
	}
	OpensNewTab []struct {
		In  string
		Out bool
	}
}

func TestSharedVectors(t *testing.T) {
	raw, err := os.ReadFile(vectorsFile)
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.FormatPhone) == 0 || len(v.Truncate) == 0 || len(v.OpensNewTab) == 0 {
		t.Fatal("vectors missing")
	}
	for _, c := range v.FormatPhone {
		if got := FormatPhone(c.In); got != c.Out {
			t.Errorf("FormatPhone(%q) = %q, want %q", c.In, got, c.Out)
		}
	}
	for _, c := range v.Truncate {
		if got := Truncate(c.In, c.Limit); got != c.Out {
			t.Errorf("Truncate(%q, %d) = %q, want %q", c.In, c.Limit, got, c.Out)
		}
	}
	for _, c := range v.OpensNewTab {
		if got := OpensNewTab(c.In); got != c.Out {
			t.Errorf("OpensNewTab(%q) = %v", c.In, got)
		}
	}
}
