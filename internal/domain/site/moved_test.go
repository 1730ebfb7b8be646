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

// TestMovedTo: a parsed configuration answers from its index as a scan
// would — case, a final slash and escaping aside; a list replaced since
// is read itself, never the index of the one it replaced.
func TestMovedTo(t *testing.T) {
	tree := demoTree(t)
	tree["moved"] = []any{
		map[string]any{"from": "/fr/emplois/", "to": "/fr/"},
		map[string]any{"from": "/de/über-uns/", "to": "/de/wir/"},
		map[string]any{"from": "/nl/weg/", "to": ""},
	}
	c, err := Parse("site.json", encode(t, tree))
	if err != nil {
		t.Fatal(err)
	}
	if !c.moved.of(c.Moved) {
		t.Fatal("Parse made no index of the moved addresses")
	}
	check := func(c *Config, path, wantTo string, wantOK bool) {
		t.Helper()
		if to, ok := c.MovedTo(path); to != wantTo || ok != wantOK {
			t.Errorf("MovedTo(%s) = %q, %v; want %q, %v", path, to, ok, wantTo, wantOK)
		}
	}
	for _, c := range []*Config{c, {Moved: c.Moved}} { // indexed, then scanned
		check(c, "/FR/Emplois", "/fr/", true)
		check(c, "/fr/emplois/", "/fr/", true)
		check(c, "/de/%C3%BCber-uns/", "/de/wir/", true)
		check(c, "/de/Über-uns", "/de/wir/", true)
		check(c, "/nl/weg/", "", true)
		check(c, "/fr/emplois/x/", "", false)
		check(c, "/emplois/", "", false) // the router adds the language (route.Resolver.moved)
	}
	c.Moved = []MovedPath{{From: "/fr/autre/", To: "/fr/"}}
	check(c, "/fr/autre/", "/fr/", true)
	check(c, "/fr/emplois/", "", false)
	c.Moved = append(c.Moved[:0:0], MovedPath{From: "/fr/a/", To: "/fr/b/"}, MovedPath{From: "/FR/A", To: "/fr/c/"})
	check(c, "/fr/a/", "/fr/b/", true) // listed twice (Validate refuses it): the first, as the index keeps
	if ix := indexMoved(c.Moved); ix.to[movedKey("/fr/a/")] != "/fr/b/" {
		t.Errorf("the index keeps %q for an address listed twice, want the first's", ix.to[movedKey("/fr/a/")])
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
