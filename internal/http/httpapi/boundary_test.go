package httpapi

import (
	"os/exec"
	"strings"
	"testing"
)

// The API and the pages are two adapters over catalog: neither imports the
// other (the pages' links reach the API as a catalog.Linker from cmd/immo).
func TestAdaptersImportEachOtherNot(t *testing.T) {
	for _, tc := range []struct{ pkg, forbidden string }{
		{"immo/internal/http/httpapi", "immo/internal/http/web"},
		{"immo/internal/http/web/route", "immo/internal/http/httpapi"},
	} {
		out, err := exec.Command("go", "list", "-deps", tc.pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", tc.pkg, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			if dep == tc.forbidden || strings.HasPrefix(dep, tc.forbidden+"/") {
				t.Errorf("%s imports %s", tc.pkg, dep)
			}
		}
	}
}
