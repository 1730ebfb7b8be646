package sqlstore

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// agencyTables are the tables holding an agency's data: each carries
// agency_id (migration 00046), and every statement naming one must scope
// by it.
var agencyTables = []string{"abuse_holds", "account_tokens", "accounts", "agenda_property_slots", "agenda_rules", "agenda_slots",
	"alert_scans", "audit_log", "bookings", "catalog_meta", "content_meta", "demand_alerts", "demands", "feed_holds", "feed_pictures",
	"feed_runs", "feeds", "listing_seen", "mail_attachments", "mail_optouts", "media", "newsletter_subscribers", "newsletter_tokens",
	"owner_properties", "owner_reports", "picture_variants", "projects", "properties", "property_sources", "property_types",
	"property_visits", "rate_hits", "refusal_tallies", "rendered_pages", "rendered_total", "request_files", "request_mails",
	"request_notes", "request_words", "requests", "sessions", "site_drafts", "site_head", "site_versions", "spent_challenges",
	"staff_totp", "testimonials"}

// unscopedFiles are the files whose statements do not scope by the agency
// yet (issue #35, step 2, under way): the list only shrinks — the test
// fails on a file listed with nothing left to scope, and on any other file
// with a statement that does not scope.
var unscopedFiles = []string{}

// everyAgency marks a statement meant for every agency's rows: a purge by
// age, which reads nothing of any agency's data and returns none.
const everyAgency = "/* every agency */"

var tableRef = regexp.MustCompile(`(?i)\b(?:FROM|JOIN|INTO|UPDATE)\s+(` + strings.Join(agencyTables, "|") + `)\b`)

// keywordAtEnd is a statement's text ending where a table's name is
// spliced in (FROM `+table): a reference to a table the check cannot name.
var keywordAtEnd = regexp.MustCompile(`(?i)\b(?:FROM|JOIN|INTO|UPDATE)\s*\x00`)

// bound are the conditions and columns that tie a statement to the bound
// agency: a condition on a placeholder, or the column first in an
// INSERT's list; joined are the joins that tie one table's rows to
// another's agency.
var (
	bound  = regexp.MustCompile(`(?i)agency_id\s*=\s*(?:\?|\$)|INSERT\s+INTO\s+\w+\s*\(\s*agency_id\b`)
	joined = regexp.MustCompile(`\w+\.agency_id\s*=\s*\w+\.agency_id`)
)

// scoped says whether a statement's text ties every agency table it names
// to the bound agency: one bound condition or join per table (a fragment
// joined into a statement may hold only joins; the statement holds the
// bound condition).
func scoped(text string) bool {
	refs := len(tableRef.FindAllString(text, -1)) + len(keywordAtEnd.FindAllString(text, -1))
	if refs == 0 || strings.Contains(text, everyAgency) {
		return true
	}
	return len(bound.FindAllString(text, -1))+len(joined.FindAllString(text, -1)) >= refs
}

// unscoped are the statements of file — a string literal, or a chain of
// them joined with + (a string constant of the package inlined, anything
// else spliced in read as an unknown name) — that name an agency table
// without tying it to the bound agency.
func unscoped(t *testing.T, file string, consts map[string]string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	check := func(text string) {
		if !scoped(text) {
			out = append(out, strings.Join(strings.Fields(strings.ReplaceAll(text, "\x00", " ⟨…⟩ ")), " "))
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			if n.Tok == token.CONST {
				return false // a constant is checked where a statement uses it
			}
		case *ast.BinaryExpr:
			if n.Op != token.ADD {
				return true
			}
			var b strings.Builder
			var flatten func(e ast.Expr)
			flatten = func(e ast.Expr) {
				switch e := e.(type) {
				case *ast.BinaryExpr:
					if e.Op == token.ADD {
						flatten(e.X)
						flatten(e.Y)
						return
					}
				case *ast.ParenExpr:
					flatten(e.X)
					return
				case *ast.BasicLit:
					if text, err := strconv.Unquote(e.Value); err == nil && e.Kind == token.STRING {
						b.WriteString(text)
						return
					}
				case *ast.Ident:
					if text, ok := consts[e.Name]; ok {
						b.WriteString(text)
						return
					}
				}
				b.WriteString("\x00")
				ast.Inspect(e, func(m ast.Node) bool { // a call inside the chain may hold statements of its own
					if lit, ok := m.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if text, err := strconv.Unquote(lit.Value); err == nil {
							check(text)
						}
					}
					return true
				})
			}
			flatten(n)
			check(b.String())
			return false
		case *ast.BasicLit:
			if n.Kind != token.STRING {
				return true
			}
			if text, err := strconv.Unquote(n.Value); err == nil {
				check(text)
			}
		}
		return true
	})
	return out
}

// stringConsts are the string constants declared in files, by name.
func stringConsts(t *testing.T, files []string) map[string]string {
	out := map[string]string{}
	for _, file := range files {
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				v := spec.(*ast.ValueSpec)
				for i, name := range v.Names {
					if i < len(v.Values) {
						if lit, ok := v.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							if text, err := strconv.Unquote(lit.Value); err == nil {
								out[name.Name] = text
							}
						}
					}
				}
			}
		}
	}
	return out
}

// Every statement on a table of an agency's data scopes by the agency the
// store is bound to: one that does not is a leak between agencies.
func TestStatementsScopeByAgency(t *testing.T) {
	var files []string
	for _, pattern := range []string{"*.go", "../sqlite/*.go", "../postgres/*.go"} {
		more, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, more...)
	}
	files = slices.DeleteFunc(files, func(f string) bool { return strings.HasSuffix(f, "_test.go") })
	consts := stringConsts(t, files)
	for _, file := range files {
		bad := unscoped(t, file, consts)
		switch listed := slices.Contains(unscopedFiles, file); {
		case listed && len(bad) == 0:
			t.Errorf("%s scopes every statement now: take it off unscopedFiles", file)
		case !listed:
			for _, q := range bad {
				t.Errorf("%s: a statement not scoped by agency_id: %.200s", file, q)
			}
		}
	}
	// The check itself: a statement without the column is caught, one
	// with a condition per table passes, a spliced table counts.
	if n := tableRef.FindAllString("SELECT x FROM requests r JOIN request_notes n ON n.request_id = r.id", -1); len(n) != 2 {
		t.Errorf("the pattern found %v", n)
	}
	for text, want := range map[string]bool{
		"SELECT id FROM \x00":                                                                             false,
		"SELECT id FROM \x00 WHERE agency_id = ?":                                                         true,
		"SELECT x FROM requests WHERE id = ?":                                                             false,
		"SELECT x FROM requests WHERE agency_id = ? AND id = ?":                                           true,
		"INSERT INTO requests (agency_id, kind) VALUES (?, ?)":                                            true,
		"INSERT INTO requests (kind, agency_id) VALUES (?, ?)":                                            false,
		"SELECT x FROM rate_hits r WHERE r.key = ?":                                                       false,
		"SELECT x FROM abuse_holds h JOIN rate_hits r ON r.agency_id = h.agency_id WHERE h.agency_id = ?": true,
		"SELECT x FROM requests r JOIN request_notes n ON n.request_id = r.id WHERE r.agency_id = ?":      false,
		"DELETE FROM rate_hits /* every agency */ WHERE window_start < ?":                                 true,
	} {
		if scoped(text) != want {
			t.Errorf("scoped(%q) = %v, want %v", text, !want, want)
		}
	}
}
