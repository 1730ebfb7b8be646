package site

import (
	"slices"
	"strconv"
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

// TestUnsafeAddresses: what a browser reads otherwise than the router is
// refused in a page's path, its segments and the moved list.
func TestUnsafeAddresses(t *testing.T) {
	for _, v := range []string{"/../admin/", "/a/./b/", "/%2e%2e/", "/x\\y/", "/x\x00y/", "/x\vy/", "/x\u3000y/", "/x\u2028y/"} {
		c := loadDemo(t)
		c.Moved = []MovedPath{{From: "/old/", To: v}}
		if err := c.Validate(); err == nil {
			t.Errorf("moved to %q: accepted", v)
		}
	}
	for _, seg := range []string{"..", ".", "%2e%2e"} {
		c := loadDemo(t)
		c.Pages[8].Params.Path["fr"] = seg
		if err := c.Validate(); err == nil {
			t.Errorf("a page's segment %q: accepted", seg)
		}
	}
}

// TestProblemsBounded: a file with thousands of problems reports the first MaxProblems.
func TestProblemsBounded(t *testing.T) {
	c := loadDemo(t)
	for i := range 5000 {
		c.Moved = append(c.Moved, MovedPath{From: "x" + strconv.Itoa(i), To: "/"})
	}
	err := c.Validate()
	joined, ok := err.(interface{ Unwrap() []error })
	if !ok || len(joined.Unwrap()) != MaxProblems {
		t.Errorf("problems of a file with 5000: %v", err)
	}
}
