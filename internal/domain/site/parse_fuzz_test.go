package site

import (
	"encoding/json"
	"errors"
	"testing"

	"immo/internal/adapter/demo"
)

// FuzzParse: any file parses without panicking into either a configuration
// its own rules accept or errors that are each a *FieldError with a place.
func FuzzParse(f *testing.F) {
	// The demo agency cut down to a page at a time, without its legal texts:
	// the fuzzer mutates and minimises small inputs much faster than the
	// whole 66 KB file (TestDemoValidates parses that one).
	var tree map[string]any
	if err := json.Unmarshal(demo.SiteJSON(), &tree); err != nil {
		f.Fatal(err)
	}
	delete(tree, "legal")
	for _, page := range tree["pages"].([]any) {
		tree["pages"] = []any{page}
		b, err := json.Marshal(tree)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{
		``, `{}`, `[]`, `{"agency": 1}`, `{"agency": {"name": "Immo",}}`, `{"agency": {"name": "Immo"`,
		"{\n  \"agency\": {\n    \"nmae\": \"Immo\",\n    \"geo\": {\"lat\": \"north\"}\n  },\n  \"pages\": [{\"id\": 1.5}]\n}\n",
		`{"languages": {"use": {"fr": true}}}`, `{"pages": [{"id": 1, "childMenus": [{"id": 2, "childMenus": [{}]}]}]}`,
		`{"header": {"menuPosition": "middle"}} {}`,
	} {
		f.Add([]byte(s))
	}

	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("site.json", data)
		if err == nil {
			if c == nil {
				t.Fatal("Parse: no configuration and no error")
			}
			if err := c.Validate(); err != nil {
				t.Fatalf("Parse accepted a configuration its rules refuse: %v", err)
			}
			return
		}
		if c != nil {
			t.Fatal("Parse: a configuration along with an error")
		}
		list, ok := err.(interface{ Unwrap() []error })
		if !ok {
			t.Fatalf("Parse error %T %v: not joined FieldErrors", err, err)
		}
		for _, e := range list.Unwrap() {
			var fe *FieldError
			if !errors.As(e, &fe) || fe.File != "site.json" || fe.Line < 0 || fe.Column < 0 || fe.Msg == "" {
				t.Fatalf("Parse error %#v", e)
			}
		}
	})
}
