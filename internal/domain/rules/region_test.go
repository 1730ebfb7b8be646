package rules

import "testing"

func TestRegionOf(t *testing.T) {
	tests := []struct {
		zip  string
		want Region
	}{
		{"999", RegionUnknown},
		{"0999", RegionUnknown},
		{"1000", RegionBrussels},
		{"1299", RegionBrussels},
		{"1300", RegionWallonia},
		{"1499", RegionWallonia},
		{"1500", RegionFlanders},
		{"3999", RegionFlanders},
		{"4000", RegionWallonia},
		{"6700", RegionWallonia}, // Arlon
		{"7999", RegionWallonia},
		{"8000", RegionFlanders},
		{"9999", RegionFlanders},
		{"10000", RegionUnknown},
		{" 1000 ", RegionBrussels},
		{"01000", RegionUnknown},
		{"+100", RegionUnknown},
		{"-100", RegionUnknown},
		{"L-1234", RegionUnknown},
		{"12a4", RegionUnknown},
		{"", RegionUnknown},
	}
	for _, tt := range tests {
		if got := RegionOf(tt.zip); got != tt.want {
			t.Errorf("RegionOf(%q) = %q, want %q", tt.zip, got, tt.want)
		}
	}
}
