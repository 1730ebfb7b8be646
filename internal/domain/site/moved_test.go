package site

import (
	"slices"
	"testing"
)

// TestMoves: publishing a renamed page moves its old address to its new
// one, a deleted page's to its parent's (the home page's at the top), in
// every language offered; an address the new version names is left out.
func TestMoves(t *testing.T) {
	before := loadDemo(t)
	after := loadDemo(t)
	about := after.PageByID(before.Pages[8].ID)
	about.Params.Path["fr"] = "qui-sommes-nous"
	after.Pages = slices.Delete(after.Pages, 5, 6) // Jobs
	after.Moved = []MovedPath{{From: "/nl/jobs/", To: ""}}
	moves := Moves(before, after)
	want := map[string]string{
		"/fr/a-propos/": "/fr/qui-sommes-nous/",
		"/fr/emplois/":  "/fr/",
		"/en/jobs/":     "/en/",
	}
	got := map[string]string{}
	for _, m := range moves {
		got[m.From] = m.To
	}
	for from, to := range want {
		if got[from] != to {
			t.Errorf("%s moved to %q, want %q (all: %v)", from, got[from], to, moves)
		}
	}
	if _, ok := got["/nl/jobs/"]; ok {
		t.Error("an address the editor said is gone was moved again")
	}
	if _, ok := got["/nl/over-ons/"]; ok {
		t.Error("an address still live was moved")
	}
	if to, ok := after.MovedTo("/NL/Jobs"); !ok || to != "" {
		t.Errorf("MovedTo(/NL/Jobs) = %q, %v; want gone", to, ok)
	}
	after.Moved = append(after.Moved, moves...)
	if err := after.Validate(); err != nil {
		t.Errorf("the moves do not validate: %v", err)
	}
	after.Moved = append(after.Moved, MovedPath{From: "https://evil.example/", To: "//evil.example/"})
	if err := after.Validate(); err == nil {
		t.Error("an address of another site was accepted")
	}
}
