package site

import (
	"strings"
	"testing"
)

func TestRentApplicationConfig(t *testing.T) {
	if c := loadDemo(t); c.RentApplication.MinIncome <= 0 || c.RentApplication.MaxPersons <= 0 {
		t.Fatalf("the demo sets no rent application bounds: %+v", c.RentApplication)
	}
	for _, tc := range []struct {
		name      string
		minIncome any
		persons   any
		path      string
	}{
		{"no bounds", 0, 0, ""},
		{"negative income", -1, 4, "rentApplication.minIncome"},
		{"income too high", 2_000_000, 4, "rentApplication.minIncome"},
		{"negative persons", 2000, -2, "rentApplication.maxPersons"},
		{"too many persons", 2000, 51, "rentApplication.maxPersons"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := demoTree(t)
			set(t, tree, "rentApplication", map[string]any{"minIncome": tc.minIncome, "maxPersons": tc.persons})
			_, err := Parse("site.json", encode(t, tree))
			switch {
			case tc.path == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.path != "" && (err == nil || !strings.Contains(err.Error(), tc.path)):
				t.Fatalf("error %v, want one at %s", err, tc.path)
			}
		})
	}
}
