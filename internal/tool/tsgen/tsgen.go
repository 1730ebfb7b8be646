// Package tsgen writes TypeScript declarations for Go types as
// encoding/json marshals them, so the web app's types are generated from
// the structs Go sends rather than copied by hand. It reads the types by
// reflection: field names and omitempty/omitzero from the json tags,
// embedded structs flattened as encoding/json does, time.Time as a string,
// a nil slice, map or pointer as null. A `tstype` tag overrides a field's
// TypeScript type (a union of the strings Go sends, say). A type with its
// own JSON marshalling is refused: its shape is not its fields.
package tsgen

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"time"
)

// Generator collects named types and writes them as TypeScript interfaces.
type Generator struct {
	names map[string]reflect.Type // TypeScript name → the Go type it declares
	decls []string                // in the order the types were reached
	done  map[reflect.Type]string
}

// New returns an empty generator.
func New() *Generator {
	return &Generator{names: map[string]reflect.Type{}, done: map[reflect.Type]string{}}
}

var (
	timeType      = reflect.TypeFor[time.Time]()
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// Add declares the type of v (a value or a pointer to one) and every named
// struct type it reaches, and returns its TypeScript name.
func (g *Generator) Add(v any) (string, error) {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return g.typeOf(t)
}

// Source is every declaration, in the order the types were reached.
func (g *Generator) Source() string {
	return strings.Join(g.decls, "\n")
}

func (g *Generator) typeOf(t reflect.Type) (string, error) {
	if t == timeType {
		return "string", nil
	}
	if t.Implements(jsonMarshaler) || reflect.PointerTo(t).Implements(jsonMarshaler) ||
		t.Implements(textMarshaler) || reflect.PointerTo(t).Implements(textMarshaler) {
		return "", fmt.Errorf("%s marshals itself: its JSON shape is not its fields", t)
	}
	switch t.Kind() {
	case reflect.Bool:
		return "boolean", nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "number", nil
	case reflect.String:
		return "string", nil
	case reflect.Interface:
		return "unknown", nil
	case reflect.Pointer:
		return g.typeOf(t.Elem())
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return "string", nil // base64
		}
		elem, err := g.typeOf(t.Elem())
		if err != nil {
			return "", err
		}
		if strings.ContainsAny(elem, " |") {
			elem = "(" + elem + ")"
		}
		return elem + "[]", nil
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return "", fmt.Errorf("%s: only string map keys", t)
		}
		elem, err := g.typeOf(t.Elem())
		if err != nil {
			return "", err
		}
		return "Partial<Record<string, " + elem + ">>", nil
	case reflect.Struct:
		if t.Name() == "" {
			return g.body(t, "")
		}
		return g.named(t)
	}
	return "", fmt.Errorf("%s: no TypeScript for kind %s", t, t.Kind())
}

// named declares the struct type t once, under its Go name.
func (g *Generator) named(t reflect.Type) (string, error) {
	if name, ok := g.done[t]; ok {
		return name, nil
	}
	name := t.Name()
	if other, ok := g.names[name]; ok && other != t {
		return "", fmt.Errorf("two types named %s: %s and %s (rename one)", name, other, t)
	}
	g.names[name], g.done[t] = t, name
	i := len(g.decls)
	g.decls = append(g.decls, "") // reserved: the type comes before the types it reaches
	body, err := g.body(t, "")
	if err != nil {
		return "", err
	}
	g.decls[i] = fmt.Sprintf("/** %s.%s */\nexport interface %s %s\n", pkgName(t), name, name, body)
	return name, nil
}

func pkgName(t reflect.Type) string {
	p := t.PkgPath()
	return p[strings.LastIndexByte(p, '/')+1:]
}

// body is t's fields as an object type.
func (g *Generator) body(t reflect.Type, indent string) (string, error) {
	var b strings.Builder
	b.WriteString("{\n")
	for _, f := range fields(t) {
		ts := f.sf.Tag.Get("tstype")
		if ts == "" {
			var err error
			if ts, err = g.typeOf(f.sf.Type); err != nil {
				return "", fmt.Errorf("%s.%s: %w", t, f.sf.Name, err)
			}
		}
		optional := f.omitted()
		if !optional && nullable(f.sf.Type) {
			ts += " | null"
		}
		q := ""
		if optional {
			q = "?"
		}
		fmt.Fprintf(&b, "%s  %s%s: %s\n", indent, f.name, q, ts)
	}
	b.WriteString(indent + "}")
	return b.String(), nil
}

// nullable says a value of t may marshal as null.
func nullable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		return !(t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8)
	}
	return false
}

type field struct {
	sf              reflect.StructField
	name            string
	omitempty, zero bool
	depth           int
}

// omitted says the field can be left out of the JSON: omitempty on what
// has an empty value, or omitzero.
func (f field) omitted() bool {
	if f.zero {
		return true
	}
	if !f.omitempty {
		return false
	}
	switch f.sf.Type.Kind() {
	case reflect.Struct, reflect.Array:
		return false // omitempty never leaves out a struct
	}
	return true
}

// fields are t's JSON fields as encoding/json sees them: embedded structs
// without a name flattened, a shallower field hiding a deeper one of the
// same name, and two at the same depth hiding each other.
func fields(t reflect.Type) []field {
	var all []field
	var walk func(t reflect.Type, depth int)
	walk = func(t reflect.Type, depth int) {
		for i := range t.NumField() {
			sf := t.Field(i)
			tag := sf.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			ft := sf.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if sf.Anonymous && name == "" && ft.Kind() == reflect.Struct {
				walk(ft, depth+1)
				continue
			}
			if !sf.IsExported() {
				continue
			}
			if name == "" {
				name = sf.Name
			}
			all = append(all, field{sf: sf, name: name, depth: depth,
				omitempty: strings.Contains(","+opts+",", ",omitempty,"), zero: strings.Contains(","+opts+",", ",omitzero,")})
		}
	}
	walk(t, 0)
	best := map[string]int{} // name → shallowest depth
	count := map[[2]any]int{}
	for _, f := range all {
		if d, ok := best[f.name]; !ok || f.depth < d {
			best[f.name] = f.depth
		}
		count[[2]any{f.name, f.depth}]++
	}
	var out []field
	for _, f := range all {
		if best[f.name] == f.depth && count[[2]any{f.name, f.depth}] == 1 {
			out = append(out, f)
		}
	}
	return out
}
