package site

import (
	"fmt"
	"strconv"
	"strings"
)

// Condition fields: what the server knows of the page being served. No
// date or time: a page is cached per URL and catalog version, so a
// condition on the day would keep serving yesterday's answer.
const (
	FieldLanguage  = "language"   // the page's language: nl, fr, en, de
	FieldPageID    = "page.id"    // the page's id (the home page's for /)
	FieldPageName  = "page.name"  // the page's name
	FieldPagePath  = "page.path"  // the page's original path, e.g. /for-sale/
	FieldCountSale = "count.sale" // available properties for sale
	FieldCountRent = "count.rent" // available properties for rent
)

// ConditionFields lists the fields a condition may read, the numeric ones
// marked true.
var ConditionFields = map[string]bool{
	FieldLanguage: false, FieldPageID: true, FieldPageName: false, FieldPagePath: false,
	FieldCountSale: true, FieldCountRent: true,
}

// ConditionEnv holds a page's values of the condition fields.
type ConditionEnv map[string]string

// Operators of a comparison. Text comparisons ignore case; the numeric
// ones need numbers on both sides (else the condition errs); in and notIn
// take a comma-separated list; isEmpty and isNotEmpty take no operand.
var operators = map[string]func(a, b string) (bool, error){
	"equals":         func(a, b string) (bool, error) { return strings.EqualFold(a, b), nil },
	"notEquals":      func(a, b string) (bool, error) { return !strings.EqualFold(a, b), nil },
	"contains":       func(a, b string) (bool, error) { return strings.Contains(lower(a), lower(b)), nil },
	"notContains":    func(a, b string) (bool, error) { return !strings.Contains(lower(a), lower(b)), nil },
	"startsWith":     func(a, b string) (bool, error) { return strings.HasPrefix(lower(a), lower(b)), nil },
	"endsWith":       func(a, b string) (bool, error) { return strings.HasSuffix(lower(a), lower(b)), nil },
	"greater":        numeric(func(x, y float64) bool { return x > y }),
	"greaterOrEqual": numeric(func(x, y float64) bool { return x >= y }),
	"less":           numeric(func(x, y float64) bool { return x < y }),
	"lessOrEqual":    numeric(func(x, y float64) bool { return x <= y }),
	"isEmpty":        func(a, _ string) (bool, error) { return strings.TrimSpace(a) == "", nil },
	"isNotEmpty":     func(a, _ string) (bool, error) { return strings.TrimSpace(a) != "", nil },
	"in":             func(a, b string) (bool, error) { return inList(a, b), nil },
	"notIn":          func(a, b string) (bool, error) { return !inList(a, b), nil },
}

// unary operators take no operand; numericOps need numbers.
var (
	unary      = map[string]bool{"isEmpty": true, "isNotEmpty": true}
	numericOps = map[string]bool{"greater": true, "greaterOrEqual": true, "less": true, "lessOrEqual": true}
)

// Operators lists the operator names, for messages and documentation.
func Operators() []string { return sortedKeys(operators) }

// MaxConditionLength bounds an advanced condition, so its parser's work is
// bounded too.
const MaxConditionLength = 500

// Empty tells whether the condition says nothing (the item always shows).
func (d *DisplayCondition) Empty() bool {
	return d == nil || d.Field == "" && d.Logic == "" && d.CompareWithField == "" && d.CompareWithValue == "" &&
		strings.TrimSpace(d.AdvancedCondition) == ""
}

// Holds evaluates the condition on env. A nil or empty condition holds.
// An error (a number expected, a field without a value) means the item is
// hidden; the caller logs it.
func (d *DisplayCondition) Holds(env ConditionEnv) (bool, error) {
	if d.Empty() {
		return true, nil
	}
	if d.Field != "" || d.Logic != "" || d.CompareWithField != "" || d.CompareWithValue != "" {
		c, err := d.simple()
		if err != nil {
			return false, err
		}
		if ok, err := c.eval(env); !ok || err != nil {
			return false, err
		}
	}
	if strings.TrimSpace(d.AdvancedCondition) == "" {
		return true, nil
	}
	e, err := parseCondition(d.AdvancedCondition)
	if err != nil {
		return false, err
	}
	return e.eval(env)
}

