package rules

import "testing"

func TestIsEmpty(t *testing.T) {
	tests := []struct {
		s    string
		want bool
	}{
		{"", true},
		{" ", true},
		{"\t\n\r ", true},
		{"\u00a0", true}, // non-breaking space, common in pasted text
		{"a", false},
		{" a ", false},
		{"0", false},
		{"null", false}, // a word, not a missing value
	}
	for _, tt := range tests {
		if got := IsEmpty(tt.s); got != tt.want {
			t.Errorf("IsEmpty(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}
