package rules

import (
	"encoding/json"
	"os"
	"strconv"
	"testing"
)

// The React app formats prices, phones and descriptions with its own code
// (QuickJS has no Intl); both sides must agree. The shared cases live in the
// web app, whose tests check the TypeScript side against the same file.
const vectorsFile = "../../web/src/lib/format/vectors.json"

type vectors struct {
	FormatAmount []struct{ In, Out string }
	FormatPhone  []struct{ In, Out string }
	FormatPrice  []struct {
		Price        string
		PublishPrice bool
		PriceUnit    int
		Lang, Out    string
	}
	Truncate []struct {
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
	num := func(s string) float64 {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("vector %q: %v", s, err)
		}
		return f
	}
	if len(v.FormatAmount) == 0 || len(v.FormatPrice) == 0 || len(v.Truncate) == 0 {
		t.Fatal("vectors missing")
	}
	for _, c := range v.FormatAmount {
		if got := FormatAmount(num(c.In)); got != c.Out {
			t.Errorf("FormatAmount(%s) = %q, want %q", c.In, got, c.Out)
		}
	}
	for _, c := range v.FormatPhone {
		if got := FormatPhone(c.In); got != c.Out {
			t.Errorf("FormatPhone(%q) = %q, want %q", c.In, got, c.Out)
		}
	}
	for _, c := range v.FormatPrice {
		if got := FormatPrice(num(c.Price), c.PublishPrice, c.PriceUnit, c.Lang); got != c.Out {
			t.Errorf("FormatPrice(%s, %v, %d, %s) = %q, want %q", c.Price, c.PublishPrice, c.PriceUnit, c.Lang, got, c.Out)
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