// Check reports what is wrong with the condition at path (a field or
// operator unknown, an operand missing or not a number, an expression that
// does not parse).
func (d *DisplayCondition) Check(p *problems, path string) {
	if d.Empty() {
		return
	}
	if d.Field != "" || d.Logic != "" || d.CompareWithField != "" || d.CompareWithValue != "" {
		if _, ok := ConditionFields[d.Field]; !ok {
			p.add(path+".field", "unknown field %q (known: %s)", d.Field, strings.Join(sortedKeys(ConditionFields), ", "))
		}
		if _, ok := operators[d.Logic]; !ok {
			p.add(path+".logic", "unknown operator %q (known: %s)", d.Logic, strings.Join(Operators(), ", "))
		} else if _, err := d.simple(); err != nil {
			at := path + ".compareWithValue"
			if d.CompareWithField != "" {
				at = path + ".compareWithField"
			}
			p.addErr(at, err)
		}
	}
	if a := d.AdvancedCondition; strings.TrimSpace(a) != "" {
		if _, err := parseCondition(a); err != nil {
			p.addErr(path+".advancedCondition", err)
		}
	}
}

// simple is the comparison of Field, Logic and CompareWith*.
func (d *DisplayCondition) simple() (*comparison, error) {
	c := &comparison{field: d.Field, op: d.Logic, value: d.CompareWithValue, other: d.CompareWithField}
	if d.CompareWithField != "" && d.CompareWithValue != "" {
		return nil, errorf("give compareWithField or compareWithValue, not both")
	}
	return c, c.check()
}

func lower(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func inList(a, list string) bool {
	for _, v := range strings.Split(list, ",") {
		if strings.EqualFold(strings.TrimSpace(v), strings.TrimSpace(a)) {
			return true
		}
	}
	return false
}

func numeric(f func(x, y float64) bool) func(a, b string) (bool, error) {
	return func(a, b string) (bool, error) {
		x, errA := strconv.ParseFloat(strings.TrimSpace(a), 64)
		y, errB := strconv.ParseFloat(strings.TrimSpace(b), 64)
		if errA != nil || errB != nil {
			return false, fmt.Errorf("compares %q with %q: both must be numbers", a, b)
		}
		return f(x, y), nil
	}
}

// expr is a parsed condition.
type expr interface {
	eval(env ConditionEnv) (bool, error)
}

// comparison is field op (value | other field).
type comparison struct {
	field, op    string
	value, other string // other: a field compared with, instead of value
}

func (c *comparison) check() error {
	if _, ok := ConditionFields[c.field]; !ok {
		return errorf("unknown field %q", c.field)
	}
	if _, ok := operators[c.op]; !ok {
		return errorf("unknown operator %q", c.op)
	}
	if c.other != "" {
		if _, ok := ConditionFields[c.other]; !ok {
			return errorf("unknown field %q to compare with", c.other)
		}
	}
	if numericOps[c.op] {
		if !ConditionFields[c.field] {
			return errorf("%s compares numbers, and %s is not one", c.op, c.field)
		}
		if c.other != "" && !ConditionFields[c.other] {
			return errorf("%s compares numbers, and %s is not one", c.op, c.other)
		}
		if c.other == "" {
			if _, err := strconv.ParseFloat(strings.TrimSpace(c.value), 64); err != nil {
				return errorf("%s needs a number (got %q)", c.op, c.value)
			}
		}
	}
	return nil
}

func (c *comparison) eval(env ConditionEnv) (bool, error) {
	a, ok := env[c.field]
	if !ok {
		return false, fmt.Errorf("field %q has no value here", c.field)
	}
	b := c.value
	if c.other != "" {
		if b, ok = env[c.other]; !ok {
			return false, fmt.Errorf("field %q has no value here", c.other)
		}
	}
	return operators[c.op](a, b)
}

type notExpr struct{ x expr }
type andExpr struct{ a, b expr }
type orExpr struct{ a, b expr }

func (n notExpr) eval(env ConditionEnv) (bool, error) {
	v, err := n.x.eval(env)
	return !v && err == nil, err
}

func (e andExpr) eval(env ConditionEnv) (bool, error) {
	a, err := e.a.eval(env)
	if err != nil || !a {
		return false, err
	}
	return e.b.eval(env)
}

func (e orExpr) eval(env ConditionEnv) (bool, error) {
	a, err := e.a.eval(env)
	if err != nil || a {
		return a && err == nil, err
	}
	return e.b.eval(env)
}
