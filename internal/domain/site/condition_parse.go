package site

import (
	"fmt"
	"strings"
	"unicode"
)

// The advanced condition language, parsed by hand (the grammar is small and
// its errors should name the position):
//
//	expr       = and { "or" and }
//	and        = unary { "and" unary }
//	unary      = "not" unary | "(" expr ")" | comparison
//	comparison = field operator [ operand ]      (isEmpty, isNotEmpty: none)
//	operand    = "text" | 'text' | number | field
//
// Words (and, or, not, operators) are case-sensitive as written here; a
// field is one of ConditionFields; an operand that is a bare word names a
// field compared with. At most MaxConditionLength bytes and maxDepth nested
// parentheses or nots.

const maxDepth = 20

type token struct {
	kind string // "word", "text", "(", ")", "end"
	val  string
	pos  int // byte offset, for messages
}

func parseCondition(src string) (expr, error) {
	if len(src) > MaxConditionLength {
		return nil, errorf("longer than %d characters", MaxConditionLength)
	}
	toks, err := tokenize(src)
	if err != nil {
		return nil, err
	}
	p := &condParser{toks: toks}
	e, err := p.or(0)
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != "end" {
		return nil, errorf("at %d: unexpected %s", t.pos+1, t.show())
	}
	return e, nil
}

// show names t in a message: a *message or a quoted text.
func (t token) show() any {
	switch t.kind {
	case "end":
		return msgf("end of condition")
	case "text":
		return fmt.Sprintf("%q", t.val)
	}
	return fmt.Sprintf("%q", t.val)
}

func tokenize(src string) ([]token, error) {
	var out []token
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '(' || c == ')':
			out = append(out, token{kind: string(c), val: string(c), pos: i})
			i++
		case c == '"' || c == '\'':
			end := strings.IndexByte(src[i+1:], c)
			if end < 0 {
				return nil, errorf("at %d: text not closed by %c", i+1, c)
			}
			out = append(out, token{kind: "text", val: src[i+1 : i+1+end], pos: i})
			i += end + 2
		default:
			start := i
			for i < len(src) && isWordByte(src[i]) {
				i++
			}
			if i == start {
				return nil, errorf("at %d: unexpected character %q", i+1, rune(c))
			}
			out = append(out, token{kind: "word", val: src[start:i], pos: start})
		}
	}
	return append(out, token{kind: "end", pos: len(src)}), nil
}

func isWordByte(c byte) bool {
	return c < unicode.MaxASCII && (unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c))) ||
		c == '.' || c == '_' || c == '-' || c == '+'
}

type condParser struct {
	toks []token
	i    int
}

func (p *condParser) peek() token { return p.toks[p.i] }
func (p *condParser) next() token { t := p.toks[p.i]; p.i++; return t }

func (p *condParser) isWord(w string) bool {
	t := p.peek()
	return t.kind == "word" && t.val == w
}

func (p *condParser) or(depth int) (expr, error) {
	return p.chain(depth, "or", p.and, func(a, b expr) expr { return orExpr{a, b} })
}

func (p *condParser) and(depth int) (expr, error) {
	return p.chain(depth, "and", p.unary, func(a, b expr) expr { return andExpr{a, b} })
}

// chain parses operands joined by the word op, grouped from the left.
func (p *condParser) chain(depth int, op string, operand func(depth int) (expr, error), join func(a, b expr) expr) (expr, error) {
	a, err := operand(depth)
	for err == nil && p.isWord(op) {
		p.next()
		var b expr
		if b, err = operand(depth); err == nil {
			a = join(a, b)
		}
	}
	return a, err
}

func (p *condParser) unary(depth int) (expr, error) {
	if depth > maxDepth {
		return nil, errorf("at %d: nested deeper than %d", p.peek().pos+1, maxDepth)
	}
	switch t := p.peek(); {
	case p.isWord("not"):
		p.next()
		x, err := p.unary(depth + 1)
		return notExpr{x}, err
	case t.kind == "(":
		p.next()
		x, err := p.or(depth + 1)
		if err != nil {
			return nil, err
		}
		if c := p.next(); c.kind != ")" {
			return nil, errorf("at %d: want ), got %s", c.pos+1, c.show())
		}
		return x, nil
	}
	return p.comparison()
}

func (p *condParser) comparison() (expr, error) {
	f := p.next()
	if f.kind != "word" {
		return nil, errorf("at %d: want a field, got %s", f.pos+1, f.show())
	}
	if _, ok := ConditionFields[f.val]; !ok {
		return nil, errorf("at %d: unknown field %q (known: %s)", f.pos+1, f.val, strings.Join(sortedKeys(ConditionFields), ", "))
	}
	op := p.next()
	if _, ok := operators[op.val]; op.kind != "word" || !ok {
		return nil, errorf("at %d: want an operator (%s), got %s", op.pos+1, strings.Join(Operators(), ", "), op.show())
	}
	c := &comparison{field: f.val, op: op.val}
	if !unary[op.val] {
		v := p.next()
		switch {
		case v.kind == "text":
			c.value = v.val
		case v.kind == "word" && isNumber(v.val):
			c.value = v.val
		case v.kind == "word":
			c.other = v.val
		default:
			return nil, errorf("at %d: %s needs an operand, got %s", v.pos+1, op.val, v.show())
		}
		if err := c.check(); err != nil {
			return nil, errorf("at %d: %v", v.pos+1, err)
		}
	}
	return c, nil
}

func isNumber(s string) bool {
	s = strings.TrimLeft(s, "+-")
	return s != "" && strings.Trim(s, "0123456789.") == ""
}
