package immo_test

import (
	"os/exec"
	"strings"
	"testing"
)

// deps are the packages pkg depends on, directly or not (go list -deps).
func deps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", pkg).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	return strings.Fields(string(out))
}

// The layers as docs/ARCHITECTURE.md draws them: a domain package reaches
// no HTTP, no SQL and no adapter; the mail queue, an adapter the domain
// uses, reaches no domain package above it.
func TestLayers(t *testing.T) {
	domain := []string{"agency", "catalog", "lead", "inbox", "demand", "account", "site", "visit", "booking", "agenda",
		"testimonial", "newsletter", "registrant", "portal", "report", "optout", "offer", "field", "rules", "spam",
		"antispam", "errs", "rendered"}
	transport := []string{"net/http", "database/sql", "immo/internal/storage", "immo/internal/web", "immo/internal/server",
		"immo/internal/httpapi", "immo/internal/mail/mailqueue", "immo/internal/app"}
	for _, p := range domain {
		for _, d := range deps(t, "immo/internal/"+p) {
			for _, f := range transport {
				if d == f || strings.HasPrefix(d, f+"/") {
					t.Errorf("the domain package %s reaches %s", p, d)
				}
			}
		}
	}
	for _, d := range deps(t, "immo/internal/mail/mailqueue") {
		for _, above := range []string{"inbox", "lead", "notify", "demand", "account", "catalog", "registrant", "booking", "agency"} {
			if d == "immo/internal/"+above {
				t.Errorf("the mail queue reaches the domain package %s", above)
			}
		}
	}
}
