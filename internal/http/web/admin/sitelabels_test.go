package admin

import (
	"sort"
	"strings"
	"testing"

	"immo/internal/domain/i18n"
	"immo/internal/domain/site"
)

// The site editor draws its forms from site.ConfigSchema(): every field key,
// every section (Config's keys) and every type needs a label in each
// language (siteeditor.json), and a hint may only name a type and a key the
// schema has. A field added to site.Config without its labels fails here,
// not in front of the staff as a raw key. Existence is checked per language
// (i18n.Keys): i18n.T would fall back to French or English and hide a gap.
func TestSiteEditorLabels(t *testing.T) {
	schema := site.ConfigSchema()
	fieldKeys := map[string]bool{}
	for _, fields := range schema.Types {
		for _, f := range fields {
			fieldKeys[f.Key] = true
		}
	}
	var want []string
	for k := range fieldKeys {
		want = append(want, "siteeditor.field."+k)
	}
	for _, f := range schema.Types[schema.Root] {
		want = append(want, "siteeditor.section."+f.Key)
	}
	for name := range schema.Types {
		want = append(want, "siteeditor.type."+name)
	}
	sort.Strings(want)
	if len(schema.Types[schema.Root]) == 0 || len(fieldKeys) == 0 {
		t.Fatalf("empty schema: root %q, %d types", schema.Root, len(schema.Types))
	}

	for _, lang := range i18n.Languages {
		have := map[string]bool{}
		for _, k := range i18n.Keys(lang) {
			if strings.HasPrefix(k, "siteeditor.") && strings.TrimSpace(i18n.Bundled()[lang][k]) != "" {
				have[k] = true
			}
		}
		for _, k := range want {
			if !have[k] {
				t.Errorf("%s: %s missing (internal/domain/i18n/locales/%s/siteeditor.json)", lang, k, lang)
			}
		}
		hints := 0
		for k := range have {
			rest, ok := strings.CutPrefix(k, "siteeditor.hint.")
			if !ok {
				continue
			}
			hints++
			typ, key, _ := strings.Cut(rest, ".")
			fields, known := schema.Types[typ]
			switch {
			case !known:
				t.Errorf("%s: %s: the schema has no type %q", lang, k, typ)
			case !hasKey(fields, key):
				t.Errorf("%s: %s: type %s has no field %q", lang, k, typ, key)
			}
		}
		if hints < 30 {
			t.Errorf("%s: %d hints, want at least 30", lang, hints)
		}
	}
}

func hasKey(fields []site.SchemaField, key string) bool {
	for _, f := range fields {
		if f.Key == key {
			return true
		}
	}
	return false
}
