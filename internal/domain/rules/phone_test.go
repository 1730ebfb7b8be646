package rules

import "testing"

func TestFormatPhone(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0472123456", "0472 12 34 56"},
		{"063223344", "063 22 33 44"},
		{"0472 12 34 56", "0472 12 34 56"},
		{"0472/12.34.56", "0472 12 34 56"},
		{"0472-123-456", "0472 12 34 56"},
		{"(063) 22.33.44", "063 22 33 44"},
		{"  063223344  ", "063 22 33 44"},
		{"06322334", "06322334"},          // 8 digits
		{"04721234567", "04721234567"},    // 11 digits
		{" 0472 12 345 ", "047 21 23 45"}, // 9 digits, regrouped
		{"+32 472 12 34 56", "+32 472 12 34 56"},
		{"+32472123456", "+32472123456"},
		{"0472 12 34 56 ext", "0472 12 34 56 ext"},
		{"", ""},
		{"   ", ""},
	}
	for _, tt := range tests {
		if got := FormatPhone(tt.in); got != tt.want {
			t.Errorf("FormatPhone(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTelNumber(t *testing.T) {
	for in, want := range map[string]string{"063 22 44 55": "+3263224455", "0472 12 34 56": "+32472123456",
		"+352 621 123 456": "+352621123456", "0032 63 22 44 55": "+3263224455", "112": "112"} {
		if got := TelNumber(in); got != want {
			t.Errorf("TelNumber(%q) = %q, want %q", in, got, want)
		}
	}
}
