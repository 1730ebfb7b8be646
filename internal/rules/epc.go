package rules

import (
	"math"
	"strings"
)

// Country ids used by the embedded data.
const (
	CountryBelgium    = 10
	CountryLuxembourg = 50
)

// EPC is the energy label to show for a property. Image is empty when there
// is no picture for it (outside Belgium, or the region is unknown).
type EPC struct {
	Label  string
	Image  string
	Region Region
}

// step is one class of a scale: values up to max (or below it, when strict)
// get label.
type step struct {
	label  string
	max    float64
	strict bool
}

// Scales in kWh/m²/year, best class first. "a up to 100" means 100 is still
// a; the last class has no upper bound.
var (
	flandersScale = []step{
		{"a_plus", 0, true},
		{"a", 100, false},
		{"b", 200, false},
		{"c", 300, false},
		{"d", 400, false},
		{"e", 500, false},
		{"f", math.Inf(1), false},
	}
	brusselsScale = []step{
		{"a_plus", 0, true},
		{"a_min", 15, false},
		{"a", 30, false},
		{"b_min", 45, false},
		{"b", 62, false},
		{"b_plus", 78, false},
		{"c_min", 95, false},
		{"c", 112, false},
		{"c_plus", 129, false},
		{"d_min", 146, false},
		{"d", 170, false},
		{"d_plus", 195, false},
		{"e_min", 220, false},
		{"e", 246, false},
		{"e_plus", 270, false},
		{"f_min", 295, false},
		{"f", 320, false},
		{"f_plus", 346, false},
		{"g", math.Inf(1), false},
	}
	// The spec does not give the a_plusplus bound; ≤ 0 (energy neutral or
	// better) is our choice.
	walloniaScale = []step{
		{"a_plusplus", 0, false},
		{"a_plus", 45, false},
		{"a", 85, false},
		{"b", 170, false},
		{"c", 255, false},
		{"d", 340, false},
		{"e", 425, false},
		{"f", 510, false},
		{"g", math.Inf(1), false},
	}
)

// These are read-only tables, not state.
var scales = map[Region][]step{
	RegionFlanders: flandersScale,
	RegionBrussels: brusselsScale,
	RegionWallonia: walloniaScale,
}

// EPCLabel gives the energy label of a property (SPEC §9). In Belgium the
// label follows the region's scale and has an image; elsewhere (Luxembourg
// included) the agency's label text is shown as is, lower-cased, without an
// image. A Belgian property with an unknown region or no usable value also
// falls back to the label text, since no scale applies.
func EPCLabel(countryID int, zip string, energyPerformance float64, labelText string) EPC {
	text := strings.ToLower(strings.TrimSpace(labelText))
	if countryID != CountryBelgium {
		return EPC{Label: text}
	}
	region := RegionOf(zip)
	scale, ok := scales[region]
	if !ok || math.IsNaN(energyPerformance) {
		return EPC{Label: text, Region: region}
	}
	label := classify(scale, energyPerformance)
	return EPC{
		Label:  label,
		Image:  "/images/epc/" + string(region) + "/" + label + ".svg",
		Region: region,
	}
}

func classify(scale []step, v float64) string {
	for _, s := range scale {
		if v < s.max || (!s.strict && v == s.max) {
			return s.label
		}
	}
	return scale[len(scale)-1].label
}
