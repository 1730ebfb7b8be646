package rules

import "testing"

func TestOpensNewTab(t *testing.T) {
	tests := []struct {
		href string
		want bool
	}{
		{"http://example.com", true},
		{"https://example.com", true},
		{"HTTPS://EXAMPLE.COM", true},
		{"  https://example.com", true},
		{"//cdn.example.com/doc.pdf", true},
		{"tel:+3263223344", true},
		{"mailto:info@example.be", true},
		{"/fr/a-vendre/", false},
		{"fr/contact/", false},
		{"#top", false},
		{"", false},
		{"javascript:void(0)", false},
		{"telephone", false},
	}
	for _, tt := range tests {
		if got := OpensNewTab(tt.href); got != tt.want {
			t.Errorf("OpensNewTab(%q) = %v, want %v", tt.href, got, tt.want)
		}
	}
}
