package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
)

// Load reads and checks the configuration file at path; errors name path.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse decodes and checks a configuration; name is the file name the
// errors start with. Unknown fields are errors. Every problem is reported,
// each as a *FieldError with line, column and JSON path, joined.
func Parse(name string, data []byte) (*Config, error) {
	pos, shapeErrs := checkShape(data, reflect.TypeFor[Config]())
	if len(shapeErrs) > 0 && !json.Valid(data) {
		return nil, report(name, data, shapeErrs) // no document to check the rules on
	}
	var c Config
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		if len(shapeErrs) == 0 {
			// The shape check should have caught it; say what encoding/json says.
			return nil, report(name, data, []*FieldError{decodeError(err)})
		}
		if !walkedWhole(err) {
			return nil, report(name, data, shapeErrs)
		}
	}
	// The rules are checked even after a shape error, so that one run
	// reports every problem of the file.
	c.normalize()
	errs := c.check()
	for _, e := range errs {
		e.off = offsetOf(pos, e.Path)
	}
	if len(shapeErrs) > 0 {
		errs = append(shapeErrs, outside(errs, shapeErrs)...)
	}
	if len(errs) > 0 {
		return nil, report(name, data, errs)
	}
	c.sanitize()
	c.moved = indexMoved(c.Moved)
	return &c, nil
}

// walkedWhole tells whether encoding/json decoded the whole document despite
// err: it goes on after a wrong type or an unknown field (and returns the
// first), but stops at an error of a custom decoder.
func walkedWhole(err error) bool {
	var typ *json.UnmarshalTypeError
	return errors.As(err, &typ) || strings.HasPrefix(err.Error(), "json: unknown field ")
}

// outside drops the rule errors about a value whose shape was wrong (the
// value, one inside it or one holding it): that value was not decoded, so
// what the rules say of it only repeats the shape error.
func outside(rules, shape []*FieldError) []*FieldError {
	var out []*FieldError
	for _, r := range rules {
		related := false
		for _, s := range shape {
			if within(r.Path, s.Path) || within(s.Path, r.Path) && r.Path != "" {
				related = true
				break
			}
		}
		if !related {
			out = append(out, r)
		}
	}
	return out
}

// within tells whether path is base or a value inside it.
func within(path, base string) bool {
	return path == base || base == "" ||
		strings.HasPrefix(path, base) && (path[len(base)] == '.' || path[len(base)] == '[')
}

// Validate checks the rules of the configuration (see validate.go) and
// returns every problem found, joined, or nil.
func (c *Config) Validate() error {
	return report("", nil, c.check())
}

// normalize lowers the language codes and sets the parent of the pages
// nested in childMenus.
func (c *Config) normalize() {
	c.Languages.Default = strings.ToLower(c.Languages.Default)
	for i := range c.Languages.Use {
		c.Languages.Use[i].Code = strings.ToLower(c.Languages.Use[i].Code)
	}
	var adopt func(parent *Page)
	adopt = func(parent *Page) {
		for i := range parent.ChildMenus {
			child := &parent.ChildMenus[i]
			if child.ParentID == 0 {
				child.ParentID = parent.ID
			}
			adopt(child)
		}
	}
	for i := range c.Pages {
		adopt(&c.Pages[i])
	}
}

// offsetOf is the offset of the value at path, or of its nearest ancestor
// present in the file.
func offsetOf(pos map[string]int, path string) int {
	for {
		if off, ok := pos[path]; ok {
			return off
		}
		if path == "" {
			return -1
		}
		path = parentPath(path)
	}
}

func decodeError(err error) *FieldError {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var p problems
	switch {
	case errors.As(err, &syn):
		p.addMsgAt(int(syn.Offset), "", jsonMessage(syn.Error()))
	case errors.As(err, &typ):
		p.addAt(int(typ.Offset), typ.Field, "want %s, got %s", typ.Type.String(), typ.Value)
	default:
		p.addMsgAt(-1, "", jsonMessage(strings.TrimPrefix(err.Error(), "json: ")))
	}
	return p[0]
}
