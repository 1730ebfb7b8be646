package immo_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// renderlessPools are the tests that make a QuickJS pool and render
// nothing with it (a bundle that fails to load, the cost of starting one).
var renderlessPools = map[string]bool{"TestNewPoolBadBundle": true, "BenchmarkNewPool": true}

// No test renders with the pool's production limits (a 2 s render, a
// 100 ms wait for an engine): the suite runs beside other heavy jobs on the
// same cores, where a render takes many times as long. Every ssr.NewPool
// of a test passes ssr.WithTimeout (the packages' helpers: a few minutes),
// or renders nothing.
func TestTestsRenderWithoutProductionLimits(t *testing.T) {
	fset := token.NewFileSet()
	for _, root := range []string{"cmd", "internal", "bench"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			for _, decl := range f.Decls {
				fn, ok := decl.(*ast.FuncDecl)
				if !ok || fn.Body == nil || renderlessPools[fn.Name.Name] {
					continue
				}
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok || !isNewPool(call.Fun) {
						return true
					}
					timeout := false
					for _, arg := range call.Args {
						ast.Inspect(arg, func(n ast.Node) bool {
							if c, ok := n.(*ast.CallExpr); ok && calls(c.Fun, "WithTimeout") {
								timeout = true
							}
							return !timeout
						})
					}
					if !timeout {
						t.Errorf("%s: %s makes a pool with the production render timeout: pass ssr.WithTimeout (the package's test helper)",
							fset.Position(call.Pos()), fn.Name.Name)
					}
					return true
				})
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

func isNewPool(fun ast.Expr) bool { return calls(fun, "NewPool") }

// calls reports whether fun is name or pkg.name.
func calls(fun ast.Expr, name string) bool {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name == name
	case *ast.SelectorExpr:
		return f.Sel.Name == name
	}
	return false
}

// rawWait is a browser test's wait written as a bare number of
// milliseconds: a timeout (Playwright's, node:test's, a child process's),
// a test's budget, or a poll's deadline.
var rawWait = regexp.MustCompile(`\btimeout: \d|\b[A-Z_]*(?:TIMEOUT|WAIT)(?:_MS)? = \d|Date\.now\(\) \+ \d[\d_]*(?:\s*[),;]|\s*$)|setDefault(?:Navigation)?Timeout\(\d`)

// The browser tests' waits go through slow (e2e/lib/patience.mjs), so
// that a machine running another job beside them does not fail them.
func TestBrowserTestsWaitWithPatience(t *testing.T) {
	for _, dir := range []string{"e2e/lib", "e2e/tests"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.mjs"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for i, line := range strings.Split(string(b), "\n") {
				if m := rawWait.FindString(line); m != "" {
					t.Errorf("%s:%d: %q waits a bare time: wrap it in slow() (e2e/lib/patience.mjs)", f, i+1, m)
				}
			}
		}
	}
}
