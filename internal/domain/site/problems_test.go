package site

import (
	stderrors "errors"
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"immo/internal/domain/i18n"
)

// sourceFormats reads every .go file of the package but the tests and
// returns the English formats of its messages (the format argument of
// add, addAt, msgf and errorf), each with where it stands. It fails the
// test on a format that is not a string constant, one made of verbs only
// (but jsonOther's), an error made by fmt.Errorf or errors.New where it
// could become a problem, or a FieldError made elsewhere than in
// addMsgAt and addErr.
func sourceFormats(t *testing.T) map[string]string {
	t.Helper()
	fset := gotoken.NewFileSet()
	names, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	consts := map[string]string{}
	for _, n := range names {
		if !strings.HasSuffix(n.Name(), ".go") || strings.HasSuffix(n.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n.Name(), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == gotoken.CONST {
				for _, spec := range g.Specs {
					vs := spec.(*ast.ValueSpec)
					for i, name := range vs.Names {
						if i < len(vs.Values) {
							if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == gotoken.STRING {
								consts[name.Name], _ = strconv.Unquote(lit.Value)
							}
						}
					}
				}
			}
		}
	}
	// Functions whose errors never become problems (they are the
	// evaluation's, logged, or encoding/json's, which jsonMessage reads).
	plainErrors := []string{"numeric", "eval", "UnmarshalJSON"}
	formats := map[string]string{}
	// The functions that pass a format on; their own format arguments are
	// variables.
	wrappers := []string{"add", "addAt", "msgf", "errorf", "jsonMessage"}
	for _, f := range files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok {
				fn = &ast.FuncDecl{Name: ast.NewIdent("")} // a var's value, as jsonTexts
			}
			ast.Inspect(d, func(n ast.Node) bool {
				if lit, ok := n.(*ast.CompositeLit); ok {
					if id, ok := lit.Type.(*ast.Ident); ok && id.Name == "FieldError" && fn.Name.Name != "addMsgAt" && fn.Name.Name != "addErr" {
						t.Errorf("%s: a FieldError made in %s, not by add, addAt, addMsg or addErr: In could not translate it", fset.Position(lit.Pos()), fn.Name.Name)
					}
				}
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				name, arg := "", -1
				switch fun := call.Fun.(type) {
				case *ast.Ident:
					name = fun.Name
					if name == "msgf" || name == "errorf" {
						arg = 0
					}
				case *ast.SelectorExpr:
					name = fun.Sel.Name
					if x, ok := fun.X.(*ast.Ident); ok && (x.Name == "fmt" && name == "Errorf" || x.Name == "errors" && name == "New") &&
						!slices.Contains(plainErrors, fn.Name.Name) {
						t.Errorf("%s: %s.%s in %s: use errorf, whose message In translates", fset.Position(call.Pos()), x.Name, name, fn.Name.Name)
					}
					switch name {
					case "add":
						arg = 1
					case "addAt":
						arg = 2
					}
				}
				if arg < 0 || len(call.Args) <= arg {
					return true
				}
				at := fset.Position(call.Args[arg].Pos()).String()
				var format string
				switch a := call.Args[arg].(type) {
				case *ast.BasicLit:
					format, _ = strconv.Unquote(a.Value)
				case *ast.Ident:
					c, ok := consts[a.Name]
					if !ok && slices.Contains(wrappers, fn.Name.Name) {
						return true
					}
					if !ok {
						t.Errorf("%s: the format of %s is %s, not a string constant", at, name, a.Name)
						return true
					}
					format = c
				default:
					if !slices.Contains(wrappers, fn.Name.Name) {
						t.Errorf("%s: the format of %s is not a string constant", at, name)
					}
					return true
				}
				if strings.TrimSpace(verbRE.ReplaceAllString(format, "")) == "" && fn.Name.Name != "jsonMessage" {
					t.Errorf("%s: format %q says nothing In could translate; give the words of the message", at, format)
				}
				if _, dup := formats[format]; !dup {
					formats[format] = at
				}
				return true
			})
		}
	}
	if len(formats) < 100 {
		t.Fatalf("only %d formats found: does sourceFormats still see the calls?", len(formats))
	}
	return formats
}

