package site

import (
	"slices"
	"testing"

	"immo/internal/domain/rules"
)

func TestZonesValidation(t *testing.T) {
	tests := []struct {
		path string
		v    any
		want string
	}{
		{"zones[0].id", "Arlon Centre", "is not a zone id"},
		{"zones[1].id", "arlon", `"arlon" twice`},
		{"zones[0].name", map[string]any{"en": "Arlon"}, "required in the default language"},
		{"zones[0].country", "FR", "must be one of"},
		{"zones[0].zips", []any{}, "at least one postal code"},
		{"zones[0].zips[0]", "67000", "is not a postal code"},
		{"zones[0].zips[1]", "6700", `"6700" twice`},
		{"zones[0].area", map[string]any{"type": "Point", "coordinates": []any{5.8, 49.6}}, "a Polygon or a MultiPolygon"},
		{"zones[0].area", map[string]any{"type": "Polygon", "coordinates": []any{[]any{[]any{5.8, 49.6}, []any{5.9, 49.6}, []any{5.9, 49.7}}}}, "at least 4"},
		{"zones[0].area", map[string]any{"type": "Polygon", "coordinates": []any{[]any{[]any{5.8, 49.6}, []any{5.9, 49.6}, []any{5.9, 49.7}, []any{5.8, 49.7}}}}, "not closed"},
		{"zones[0].area", map[string]any{"type": "Polygon", "coordinates": []any{[]any{[]any{5.8, 149.6}, []any{5.9, 49.6}, []any{5.9, 49.7}, []any{5.8, 149.6}}}}, "latitude"},
		{"zones[0].area", map[string]any{"type": "Polygon", "coordinates": "here"}, "rings of [longitude, latitude]"},
		{"zones[0].area", remove, "required"},
	}
	for _, tt := range tests {
		t.Run(tt.path+" "+tt.want, func(t *testing.T) {
			tree := demoTree(t)
			set(t, tree, tt.path, tt.v)
			wantLine(t, errorLines(t, encode(t, tree)), tt.path, tt.want)
		})
	}
	// Without zones the site is valid: it offers no demand register yet.
	tree := demoTree(t)
	set(t, tree, "zones", remove)
	c, err := Parse("site.json", encode(t, tree))
	if err != nil || len(c.Zones) != 0 {
		t.Fatalf("without zones: %v, %+v", err, c.Zones)
	}
}

// A demand's zones become postal codes qualified by their country: a
// Belgian 1930 (Zaventem) is not Luxembourg City's.
func TestPostcodes(t *testing.T) {
	c := loadDemo(t)
	got, ok := c.Postcodes([]string{"arlon", "luxembourg-ville", "arlon"})
	if !ok || !slices.Contains(got, "BE-6700") || !slices.Contains(got, "LU-1930") || slices.Contains(got, "BE-1930") {
		t.Fatalf("Postcodes = %v %v", got, ok)
	}
	seen := map[string]bool{}
	for _, pc := range got {
		if seen[pc] || !rules.IsPostcode(pc) {
			t.Errorf("%q twice or malformed", pc)
		}
		seen[pc] = true
	}
	if _, ok := c.Postcodes([]string{"arlon", "nowhere"}); ok {
		t.Error("an unknown zone was taken")
	}
}
