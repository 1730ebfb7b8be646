// The documents at the root of the repository state numbers and paths that
// the code decides; these tests fail when the two part.
package immo_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"immo/internal/adapter/demo"
	"immo/internal/domain/catalog"
	"immo/internal/http/web/assets"
)

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// find returns the submatches of re in text, failing when it is absent.
func find(t *testing.T, name, text, re string) []string {
	t.Helper()
	m := regexp.MustCompile(re).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("%s no longer says /%s/: update this test with the document", name, re)
	}
	return m
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// The README's description of the demo catalog counts what it holds.
func TestReadmeDemoCatalog(t *testing.T) {
	readme := strings.Join(strings.Fields(read(t, "README.md")), " ")
	m := find(t, "README.md", readme, `\((\d+) properties: (\d+) for sale and (\d+) for rent available, (\d+) sold, (\d+) rented; (\d+) projects; (\d+) types;`)
	cat, err := demo.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	count := func(goal int, status string) int {
		n := 0
		for _, p := range cat.Properties {
			if p.Goal == goal && p.Status == status {
				n++
			}
		}
		return n
	}
	for i, got := range []int{len(cat.Properties), count(catalog.GoalSale, catalog.StatusAvailable),
		count(catalog.GoalRent, catalog.StatusAvailable), count(catalog.GoalSale, catalog.StatusSold),
		count(catalog.GoalRent, catalog.StatusRented), len(cat.Projects), len(cat.Types)} {
		if want := atoi(t, m[i+1]); got != want {
			t.Errorf("README says %q, number %d is %d in internal/adapter/demo/catalog.json", m[0], i+1, got)
		}
	}
}

// The README's Go and Node versions are those go.mod and web/package.json
// ask.
func TestReadmeVersions(t *testing.T) {
	readme := read(t, "README.md")
	goMod := find(t, "go.mod", read(t, "go.mod"), `(?m)^go (\S+)$`)[1]
	if got := find(t, "README.md", readme, "with Go (\\S+) \\(`go.mod`\\)")[1]; got != goMod {
		t.Errorf("README says Go %s, go.mod %s", got, goMod)
	}
	engines := find(t, "web/package.json", read(t, "web/package.json"), `"engines": \{\s*"node": "([^"]+)"`)[1]
	if got := find(t, "README.md", readme, "and Node `([^`]+)`")[1]; got != engines {
		t.Errorf("README says Node %s, web/package.json %s", got, engines)
	}
}

// The size budget the architecture states is the one npm run size enforces.
func TestSizeBudget(t *testing.T) {
	arch := strings.Join(strings.Fields(read(t, "docs/ARCHITECTURE.md")), " ")
	stated := find(t, "docs/ARCHITECTURE.md", arch, `fails above the budget of (\d+) KiB gzip`)[1]
	script := find(t, "web/scripts/size.mjs", read(t, "web/scripts/size.mjs"), `const BUDGET_KIB = (\d+)`)[1]
	if stated != script {
		t.Errorf("docs/ARCHITECTURE.md states a budget of %s KiB, web/scripts/size.mjs enforces %s", stated, script)
	}
}

// layout reads the Layout section's tree: every folder it names, as a path
// from the repository root.
func layout(t *testing.T) []string {
	arch := read(t, "docs/ARCHITECTURE.md")
	_, after, _ := strings.Cut(arch, "## Layout\n\n```\n")
	block, _, ok := strings.Cut(after, "```")
	if !ok {
		t.Fatal("docs/ARCHITECTURE.md: no Layout tree")
	}
	entry := regexp.MustCompile(`^( *)(\S+/(?: \S+/)*)(?:\s{2,}|$)`)
	var parents []string // by depth
	var out []string
	sc := bufio.NewScanner(strings.NewReader(block))
	for sc.Scan() {
		m := entry.FindStringSubmatch(sc.Text())
		if m == nil {
			continue // a description's next line
		}
		depth := len(m[1]) / 2
		if depth > len(parents) {
			t.Fatalf("Layout: %q is indented below nothing", sc.Text())
		}
		parents = parents[:depth]
		for _, name := range strings.Fields(m[2]) {
			out = append(out, filepath.Join(append(slices.Clone(parents), name)...))
		}
		parents = append(parents, strings.TrimSuffix(strings.Fields(m[2])[0], "/"))
	}
	return out
}

// The Layout section names every Go package under internal/, and only
// folders that exist.
func TestLayoutNamesEveryPackage(t *testing.T) {
	named := layout(t)
	for _, dir := range named {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			t.Errorf("docs/ARCHITECTURE.md's layout names %s/, which is not a folder", dir)
		}
	}
	err := filepath.WalkDir("internal", func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if goFiles, _ := filepath.Glob(filepath.Join(path, "*.go")); len(goFiles) > 0 && path != "internal" && !slices.Contains(named, path) {
			t.Errorf("docs/ARCHITECTURE.md's layout does not name the package %s/", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Every repository path the documents cite exists. A path is a quoted
// (`…`) one starting with a top folder; in web/README.md, src/ and
// scripts/ are the web app's.
func TestCitedPathsExist(t *testing.T) {
	quoted := regexp.MustCompile("`([^`\\s]+)`")
	for _, doc := range []string{"README.md", "docs/ARCHITECTURE.md", "web/README.md"} {
		for _, m := range quoted.FindAllStringSubmatch(read(t, doc), -1) {
			path := m[1]
			if doc == "web/README.md" && (strings.HasPrefix(path, "src/") || strings.HasPrefix(path, "scripts/")) {
				path = "web/" + path
			}
			top, _, nested := strings.Cut(path, "/")
			if !nested || !slices.Contains([]string{"internal", "cmd", "web", "e2e", "docs", ".ci"}, top) ||
				strings.ContainsAny(path, "<>{}|") {
				continue // a URL, a placeholder, a name
			}
			if !cited(".", path) {
				t.Errorf("%s cites %s, which is not in the repository", doc, m[1])
			}
		}
	}
}

// distDir is where `make web` writes the web app (web/vite.config.ts's
// outDir); only its placeholder is committed.
const distDir = "internal/http/web/assets/dist/"

// builtPaths are the files and folders `make web` writes in distDir, as
// internal/http/web/assets lays them out.
var builtPaths = []string{"manifest.json", "assets/", assets.ServerBundlePath}

// cited reports whether a document may cite path: it is in the tree under
// root, or it is one of the web build's outputs, which a clean clone does
// not have yet (the documents describe the built layout).
func cited(root, path string) bool {
	if rest, ok := strings.CutPrefix(path, distDir); ok {
		for _, b := range builtPaths {
			if rest == b || rest == strings.TrimSuffix(b, "/") || (strings.HasSuffix(b, "/") && strings.HasPrefix(rest, b)) {
				return true
			}
		}
	}
	matches, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(strings.TrimSuffix(path, "/"))))
	return len(matches) > 0
}

// A clean clone, before the web app is built, passes TestCitedPathsExist:
// the build's outputs count as cited paths without the build, and nothing
// else under dist/ does.
func TestCitedPathsWithoutWebBuild(t *testing.T) {
	clean := t.TempDir()
	if err := os.MkdirAll(filepath.Join(clean, distDir), 0o755); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{
		distDir + "server/ssr.js":          true,
		distDir + "manifest.json":          true,
		distDir + "assets/":                true,
		distDir + "server/other.js":        false,
		distDir + "nothing.json":           false,
		"internal/http/web/ssr/missing.go": false,
	} {
		if got := cited(clean, path); got != want {
			t.Errorf("cited(clean clone, %s) = %v, want %v", path, got, want)
		}
	}
}