var verbRE = regexp.MustCompile(`%[-+# 0]*[0-9]*(?:\.[0-9]*)?[a-zA-Z%]`)

// verbs lists the verbs of a format in order (%% left out).
func verbs(format string) []string {
	var out []string
	for _, v := range verbRE.FindAllString(format, -1) {
		if v != "%%" {
			out = append(out, v)
		}
	}
	return out
}

// Every message a problem can say has its translation in every language,
// with the verbs of the English format in the same order; the catalog
// holds no other (stale) message.
func TestEveryMessageTranslated(t *testing.T) {
	formats := sourceFormats(t)
	cat := i18n.Bundled()
	byText := map[string]string{}
	for _, k := range i18n.Keys("en") {
		if !strings.HasPrefix(k, "siteconfig.") {
			continue
		}
		en := cat["en"][k]
		if other, dup := byText[en]; dup {
			t.Errorf("en: %s and %s both say %q: a format must have one key", other, k, en)
		}
		byText[en] = k
		if _, used := formats[en]; !used {
			t.Errorf("en: %s: %q is no message of package site (any more)", k, en)
		}
	}
	for format, at := range formats {
		key, ok := catalogKeys()[format]
		if !ok {
			t.Errorf("%s: %q has no key in locales/en/siteconfig.json (nor in nl, fr, de)", at, format)
			continue
		}
		want := verbs(format)
		for _, lang := range i18n.Languages {
			s, ok := cat[lang][key]
			if !ok || s == "" {
				t.Errorf("%s: %s: %q has no translation (%s)", at, lang, format, key)
				continue
			}
			if got := verbs(s); !slices.Equal(got, want) {
				t.Errorf("%s: %s: %s %q has the verbs %v, want %v as in %q", at, lang, key, s, got, want, format)
			}
		}
	}
}

// fieldErrors parses data and returns its problems by JSON path.
func fieldErrors(t *testing.T, data []byte) map[string]*FieldError {
	t.Helper()
	_, err := Parse("site.json", data)
	if err == nil {
		t.Fatal("no error")
	}
	out := map[string]*FieldError{}
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var fe *FieldError
		if !stderrors.As(e, &fe) {
			t.Fatalf("%v is no FieldError", e)
		}
		out[fe.Path] = fe
	}
	return out
}

