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
// a; the last class has no upper bound. Labels are written a_plusplus (A++),
// a_plus (A+), a_min (A-).
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
	// The official Brussels residential PEB classes (Bruxelles Environnement,
	// arrêté "Certires", A++ reinstated in 2017), in kWh of primary energy per
	// m² and year. Each letter from A to E has three sub-grades; F is one
	// class; G starts above 345 — the official bound, which the issue quotes.
	// SPEC §9's "g starts above 346" is off by one (it reads the first whole
	// number of G, not the bound). Cross-checks: C spans 96–150 and D 151–210
	// in Brussels Environnement's own texts, and a certificate of 118 kWh/m²
	// reads C, as demo property 4100043's does.
	brusselsScale = []step{
		{"a_plusplus", 0, false},
		{"a_plus", 15, false},
		{"a", 30, false},
		{"a_min", 45, false},
		{"b_plus", 62, false},
		{"b", 78, false},
		{"b_min", 95, false},
		{"c_plus", 113, false},
		{"c", 132, false},
		{"c_min", 150, false},
		{"d_plus", 170, false},
		{"d", 190, false},
		{"d_min", 210, false},
		{"e_plus", 232, false},
		{"e", 253, false},
		{"e_min", 275, false},
		{"f", 345, false},
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

// EPCLabel gives the energy label of a property (SPEC §9). energyPerformance
// is NaN when the property has none; certificateLabel is the label written on
// the certificate ("C", "B-", "A++"), "" when there is none.
//
// In Belgium the certificate's own label is authoritative when it is a class
// of the region's scale: the certifier sets it under the region's rules (and
// from the exact figure, where ours may be rounded or another figure of the
// certificate), so a computed label may only fill in for it. A label the
// region does not have (a Brussels "C+" on a Flemish property, a typo) is
// not shown as if official: the value's class is shown instead, and without
// a value the text is shown as written, without a picture. Outside Belgium
// (Luxembourg included) the label text is shown as is, lower-cased, without
// a picture.
func EPCLabel(countryID int, zip string, energyPerformance float64, certificateLabel string) EPC {
	text := strings.ToLower(strings.TrimSpace(certificateLabel))
	if countryID != CountryBelgium {
		return EPC{Label: text}
	}
	region := RegionOf(zip)
	scale, ok := scales[region]
	if !ok {
		return EPC{Label: text, Region: region}
	}
	label := classOf(scale, certificateLabel)
	if label == "" {
		if math.IsNaN(energyPerformance) {
			return EPC{Label: text, Region: region}
		}
		label = classify(scale, energyPerformance)
	}
	return EPC{
		Label:  label,
		Image:  "/images/epc/" + string(region) + "/" + label + ".svg",
		Region: region,
	}
}

// classOf reads a written label ("B-", "b_min", "A ++", "C−") as a class of
// scale; "" when scale has no such class.
func classOf(scale []step, written string) string {
	s := strings.ToLower(strings.Join(strings.Fields(written), ""))
	s = strings.NewReplacer("−", "-", "–", "-").Replace(s)
	if len(s) > 1 && !strings.Contains(s, "_") {
		grade, ok := map[string]string{"++": "_plusplus", "+": "_plus", "-": "_min"}[s[1:]]
		if !ok {
			return ""
		}
		s = s[:1] + grade
	}
	for _, st := range scale {
		if st.label == s {
			return s
		}
	}
	return ""
}

func classify(scale []step, v float64) string {
	for _, s := range scale {
		if v < s.max || (!s.strict && v == s.max) {
			return s.label
		}
	}
	return scale[len(scale)-1].label
}
