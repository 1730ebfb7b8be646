package site

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// FieldError is one problem of the configuration file: where it is (file,
// line and column when known, JSON path such as
// "pages[2].params.modules[0].relations[0].type") and what is wrong. Parse
// and Validate return them joined with errors.Join; use errors.As or the
// Unwrap() []error of the result to get each.
type FieldError struct {
	File   string
	Line   int // 1-based; 0 when unknown
	Column int // 1-based, in bytes
	Path   string
	Msg    string // in English; In says it in another language

	msg *message // Msg's format and arguments, for In; nil: Msg only
	off int      // byte offset in the file, -1 when unknown
}

func (e *FieldError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d:%d", e.Line, e.Column)
		}
		b.WriteString(": ")
	}
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// problems collects FieldErrors while checking.
type problems []*FieldError

func (p *problems) add(path, format string, args ...any) {
	p.addAt(-1, path, format, args...)
}

func (p *problems) addAt(off int, path, format string, args ...any) {
	p.addMsgAt(off, path, msgf(format, args...))
}

// report names the file in each problem, turns offsets into line and
// column, orders them as they stand in the file, drops repeats and joins
// them. It returns nil when there is none.
func report(file string, data []byte, list []*FieldError) error {
	slices.SortStableFunc(list, func(a, b *FieldError) int { return a.off - b.off })
	// One walk through the file for all of them, in order: many problems
	// in a large file cost the file's length, not the product.
	line, lineStart, at := 1, 0, 0
	for _, e := range list {
		e.File = file
		if e.off >= 0 && e.off <= len(data) {
			for ; at < e.off; at++ {
				if data[at] == '\n' {
					line, lineStart = line+1, at+1
				}
			}
			e.Line, e.Column = line, e.off-lineStart+1
		}
	}
	var errs []error
	seen := map[string]bool{}
	for _, e := range list {
		if k := e.Path + "\x00" + e.Msg; !seen[k] {
			seen[k] = true
			errs = append(errs, e)
		}
	}
	return errors.Join(errs...)
}

// parentPath is the JSON path of the value holding path's value:
// "a.b[2]" → "a.b" → "a" → "".
func parentPath(path string) string {
	i := strings.LastIndexByte(path, '.')
	if strings.HasSuffix(path, "]") {
		i = strings.LastIndexByte(path, '[')
	}
	if i < 0 {
		return ""
	}
	return path[:i]
}
