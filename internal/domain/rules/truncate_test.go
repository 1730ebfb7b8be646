package rules

import (
	"strings"
	"testing"
)

func TestTruncate(t *testing.T) {
	long := strings.Repeat("a", 300)
	tests := []struct {
		name  string
		s     string
		limit int
		want  string
	}{
		{"shorter than limit", "abc", 10, "abc"},
		{"exactly the limit", "abcdefghij", 10, "abcdefghij"},
		{"one over, no space", "abcdefghijk", 10, "abcdefghij…"},
		// Limit 10: 80 % is 8. A space at index 9 is beyond it, at 8 it is not.
		{"space beyond 80%", "abcdefghi jkl", 10, "abcdefghi…"},
		{"space at exactly 80%", "abcdefgh ijkl", 10, "abcdefgh i…"},
		{"space before 80%", "abc defghijkl", 10, "abc defghi…"},
		{"space right after the cut", "abcdefghij klm", 10, "abcdefghij…"},
		{"trailing spaces trimmed", "abcdefgh    xyz", 10, "abcdefgh…"},
		{"accents count as one", "ééééééééé éé", 10, "ééééééééé…"},
		{"accents, exactly the limit", "àéèêëïîôùç", 10, "àéèêëïîôùç"},
		{"accents, no space", "àéèêëïîôùçà", 10, "àéèêëïîôùç…"},
		{"zero means 250", long, 0, strings.Repeat("a", 250) + "…"},
		{"negative means 250", long, -1, strings.Repeat("a", 250) + "…"},
		{"250 exactly, default", long[:250], 0, long[:250]},
		{"100 for type descriptions", long, 100, strings.Repeat("a", 100) + "…"},
		{"empty", "", 10, ""},
	}
	for _, tt := range tests {
		if got := Truncate(tt.s, tt.limit); got != tt.want {
			t.Errorf("%s: Truncate(%q, %d) = %q, want %q", tt.name, tt.s, tt.limit, got, tt.want)
		}
	}
}

func TestTruncateDefaultAt80Percent(t *testing.T) {
	// 250 * 0.8 = 200: a space at index 201 is used, at 200 it is not.
	beyond := strings.Repeat("a", 201) + " " + strings.Repeat("b", 100)
	if got, want := Truncate(beyond, 0), strings.Repeat("a", 201)+"…"; got != want {
		t.Errorf("space at 201: got %q", got)
	}
	at := strings.Repeat("a", 200) + " " + strings.Repeat("b", 100)
	if got, want := Truncate(at, 0), strings.Repeat("a", 200)+" "+strings.Repeat("b", 49)+"…"; got != want {
		t.Errorf("space at 200: got %q", got)
	}
}
