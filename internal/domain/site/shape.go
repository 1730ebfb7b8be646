package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// The shape check walks the JSON tokens alongside the Go types before
// decoding. encoding/json stops at the first unknown field and names neither
// its place nor its path; this walk reports every unknown or repeated field,
// wrong type, unknown language key and syntax error with its JSON path and
// byte offset, and records the offset of every value so that validation
// errors can give a line too.

var (
	videoType     = reflect.TypeFor[Video]()
	langKeyedType = reflect.TypeFor[interface{ langKeyed() }]()
)

type shape struct {
	data []byte
	dec  *json.Decoder
	pos  map[string]int // JSON path → offset of its value
	errs problems
}

// checkShape returns the offset of every value by JSON path and the
// problems found.
func checkShape(data []byte, t reflect.Type) (map[string]int, problems) {
	s := &shape{data: data, dec: json.NewDecoder(bytes.NewReader(data)), pos: map[string]int{}}
	s.dec.UseNumber()
	if s.value(t, "") {
		off := s.start()
		if _, err := s.dec.Token(); err != io.EOF {
			s.errs.addAt(off, "", "unexpected data after the top-level object")
		}
	}
	return s.pos, s.errs
}

// start is the offset where the next token begins.
func (s *shape) start() int {
	off := int(s.dec.InputOffset())
	for off < len(s.data) && strings.IndexByte(" \t\r\n,:", s.data[off]) >= 0 {
		off++
	}
	return off
}

// token reads the next token; on a syntax error it records it and reports
// false, which ends the walk.
func (s *shape) token(path string) (json.Token, bool) {
	off := s.start()
	tok, err := s.dec.Token()
	if err == nil {
		return tok, true
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &syn):
		off = int(syn.Offset)
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		off, msg = len(s.data), "unexpected end of file"
	}
	s.errs.addMsgAt(off, path, jsonMessage(msg))
	return nil, false
}

// value checks one value against t. It reports false after a syntax error.
func (s *shape) value(t reflect.Type, path string) bool {
	off := s.start()
	s.pos[path] = off
	tok, ok := s.token(path)
	if !ok {
		return false
	}
	if tok == nil { // null leaves the zero value
		return true
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == videoType {
		if _, isString := tok.(string); isString {
			return true
		}
		t = reflect.TypeFor[videoObject]()
	}
	var want *message
	switch t.Kind() {
	case reflect.Struct:
		if tok == json.Delim('{') {
			return s.object(t, path)
		}
		want = msgf("an object")
	case reflect.Map:
		if tok == json.Delim('{') {
			return s.mapping(t, path)
		}
		want = msgf("an object")
	case reflect.Slice, reflect.Array:
		if tok == json.Delim('[') {
			return s.array(t.Elem(), path)
		}
		want = msgf("an array")
	case reflect.String:
		if _, ok := tok.(string); ok {
			return true
		}
		want = msgf("a string")
	case reflect.Bool:
		if _, ok := tok.(bool); ok {
			return true
		}
		want = msgf("true or false")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if n, ok := tok.(json.Number); ok {
			if _, err := strconv.ParseInt(string(n), 10, t.Bits()); err == nil {
				return true
			}
		}
		want = msgf("a whole number")
	case reflect.Float32, reflect.Float64:
		if _, ok := tok.(json.Number); ok {
			return true
		}
		want = msgf("a number")
	default:
		return s.skip(tok, path)
	}
	s.errs.addAt(off, path, "want %s, got %s", want, describe(tok))
	return s.skip(tok, path)
}

func (s *shape) object(t reflect.Type, path string) bool {
	fields := jsonFields(t)
	seen := map[string]bool{}
	return s.members(path, func(off int, key, p string) bool {
		if seen[key] {
			s.errs.addAt(off, p, "field %q given twice", key)
		}
		seen[key] = true
		ft, known := fields[key]
		if !known {
			if near := suggest(key, fields); near != "" {
				s.errs.addAt(off, p, "unknown field %q (did you mean %q?)", key, near)
			} else {
				s.errs.addAt(off, p, "unknown field %q", key)
			}
			ft = reflect.TypeFor[any]()
		}
		return s.value(ft, p)
	})
}

func (s *shape) mapping(t reflect.Type, path string) bool {
	langs := t.Implements(langKeyedType)
	seen := map[string]bool{}
	return s.members(path, func(off int, key, p string) bool {
		lower := strings.ToLower(key)
		if langs {
			switch {
			case !knownLanguage(lower):
				s.errs.addAt(off, p, "unknown language %q (want nl, fr, en or de)", key)
			case seen[lower]:
				s.errs.addAt(off, p, "language %q given twice (keys ignore case)", lower)
			}
			seen[lower] = true
		}
		if !s.value(t.Elem(), p) {
			return false
		}
		if langs && lower != key { // validation names the lowered key
			s.pos[joinPath(path, lower)] = s.pos[p]
		}
		return true
	})
}

// members walks an object's members after its '{', to its '}': member is
// given each key's offset, the key and its JSON path, and checks the value
// that follows. Both report false after a syntax error.
func (s *shape) members(path string, member func(off int, key, p string) bool) bool {
	for s.dec.More() {
		off := s.start()
		tok, ok := s.token(path)
		if !ok {
			return false
		}
		key := tok.(string)
		if !member(off, key, joinPath(path, key)) {
			return false
		}
	}
	_, ok := s.token(path) // '}'
	return ok
}

func (s *shape) array(elem reflect.Type, path string) bool {
	for i := 0; s.dec.More(); i++ {
		if !s.value(elem, fmt.Sprintf("%s[%d]", path, i)) {
			return false
		}
	}
	_, ok := s.token(path) // ']'
	return ok
}

// skip passes over the rest of a value whose first token is tok.
func (s *shape) skip(tok json.Token, path string) bool {
	if tok != json.Delim('{') && tok != json.Delim('[') {
		return true
	}
	for depth := 1; depth > 0; {
		tok, ok := s.token(path)
		if !ok {
			return false
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return true
}

// jsonFields maps the JSON names of a struct's fields to their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for f := range t.Fields() {
		tag := f.Tag.Get("json")
		if !f.IsExported() || tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

// suggest names the known field closest to a misspelt key, if any is close
// (at most two edits away, or one name starting with the other), else "".
func suggest(key string, fields map[string]reflect.Type) string {
	best, bestDist := "", 3
	k := strings.ToLower(key)
	for name := range fields {
		n := strings.ToLower(name)
		d := distance(k, n)
		if len(k) >= 3 && (strings.HasPrefix(n, k) || strings.HasPrefix(k, n)) {
			d = min(d, 2) // "mime" for "mimetype"
		}
		if d < bestDist || d == bestDist && name < best {
			best, bestDist = name, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// describe names the value whose first token is tok: a *message, or the
// word true or false.
func describe(tok json.Token) any {
	switch v := tok.(type) {
	case json.Delim:
		if v == '{' {
			return msgf("an object")
		}
		return msgf("an array")
	case string:
		return msgf("the string %q", v)
	case json.Number:
		return msgf("the number %s", string(v))
	case bool:
		return strconv.FormatBool(v)
	}
	return fmt.Sprint(tok)
}

// joinPath appends an object key to a JSON path; keys that are not plain
// words are quoted in brackets.
func joinPath(path, key string) string {
	plain := key != ""
	for _, r := range key {
		if !(r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			plain = false
		}
	}
	switch {
	case !plain:
		return path + "[" + strconv.Quote(key) + "]"
	case path == "":
		return key
	}
	return path + "." + key
}
