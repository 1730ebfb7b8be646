package rules

import "testing"

func TestPostcode(t *testing.T) {
	if got := Postcode("LU", "1930"); got != "LU-1930" || !IsPostcode(got) {
		t.Fatalf("Postcode = %q", got)
	}
	for _, bad := range []string{"6700", "FR-6700", "BE-670", "be-6700", "BE-6700 ", "BE-67000", ""} {
		if IsPostcode(bad) {
			t.Errorf("IsPostcode(%q)", bad)
		}
	}
}
