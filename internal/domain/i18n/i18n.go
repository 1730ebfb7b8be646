// Package i18n holds the site's translations, one JSON file per namespace and
// language under locales/<lang>/<namespace>.json. The same files are bundled
// into the React app, so Go and the browser say the same words.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"unicode/utf8"
)

// Languages the product speaks, in menu order.
var Languages = []string{"nl", "fr", "en", "de"}

//go:embed locales
var files embed.FS

// Catalog maps language → "namespace.key" → text.
type Catalog map[string]map[string]string

var bundled = mustLoad()

func mustLoad() Catalog {
	c, err := Load(files)
	if err != nil {
		panic(err)
	}
	return c
}

// Load reads locales/<lang>/<ns>.json files from fsys. Nested objects become
// dotted keys: {"price":{"from":"…"}} in ns "rules" is "rules.price.from".
func Load(fsys fs.FS) (Catalog, error) {
	c := Catalog{}
	err := fs.WalkDir(fsys, "locales", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".json" {
			return err
		}
		parts := strings.Split(p, "/")
		if len(parts) != 3 {
			return fmt.Errorf("%s: want locales/<lang>/<namespace>.json", p)
		}
		lang, ns := parts[1], strings.TrimSuffix(parts[2], ".json")
		raw, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		var tree map[string]any
		if err := json.Unmarshal(raw, &tree); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if c[lang] == nil {
			c[lang] = map[string]string{}
		}
		return flatten(c[lang], ns, tree, p)
	})
	return c, err
}

func flatten(into map[string]string, prefix string, tree map[string]any, file string) error {
	for k, v := range tree {
		key := prefix + "." + k
		switch v := v.(type) {
		case string:
			into[key] = v
		case map[string]any:
			if err := flatten(into, key, v, file); err != nil {
				return err
			}
		default:
			return fmt.Errorf("%s: %s: want a string or an object", file, key)
		}
	}
	return nil
}

// T returns the text for key in lang, falling back to fr then en, and to the
// key itself so a missing text is visible rather than blank.
func T(lang, key string) string {
	for _, l := range []string{lang, "fr", "en"} {
		if s, ok := bundled[l][key]; ok && s != "" {
			return s
		}
	}
	return key
}

// Keys lists every key of lang, sorted.
func Keys(lang string) []string {
	keys := make([]string, 0, len(bundled[lang]))
	for k := range bundled[lang] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Bundled returns the embedded catalog (read-only by convention).
func Bundled() Catalog { return bundled }

// Tf is T with i18next-style {{name}} placeholders filled from name/value pairs.
func Tf(lang, key string, pairs ...string) string {
	s := T(lang, key)
	for i := 0; i+1 < len(pairs); i += 2 {
		name, value := "{{"+pairs[i]+"}}", pairs[i+1]
		if lang == "fr" && startsWithVowel(value) {
			// French elision before an inserted name: "la newsletter
			// d'Immo Arlon", never "de Immo Arlon" (web/src/lib/i18n elideDe).
			s = strings.ReplaceAll(s, "de "+name, "d'"+value)
			s = strings.ReplaceAll(s, "De "+name, "D'"+value)
		}
		s = strings.ReplaceAll(s, name, value)
	}
	return s
}

func startsWithVowel(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r != utf8.RuneError && strings.ContainsRune("aeiouyàâäéèêëîïôöùûüAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜ", r)
}
