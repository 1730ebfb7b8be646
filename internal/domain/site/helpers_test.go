package site

import (
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// demoTree is the demo configuration as generic JSON, to break on purpose.
func demoTree(t *testing.T) map[string]any {
	t.Helper()
	data, err := os.ReadFile("../../adapter/demo/site.json")
	if err != nil {
		t.Fatal(err)
	}
	var tree map[string]any
	if err := json.Unmarshal(data, &tree); err != nil {
		t.Fatal(err)
	}
	return tree
}

// remove, given to set, deletes the key.
var remove = &struct{}{}

var pathToken = regexp.MustCompile(`([^.\[\]]+)|\[(\d+)\]`)

// set puts v at the JSON path ("pages[1].params.title.fr") of tree.
func set(t *testing.T, tree any, path string, v any) {
	t.Helper()
	toks := pathToken.FindAllStringSubmatch(path, -1)
	cur := tree
	for i, tok := range toks {
		last := i == len(toks)-1
		switch node := cur.(type) {
		case map[string]any:
			if tok[1] == "" {
				t.Fatalf("%s: index into an object", path)
			}
			if last {
				if v == remove {
					delete(node, tok[1])
				} else {
					node[tok[1]] = v
				}
				return
			}
			cur = node[tok[1]]
		case []any:
			n, _ := strconv.Atoi(tok[2])
			if tok[2] == "" || n >= len(node) {
				t.Fatalf("%s: bad index at %q", path, tok[0])
			}
			if last {
				node[n] = v
				return
			}
			cur = node[n]
		default:
			t.Fatalf("%s: cannot descend into %T at %q", path, cur, tok[0])
		}
	}
}

// encode indents tree, so that errors have distinct lines.
func encode(t *testing.T, tree any) []byte {
	t.Helper()
	data, err := json.MarshalIndent(tree, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// errorLines parses data and returns the lines of the error, failing if
// there is none.
func errorLines(t *testing.T, data []byte) []string {
	t.Helper()
	c, err := Parse("site.json", data)
	if err == nil {
		t.Fatal("Parse succeeded; want an error")
	}
	if c != nil {
		t.Error("Parse returned a config along with the error")
	}
	return strings.Split(err.Error(), "\n")
}

// wantLine fails unless one error line is "site.json:L:C: path: …msg…".
func wantLine(t *testing.T, lines []string, path, msg string) {
	t.Helper()
	re := regexp.MustCompile(`^site\.json:\d+:\d+: ` + regexp.QuoteMeta(path) + `: (.*)` + regexp.QuoteMeta(msg))
	for _, l := range lines {
		if re.MatchString(l) {
			return
		}
	}
	t.Errorf("no error %q: %q among:\n%s", path, msg, strings.Join(lines, "\n"))
}
