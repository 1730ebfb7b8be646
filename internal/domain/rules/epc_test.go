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

// The official Brussels PEB classes; G above 345 (see brusselsScale).
func TestEPCBrussels(t *testing.T) {
	checkScale(t, "1180", RegionBrussels, "a_plusplus", []bound{
		{0, "a_plusplus", "a_plus"},
		{15, "a_plus", "a"},
		{30, "a", "a_min"},
		{45, "a_min", "b_plus"},
		{62, "b_plus", "b"},
		{78, "b", "b_min"},
		{95, "b_min", "c_plus"},
		{113, "c_plus", "c"},
		{132, "c", "c_min"},
		{150, "c_min", "d_plus"},
		{170, "d_plus", "d"},
		{190, "d", "d_min"},
		{210, "d_min", "e_plus"},
		{232, "e_plus", "e"},
		{253, "e", "e_min"},
		{275, "e_min", "f"},
		{345, "f", "g"},
		{346, "g", "g"},
	})
	// The property: 1180 Uccle, 118 kWh/m² is C, not C+.
	if got := EPCLabel(CountryBelgium, "1180", 118, ""); got.Label != "c" {
		t.Errorf("118 kWh/m² in Uccle: got %q, want c", got.Label)
	}
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
	nan := math.NaN()
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
		{"luxembourg without a label", CountryLuxembourg, "1930", 92, "", EPC{}},
		{"other country: no image", 33, "75001", 50, "A", EPC{Label: "a"}},
		{"belgium, bad zip: no image", CountryBelgium, "abcd", 50, "A", EPC{Label: "a"}},
		{"belgium, zip out of range", CountryBelgium, "999", 50, "", EPC{}},
		{"belgium, no value, invalid label", CountryBelgium, "1000", nan, "Z", EPC{Label: "z", Region: RegionBrussels}},
		{"belgium, no value, no label", CountryBelgium, "1000", nan, "", EPC{Region: RegionBrussels}},
		{"belgium, no value, valid label", CountryBelgium, "1000", nan, "G", EPC{Label: "g", Image: "/images/epc/brussels/g.svg", Region: RegionBrussels}},
		{"invalid label: the value decides", CountryBelgium, "1000", 100, "Z", EPC{Label: "c_plus", Image: "/images/epc/brussels/c_plus.svg", Region: RegionBrussels}},
		{"negative zero is not below zero", CountryBelgium, "2000", math.Copysign(0, -1), "", EPC{Label: "a", Image: "/images/epc/flanders/a.svg", Region: RegionFlanders}},
	}
	for _, tt := range tests {
		if got := EPCLabel(tt.country, tt.zip, tt.ep, tt.text); got != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// The certificate's label is authoritative when the region's scale has it,
// whatever the value says; a label of another region's scale is not.
func TestEPCCertificateLabel(t *testing.T) {
	tests := []struct {
		zip  string
		ep   float64
		text string
		want string
	}{
		{"1180", 118, "C", "c"},            // the property: the certificate says C
		{"1180", 100, "C", "c"},            // the value alone would say C+
		{"1000", -10, "A+", "a_plus"},      // the value alone would say A++
		{"1000", 50, "b-", "b_min"},        // written lower-case
		{"1000", 50, "B −", "b_min"},       // typographic minus, space
		{"1000", 50, "e_plus", "e_plus"},   // our own spelling
		{"1000", 50, "A++", "a_plusplus"},  // Brussels has A++
		{"2000", 150, "C+", "b"},           // Flanders has no C+: the value decides
		{"2000", -5, "A+", "a_plus"},       // Flanders has A+
		{"2000", 150, "A++", "b"},          // … but not A++
		{"6700", 100, "A++", "a_plusplus"}, // Wallonia has A++
		{"6700", 100, "B-", "b"},           // … but no sub-grades
		{"6700", 600, "H", "g"},            // no such class anywhere
		{"6700", 600, "", "g"},             // no label: the value decides
		{"6700", 60, "AB", "a"},            // garbage is not read as a class
	}
	for _, tt := range tests {
		got := EPCLabel(CountryBelgium, tt.zip, tt.ep, tt.text)
		if got.Label != tt.want || got.Image != "/images/epc/"+string(RegionOf(tt.zip))+"/"+tt.want+".svg" {
			t.Errorf("%s %v %q: got %+v, want %q", tt.zip, tt.ep, tt.text, got, tt.want)
		}
	}
}
