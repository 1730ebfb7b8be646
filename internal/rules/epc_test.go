package rules

import (
	"math"
	"testing"
)

// bound: the value at an upper bound gets at, bound+1 (and bound+0.01) gets
// next.
type bound struct {
	max      float64
	at, next string
}

func checkScale(t *testing.T, zip string, region Region, below0 string, bounds []bound) {
	t.Helper()
	check := func(v float64, want string) {
		t.Helper()
		got := EPCLabel(CountryBelgium, zip, v, "ignored")
		img := "/images/epc/" + string(region) + "/" + want + ".svg"
		if got.Label != want || got.Image != img || got.Region != region {
			t.Errorf("%s %v: got %+v, want label %q", region, v, got, want)
		}
	}
	check(-0.01, below0)
	check(-50, below0)
	check(math.Inf(-1), below0)
	for _, b := range bounds {
		check(b.max, b.at)
		check(b.max+0.01, b.next)
		check(b.max+1, b.next)
	}
	check(math.Inf(1), bounds[len(bounds)-1].next)
}

func TestEPCFlanders(t *testing.T) {
	checkScale(t, "9000", RegionFlanders, "a_plus", []bound{
		{0, "a", "a"},
		{100, "a", "b"},
		{200, "b", "c"},
		{300, "c", "d"},
		{400, "d", "e"},
		{500, "e", "f"},
		{10000, "f", "f"},
	})
}

func TestEPCBrussels(t *testing.T) {
	checkScale(t, "1050", RegionBrussels, "a_plus", []bound{
		{0, "a_min", "a_min"},
		{15, "a_min", "a"},
		{30, "a", "b_min"},
		{45, "b_min", "b"},
		{62, "b", "b_plus"},
		{78, "b_plus", "c_min"},
		{95, "c_min", "c"},
		{112, "c", "c_plus"},
		{129, "c_plus", "d_min"},
		{146, "d_min", "d"},
		{170, "d", "d_plus"},
		{195, "d_plus", "e_min"},
		{220, "e_min", "e"},
		{246, "e", "e_plus"},
		{270, "e_plus", "f_min"},
		{295, "f_min", "f"},
		{320, "f", "f_plus"},
		{346, "f_plus", "g"},
	})
}

func TestEPCWallonia(t *testing.T) {
	checkScale(t, "6700", RegionWallonia, "a_plusplus", []bound{
		{0, "a_plusplus", "a_plus"},
		{45, "a_plus", "a"},
		{85, "a", "b"},
		{170, "b", "c"},
		{255, "c", "d"},
		{340, "d", "e"},
		{425, "e", "f"},
		{510, "f", "g"},
	})
}

func TestEPCOutsideScales(t *testing.T) {
	tests := []struct {
		name    string
		country int
		zip     string
		ep      float64
		text    string
		want    EPC
	}{
		{"luxembourg uses label text", CountryLuxembourg, "L-8080", 120, " B ", EPC{Label: "b"}},
		{"luxembourg ignores a Belgian-looking zip", CountryLuxembourg, "1000", 120, "C", EPC{Label: "c"}},
		{"other country: no image", 33, "75001", 50, "A", EPC{Label: "a"}},
		{"belgium, bad zip: no image", CountryBelgium, "abcd", 50, "A", EPC{Label: "a"}},
		{"belgium, zip out of range", CountryBelgium, "999", 50, "", EPC{}},
		{"belgium, NaN value", CountryBelgium, "1000", math.NaN(), "G", EPC{Label: "g", Region: RegionBrussels}},
		{"belgium ignores label text", CountryBelgium, "1000", 100, "Z", EPC{Label: "c", Image: "/images/epc/brussels/c.svg", Region: RegionBrussels}},
		{"negative zero is not below zero", CountryBelgium, "2000", math.Copysign(0, -1), "", EPC{Label: "a", Image: "/images/epc/flanders/a.svg", Region: RegionFlanders}},
	}
	for _, tt := range tests {
		if got := EPCLabel(tt.country, tt.zip, tt.ep, tt.text); got != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}
