package immo_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// goList runs `go list ./...` in dir and returns the import paths it names.
func goList(t *testing.T, dir string) []string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	cmd := exec.Command(goBin, "list", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list ./... in %s: %v\n%s", dir, err, out)
	}
	return strings.Fields(string(out))
}

// `go test ./...` and `go vet ./...` (make test) cover our packages only:
// npm's node_modules folders (web/, e2e/, bench/lighthouse/) hold
// third-party Go packages (flatted's golang/), which go.mod's ignore
// directive leaves out. The check runs on a copy of go.mod with a
// node_modules at the root and one nested, so that it holds whether or not
// npm has run here.
func TestGoModuleIgnoresNodeModules(t *testing.T) {
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":                               string(mod),
		"ours/ours.go":                         "package ours\n",
		"node_modules/dep/dep.go":              "package dep\n",
		"web/node_modules/flatted/golang/f.go": "package flatted\n",
		"e2e/node_modules/x/x.go":              "package x\n",
	}
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := goList(t, dir); !slices.Equal(got, []string{"immo/ours"}) {
		t.Errorf("go list ./... with go.mod's ignores = %q, want only [immo/ours]", got)
	}
	// And in this tree, whatever npm installed.
	for _, pkg := range goList(t, ".") {
		if !strings.HasPrefix(pkg, "immo") || strings.Contains(pkg, "node_modules") {
			t.Errorf("go list ./... names %s, which is not our code", pkg)
		}
	}
}
