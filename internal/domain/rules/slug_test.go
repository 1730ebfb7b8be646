package rules

import "testing"

func TestFold(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Liège", "liege"},
		{"LIÈGE", "liege"},
		{"liege", "liege"},
		{"Saint-Léger", "saint-leger"},
		{"Habay-la-Néuve", "habay-la-neuve"},
		{"Cœur d'Ardenne", "coeur d'ardenne"},
		{"Straße", "strasse"},
		{"Ærø", "aero"},
		{"Çà et là", "ca et la"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Fold(tt.in); got != tt.want {
			t.Errorf("Fold(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if Fold("Arlon") != Fold("ARLÔN") {
		t.Error("Fold should make Arlon and ARLÔN equal")
	}
}

func TestSlug(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Maison à vendre, Arlon!", "maison-a-vendre-arlon/"},
		{"Villa/Maison/Ferme", "villa-maison-ferme/"},
		{"Saint-Léger", "saint-leger/"},
		{"  Immeuble   de  rapport ", "immeuble-de-rapport/"},
		{"L'Escale", "lescale/"},
		{"Garage - parking", "garage-parking/"},
		{"Nos 10 conseils (2024)", "nos-10-conseils-2024/"},
		{"Énergie & rénovation", "energie-renovation/"},
		{"snake_case", "snake-case/"},
		{"!!!", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Slug(tt.in); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
