package immo_test

import (
	"os/exec"
	"strings"
	"testing"
)

// The layers of internal/, bottom up, as docs/ARCHITECTURE.md draws them.
// A package imports packages of its own layer or of the layers below it,
// never of one above; tool/ imports no package of the product at all.
var layers = []string{"domain", "adapter", "http", "app"}

// layerOf tells the layer of an import path of the product, "" for any
// other (the standard library, a module, cmd/).
func layerOf(pkg string) string {
	rest, ok := strings.CutPrefix(pkg, "immo/internal/")
	if !ok {
		return ""
	}
	first, _, _ := strings.Cut(rest, "/")
	return first
}

func rank(layer string) int {
	for i, l := range layers {
		if l == layer {
			return i
		}
	}
	return -1
}

// listPackages runs go list with a template over the product's packages, test
// files included, and returns a line a package.
func listPackages(t *testing.T, format string, pkgs ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list", "-f", format}, pkgs...)...).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}

func TestLayers(t *testing.T) {
	for _, line := range listPackages(t, "{{.ImportPath}} {{join .Imports \" \"}}", "./internal/...") {
		fields := strings.Fields(line)
		pkg, imports := fields[0], fields[1:]
		layer := layerOf(pkg)
		if layer != "tool" && rank(layer) < 0 {
			t.Errorf("%s is in no layer: internal/ holds only %v and tool", pkg, layers)
			continue
		}
		for _, imp := range imports {
			l := layerOf(imp)
			switch {
			case l == "":
			case layer == "tool":
				t.Errorf("the tool %s imports the product's %s", pkg, imp)
			case l == "tool":
				// a tool is a library any layer may use (tsgen writes the views' TypeScript)
			case rank(l) > rank(layer):
				t.Errorf("%s (%s) imports %s, a layer above it (%s)", pkg, layer, imp, l)
			}
		}
	}
}

// The domain decides; it imports no HTTP and no SQL (the layer rule above
// keeps adapters out of its reach; a module it uses, such as golang-ical,
// may reach net/http for its own parsing).
func TestDomainReachesNoTransport(t *testing.T) {
	transport := []string{"net/http", "database/sql"}
	for _, line := range listPackages(t, "{{.ImportPath}} {{join .Imports \" \"}}", "./internal/domain/...") {
		fields := strings.Fields(line)
		for _, d := range fields[1:] {
			for _, f := range transport {
				if d == f || strings.HasPrefix(d, f+"/") {
					t.Errorf("the domain package %s reaches %s", fields[0], d)
				}
			}
		}
	}
}

// The mail queue carries mail of every kind; it knows the message, not who
// writes it (it once imported inbox, closing a loop mail → inbox → lead → mail).
func TestMailQueueKnowsOnlyTheMessage(t *testing.T) {
	for _, line := range listPackages(t, "{{join .Deps \" \"}}", "./internal/adapter/mailqueue") {
		for _, d := range strings.Fields(line) {
			if layerOf(d) == "domain" && d != "immo/internal/domain/mail" && d != "immo/internal/domain/errs" && d != "immo/internal/domain/field" {
				t.Errorf("the mail queue reaches the domain package %s", d)
			}
		}
	}
}
