package agency

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"

	"immo/internal/domain/i18n"
	"immo/internal/domain/site"
)

// SiteChange is one part of the site a version changes, as the editor sums it
// up before a publish and the history shows it: a section of the file
// (its top-level key), the item of the section's list (a page by its
// name; "" for the section itself), what happened to the item, the fields
// changed and the languages of the texts changed.
type SiteChange struct {
	Section string   `json:"section"`
	Item    string   `json:"item"`
	What    string   `json:"what"` // ChangeEdited, ChangeAdded, ChangeRemoved
	Fields  []string `json:"fields"`
	Langs   []string `json:"langs"`
}

// What happened to an item.
const (
	ChangeEdited  = "edited"
	ChangeAdded   = "added"
	ChangeRemoved = "removed"
)

// maxChangedFields bounds the fields a change names: more say "and more".
const maxChangedFields = 8

// Changes sums up what after changes of before, two configurations in a
// file's format, section by section in the file's order. A configuration
// that is no JSON counts as empty.
func Changes(before, after []byte) []SiteChange {
	var a, b map[string]any
	_ = json.Unmarshal(before, &a)
	_ = json.Unmarshal(after, &b)
	var out []SiteChange
	for _, section := range sections(a, b) {
		x, y := a[section], b[section]
		if reflect.DeepEqual(x, y) {
			continue
		}
		xs, xok := x.([]any)
		ys, yok := y.([]any)
		if !xok || !yok {
			c := SiteChange{Section: section, What: ChangeEdited}
			diff(&c, "", x, y)
			out = append(out, c.sorted())
			continue
		}
		for i := range max(len(xs), len(ys)) {
			c := SiteChange{Section: section, What: ChangeEdited}
			switch {
			case i >= len(xs):
				c.What, c.Item = ChangeAdded, label(ys[i], i)
			case i >= len(ys):
				c.What, c.Item = ChangeRemoved, label(xs[i], i)
			case reflect.DeepEqual(xs[i], ys[i]):
				continue
			default:
				c.Item = label(ys[i], i)
				diff(&c, "", xs[i], ys[i])
			}
			out = append(out, c.sorted())
		}
	}
	return out
}

// sections are the top-level keys of a and b: Config's in its order, then any other.
func sections(a, b map[string]any) []string {
	var keys []string
	for _, f := range site.ConfigSchema().Types["Config"] {
		_, inA := a[f.Key]
		_, inB := b[f.Key]
		if inA || inB {
			keys = append(keys, f.Key)
		}
	}
	var rest []string
	for _, m := range []map[string]any{a, b} {
		for k := range m {
			if !slices.Contains(keys, k) && !slices.Contains(rest, k) {
				rest = append(rest, k)
			}
		}
	}
	sort.Strings(rest)
	return append(keys, rest...)
}

// label names an item of a section's list: its name, title or path, else its place.
func label(item any, i int) string {
	m, _ := item.(map[string]any)
	for _, k := range []string{"name", "id", "path", "code"} {
		if s, ok := m[k].(string); ok && s != "" {
			return s
		}
	}
	if params, ok := m["params"].(map[string]any); ok {
		m = params
	}
	for _, k := range []string{"title", "label"} {
		if t, ok := m[k].(map[string]any); ok {
			for _, lang := range i18n.Languages {
				if s, ok := t[lang].(string); ok && s != "" {
					return s
				}
			}
		}
	}
	return fmt.Sprintf("#%d", i+1)
}

// diff adds to c what differs between x and y, field being the key they
// stand under (the nearest that is no language).
func diff(c *SiteChange, field string, x, y any) {
	xm, xok := x.(map[string]any)
	ym, yok := y.(map[string]any)
	if xok && yok {
		keys := make([]string, 0, len(xm)+len(ym))
		for k := range xm {
			keys = append(keys, k)
		}
		for k := range ym {
			if _, ok := xm[k]; !ok {
				keys = append(keys, k)
			}
		}
		for _, k := range keys {
			if reflect.DeepEqual(xm[k], ym[k]) {
				continue
			}
			if slices.Contains(i18n.Languages, k) {
				c.lang(k)
				c.field(field)
				continue
			}
			diff(c, k, xm[k], ym[k])
		}
		return
	}
	xs, xok := x.([]any)
	ys, yok := y.([]any)
	if xok && yok && len(xs) == len(ys) {
		for i := range xs {
			if !reflect.DeepEqual(xs[i], ys[i]) {
				diff(c, field, xs[i], ys[i])
			}
		}
		return
	}
	c.field(field)
}

func (c *SiteChange) field(f string) {
	if f != "" && !slices.Contains(c.Fields, f) {
		c.Fields = append(c.Fields, f)
	}
}

func (c *SiteChange) lang(l string) {
	if !slices.Contains(c.Langs, l) {
		c.Langs = append(c.Langs, l)
	}
}

// sorted orders the languages as the product does, bounds the fields and
// makes empty lists empty (never null) for the inbox.
func (c SiteChange) sorted() SiteChange {
	langs := []string{}
	for _, l := range i18n.Languages {
		if slices.Contains(c.Langs, l) {
			langs = append(langs, l)
		}
	}
	c.Langs = langs
	sort.Strings(c.Fields)
	if len(c.Fields) > maxChangedFields {
		c.Fields = append(c.Fields[:maxChangedFields:maxChangedFields], "…")
	}
	if c.Fields == nil {
		c.Fields = []string{}
	}
	return c
}
