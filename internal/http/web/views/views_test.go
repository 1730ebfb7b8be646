package views

import (
	"os"
	"path"
	"strings"
	"testing"
)

// Every view of both entries is its source file's export of its base
// name, once.
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range append(append(Registry{}, Site...), Admin...) {
		if seen[v.Name] {
			t.Errorf("view %s twice", v.Name)
		}
		seen[v.Name] = true
		// The component is the file's export of its base name.
		src, err := os.ReadFile("../../../../web/src/" + v.Source + ".tsx")
		if err != nil {
			t.Errorf("%s: %v", v.Name, err)
			continue
		}
		if want := "export function " + path.Base(v.Source) + "("; !strings.Contains(string(src), want) {
			t.Errorf("%s: %s.tsx lacks %q", v.Name, v.Source, want)
		}
		registry := Site
		if strings.HasPrefix(v.Name, "Admin") {
			registry = Admin
		}
		if got, ok := registry.Lookup(v.Name); !ok || got != v {
			t.Errorf("Lookup(%s) = %v %v", v.Name, got, ok)
		}
	}
	if _, ok := Site.Lookup("Nope"); ok {
		t.Error("Lookup found an unknown view")
	}
}
