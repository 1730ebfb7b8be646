package site

import (
	"fmt"
	"strings"
	"sync"

	"immo/internal/domain/i18n"
)

// The problems' messages are English, made of a format and its arguments
// (problems.add, msgf, errorf). The format is kept with the arguments so
// that FieldError.In can say the message in the staff's language: the
// namespace "siteconfig" of the translations (internal/domain/i18n/
// locales/<lang>/siteconfig.json) maps a short key to each format, the
// English file giving the format itself, the others its translation with
// the same verbs in the same order. An argument that is a message too (a
// phrase such as "an object", an error of the condition parser) is said in
// the same language. problems_test.go fails when a format has no
// translation.

// message is an English message kept as its format and arguments.
type message struct {
	format string
	args   []any
}

// msgf is the message format says of args.
func msgf(format string, args ...any) *message { return &message{format: format, args: args} }

// errorf is msgf as an error, for the functions whose errors become
// problems (the condition parser, checkArea).
func errorf(format string, args ...any) error { return msgf(format, args...) }

func (m *message) Error() string { return fmt.Sprintf(m.format, m.args...) }

// in says m in lang, English when its format has no translation.
func (m *message) in(lang string) string {
	format := m.format
	if key, ok := catalogKeys()[m.format]; ok {
		if s := i18n.Bundled()[lang][key]; s != "" {
			format = s
		}
	}
	args := make([]any, len(m.args))
	for i, a := range m.args {
		switch a := a.(type) {
		case *message:
			args[i] = a.in(lang)
		default:
			args[i] = a
		}
	}
	return fmt.Sprintf(format, args...)
}

// catalogKeys maps each English format to its key ("siteconfig.…").
var catalogKeys = sync.OnceValue(func() map[string]string {
	keys := map[string]string{}
	for k, s := range i18n.Bundled()["en"] {
		if strings.HasPrefix(k, "siteconfig.") {
			keys[s] = k
		}
	}
	return keys
})

// In returns the problem's message in lang ("nl", "fr", "en", "de";
// anything else: English). Msg is the English one.
func (e *FieldError) In(lang string) string {
	if e.msg == nil || lang == "en" {
		return e.Msg
	}
	switch lang {
	case "nl", "fr", "de":
		return e.msg.in(lang)
	}
	return e.Msg
}

// addMsg adds the problem m at path.
func (p *problems) addMsg(path string, m *message) { p.addMsgAt(-1, path, m) }

// addMsgAt adds the problem m at path and offset off.
func (p *problems) addMsgAt(off int, path string, m *message) {
	if len(*p) >= MaxProblems {
		return
	}
	*p = append(*p, &FieldError{Path: path, Msg: m.Error(), msg: m, off: off})
}

// MaxProblems bounds the problems one check reports: a file with more is
// told its first ones (the editor shows them at their fields; fixed, the
// next come), and its check stays as cheap as a good file's.
const MaxProblems = 200

// addErr adds err, made by errorf, at path; another error is said as it is,
// in English.
func (p *problems) addErr(path string, err error) {
	if m, ok := err.(*message); ok {
		p.addMsg(path, m)
		return
	}
	*p = append(*p, &FieldError{Path: path, Msg: err.Error(), off: -1})
}

// The errors of encoding/json (syntax errors, the decoder's other errors):
// the fixed part of each is translated, the details (a character, a field
// name, Go types) kept. Each of jsonTexts has at most one %s, which matches
// any text; a message none matches is said as "%s" of jsonOther.
var jsonTexts = []*message{
	msgf("invalid character %s looking for beginning of value"),
	msgf("invalid character %s looking for beginning of object key string"),
	msgf("invalid character %s after object key"),
	msgf("invalid character %s after object key:value pair"),
	msgf("invalid character %s after array element"),
	msgf("invalid character %s after top-level value"),
	msgf("invalid character %s in string literal"),
	msgf("invalid character %s in string escape code"),
	msgf("invalid character %s in \\u hexadecimal character escape"),
	msgf("invalid character %s in numeric literal"),
	msgf("invalid character %s after decimal point in numeric literal"),
	msgf("invalid character %s in exponent of numeric literal"),
	msgf("invalid character %s in literal true (expecting 'r')"),
	msgf("invalid character %s in literal true (expecting 'u')"),
	msgf("invalid character %s in literal true (expecting 'e')"),
	msgf("invalid character %s in literal false (expecting 'a')"),
	msgf("invalid character %s in literal false (expecting 'l')"),
	msgf("invalid character %s in literal false (expecting 's')"),
	msgf("invalid character %s in literal false (expecting 'e')"),
	msgf("invalid character %s in literal null (expecting 'u')"),
	msgf("invalid character %s in literal null (expecting 'l')"),
	msgf("invalid character %s exceeded max depth"),
	msgf("invalid character %s"),
	msgf("unexpected end of JSON input"),
	msgf("unexpected end of file"),
	msgf("expected comma after array element"),
	msgf("expected colon after object key"),
	msgf("not at beginning of value"),
	msgf("unknown field %s"),
}

// jsonOther is a message of encoding/json none of jsonTexts matches.
const jsonOther = "%s"

// jsonMessage is the message of encoding/json's text (without "json: ").
func jsonMessage(text string) *message {
	for _, m := range jsonTexts {
		before, after, verb := strings.Cut(m.format, "%s")
		switch {
		case !verb && text == m.format:
			return m
		case verb && len(text) > len(before)+len(after) && strings.HasPrefix(text, before) && strings.HasSuffix(text, after):
			return msgf(m.format, text[len(before):len(text)-len(after)])
		}
	}
	return msgf(jsonOther, text)
}