// A problem says itself in the staff's language, its arguments filled in;
// in English (or a language the product does not speak) it is Msg.
func TestProblemIn(t *testing.T) {
	tree := demoTree(t)
	set(t, tree, "agency.email", "nope")
	set(t, tree, "agency.emial", "x")
	set(t, tree, "popup.delay", "ten")
	set(t, tree, "agency.geo.lat", 91)
	set(t, tree, "popup.link", "/a b")
	set(t, tree, "rentApplication.maxPersons", -1)
	errs := fieldErrors(t, encode(t, tree))

	var cond problems
	(&DisplayCondition{AdvancedCondition: "page.id greater abc"}).Check(&cond, "c1")
	(&DisplayCondition{AdvancedCondition: "(page.id equals 1"}).Check(&cond, "c2")
	(&DisplayCondition{Field: "page.name", Logic: "less", CompareWithValue: "3"}).Check(&cond, "c3")
	for _, e := range cond {
		errs[parentPath(e.Path)] = e
	}
	for _, e := range fieldErrors(t, []byte(`{"agency": }`)) {
		errs["syntax"] = e
	}
	errs["decode"] = decodeError(stderrors.New("json: a new kind of error"))

	for _, tc := range []struct{ path, en, nl, fr, de string }{
		{"agency.email", `"nope" is not an email address`,
			`"nope" is geen e-mailadres`, `"nope" n'est pas une adresse e-mail`, `"nope" ist keine E-Mail-Adresse`},
		{"agency.emial", `unknown field "emial" (did you mean "email"?)`,
			`onbekend veld "emial" (bedoelt u "email"?)`, `champ inconnu "emial" (vouliez-vous dire "email" ?)`, `unbekanntes Feld "emial" (meinten Sie "email"?)`},
		{"popup.delay", `want a whole number, got the string "ten"`,
			`moet een geheel getal zijn, maar is de tekst "ten"`, `doit être un nombre entier, mais est le texte "ten"`, `muss eine ganze Zahl sein, ist aber der Text "ten"`},
		{"agency.geo.lat", `must be between -90 and 90`,
			`moet tussen -90 en 90 liggen`, `doit être compris entre -90 et 90`, `muss zwischen -90 und 90 liegen`},
		{"popup.link", `"/a b": a path must not contain spaces`,
			`"/a b": een pad mag geen spaties bevatten`, `"/a b" : un chemin ne peut pas contenir d'espaces`, `"/a b": ein Pfad darf keine Leerzeichen enthalten`},
		{"rentApplication.maxPersons", `-1 is not a number of persons (0 to 50; 0: no maximum)`,
			`-1 is geen aantal personen (0 tot 50; 0: geen maximum)`, `-1 n'est pas un nombre de personnes (0 à 50 ; 0 : pas de maximum)`, `-1 ist keine Personenzahl (0 bis 50; 0: kein Maximum)`},
		{"c1", `at 17: unknown field "abc" to compare with`,
			`op positie 17: onbekend veld "abc" om mee te vergelijken`, `à la position 17 : champ de comparaison inconnu "abc"`, `an Position 17: unbekanntes Vergleichsfeld "abc"`},
		{"c2", `at 18: want ), got end of condition`,
			`op positie 18: verwacht: ), gevonden: einde van de voorwaarde`, `à la position 18 : attendu : ), trouvé : fin de la condition`, `an Position 18: erwartet: ), gefunden: Ende der Bedingung`},
		{"c3", `less compares numbers, and page.name is not one`,
			`less vergelijkt getallen, en page.name is geen getal`, `less compare des nombres, et page.name n'en est pas un`, `less vergleicht Zahlen, und page.name ist keine`},
		{"syntax", `invalid character '}' looking for beginning of value`,
			`ongeldig teken '}' waar een waarde moet beginnen`, `caractère '}' invalide à l'endroit où une valeur doit commencer`, `ungültiges Zeichen '}' an einer Stelle, an der ein Wert beginnen muss`},
		{"decode", `a new kind of error`,
			`fout in de JSON-tekst: a new kind of error`, `erreur dans le texte JSON : a new kind of error`, `Fehler im JSON-Text: a new kind of error`},
	} {
		e := errs[tc.path]
		if e == nil {
			t.Errorf("%s: no problem; got %v", tc.path, errs)
			continue
		}
		if e.Msg != tc.en {
			t.Errorf("%s: Msg %q, want %q", tc.path, e.Msg, tc.en)
		}
		for lang, want := range map[string]string{"nl": tc.nl, "fr": tc.fr, "de": tc.de, "en": tc.en, "es": tc.en, "": tc.en} {
			if got := e.In(lang); got != want {
				t.Errorf("%s: In(%q) = %q, want %q", tc.path, lang, got, want)
			}
		}
	}
	// Every problem of the broken file says something in every language,
	// with no verb left unfilled.
	for _, e := range errs {
		for _, lang := range i18n.Languages {
			if s := e.In(lang); s == "" || strings.Contains(s, "%!") || lang != "en" && s == e.Msg && strings.ContainsAny(e.Msg, "aeiou") {
				t.Errorf("%s: In(%q) = %q", e.Path, lang, s)
			}
		}
	}
}

// Each syntax error of encoding/json is read as one of jsonTexts, its
// details kept.
func TestJSONMessages(t *testing.T) {
	for _, tc := range []struct{ text, format string }{
		{`invalid character 'x' after object key:value pair`, "invalid character %s after object key:value pair"},
		{`invalid character 'x' after object key`, "invalid character %s after object key"},
		{`invalid character '\'' in literal true (expecting 'r')`, "invalid character %s in literal true (expecting 'r')"},
		{`invalid character 'x' `, "invalid character %s"},
		{`unexpected end of JSON input`, "unexpected end of JSON input"},
		{`unknown field "x"`, "unknown field %s"},
		{`something else`, jsonOther},
	} {
		m := jsonMessage(tc.text)
		if m.format != tc.format || m.Error() != tc.text {
			t.Errorf("%q: format %q, says %q", tc.text, m.format, m.Error())
		}
	}
}
