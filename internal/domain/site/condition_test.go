package site

import (
	"strings"
	"testing"
)

var condEnv = ConditionEnv{
	FieldLanguage: "fr", FieldPageID: "20", FieldPageName: "About us", FieldPagePath: "/about-us/",
	FieldCountSale: "12", FieldCountRent: "3",
}

// Every operator, each both ways, on the simple form.
func TestConditionOperators(t *testing.T) {
	tests := []struct {
		field, logic, value, other string
		want                       bool
	}{
		{"language", "equals", "FR", "", true},
		{"language", "equals", "nl", "", false},
		{"language", "notEquals", "nl", "", true},
		{"language", "notEquals", "fr", "", false},
		{"page.name", "contains", "bout", "", true},
		{"page.name", "contains", "team", "", false},
		{"page.name", "notContains", "team", "", true},
		{"page.name", "notContains", "ABOUT", "", false},
		{"page.path", "startsWith", "/about", "", true},
		{"page.path", "startsWith", "/team", "", false},
		{"page.path", "endsWith", "-us/", "", true},
		{"page.path", "endsWith", "/team/", "", false},
		{"count.sale", "greater", "11", "", true},
		{"count.sale", "greater", "12", "", false},
		{"count.sale", "greaterOrEqual", "12", "", true},
		{"count.sale", "greaterOrEqual", "13", "", false},
		{"count.rent", "less", "4", "", true},
		{"count.rent", "less", "3", "", false},
		{"count.rent", "lessOrEqual", "3", "", true},
		{"count.rent", "lessOrEqual", "2.5", "", false},
		{"page.name", "isEmpty", "", "", false},
		{"page.name", "isNotEmpty", "", "", true},
		{"language", "in", "nl, fr", "", true},
		{"language", "in", "nl,de", "", false},
		{"language", "notIn", "nl,de", "", true},
		{"language", "notIn", "fr", "", false},
		{"count.sale", "greater", "", "count.rent", true},
		{"count.rent", "greater", "", "count.sale", false},
		{"page.id", "equals", "", "count.sale", false},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.logic] = true
		d := &DisplayCondition{Field: tt.field, Logic: tt.logic, CompareWithValue: tt.value, CompareWithField: tt.other}
		var p problems
		d.Check(&p, "c")
		if len(p) > 0 {
			t.Errorf("%+v: check: %v", d, p[0])
		}
		got, err := d.Holds(condEnv)
		if err != nil || got != tt.want {
			t.Errorf("%s %s %q/%q = %v, %v; want %v", tt.field, tt.logic, tt.value, tt.other, got, err, tt.want)
		}
	}
	for _, op := range Operators() {
		if !seen[op] {
			t.Errorf("operator %s untested", op)
		}
	}
}

func TestAdvancedConditions(t *testing.T) {
	tests := []struct {
		expr string
		want bool
	}{
		{`language equals "fr"`, true},
		{`language equals 'nl' or count.sale greater 10`, true},
		{`language equals "nl" or count.sale greater 20`, false},
		{`language equals "fr" and count.rent less 2`, false},
		{`not language equals "nl"`, true},
		{`not (language equals "fr" and count.rent less 5)`, false},
		{`(language in "nl,de" or page.path startsWith "/about") and not page.name isEmpty`, true},
		{`count.sale greater count.rent`, true},
		{`language equals "nl" or language equals "de" or language equals "fr"`, true},
		{`language equals "fr" and (count.sale less 1 or (page.id equals 20 and not count.rent greater 3))`, true},
		{`page.name equals "About us"`, true},
	}
	for _, tt := range tests {
		d := &DisplayCondition{AdvancedCondition: tt.expr}
		var p problems
		d.Check(&p, "c")
		if len(p) > 0 {
			t.Errorf("%s: check: %v", tt.expr, p[0])
		}
		if got, err := d.Holds(condEnv); err != nil || got != tt.want {
			t.Errorf("%s = %v, %v; want %v", tt.expr, got, err, tt.want)
		}
	}
	both := &DisplayCondition{Field: "language", Logic: "equals", CompareWithValue: "fr", AdvancedCondition: `count.sale less 5`}
	if ok, _ := both.Holds(condEnv); ok {
		t.Error("simple and advanced: both must hold")
	}
	if ok, err := (*DisplayCondition)(nil).Holds(condEnv); !ok || err != nil {
		t.Error("no condition must hold")
	}
}

// A condition that cannot be answered on a page errs: the item is hidden
// and the caller told. Numbers compared with text are refused at load
// already; a field without a value here passes the load check.
func TestConditionRuntimeErrors(t *testing.T) {
	for _, tc := range []struct {
		d        *DisplayCondition
		loadsOK  bool
		envNoCnt bool
	}{
		{&DisplayCondition{Field: "page.name", Logic: "greater", CompareWithValue: "3"}, false, false},             // a name is no number
		{&DisplayCondition{AdvancedCondition: `language equals "fr" and page.path less count.sale`}, false, false}, // nor a path
		{&DisplayCondition{Field: "count.sale", Logic: "equals", CompareWithValue: "1"}, true, true},               // count.sale missing below
		{&DisplayCondition{AdvancedCondition: `not (count.rent greaterOrEqual page.name or language equals "fr")`}, false, false},
	} {
		env := condEnv
		if tc.envNoCnt {
			env = ConditionEnv{FieldLanguage: "fr"}
		}
		var p problems
		tc.d.Check(&p, "c")
		if (len(p) == 0) != tc.loadsOK {
			t.Errorf("%+v: load check %v, want it to pass: %v", tc.d, p, tc.loadsOK)
		}
		if ok, err := tc.d.Holds(env); ok || err == nil {
			t.Errorf("%+v = %v, %v; want false and an error", tc.d, ok, err)
		}
	}
}

// A condition naming only what to compare with is no empty condition: it
// is checked (and its missing field reported), never shown unchecked.
func TestConditionHalfFilledIsChecked(t *testing.T) {
	d := &DisplayCondition{CompareWithValue: "fr"}
	if d.Empty() {
		t.Fatal("a condition with a value is not empty")
	}
	var p problems
	d.Check(&p, "c")
	if len(p) == 0 {
		t.Error("a condition without field and operator passes the load check")
	}
	if ok, _ := d.Holds(condEnv); ok {
		t.Error("a half-filled condition holds")
	}
}

// Bad conditions are load errors at the condition's path.
func TestConditionCheck(t *testing.T) {
	tests := []struct {
		d    DisplayCondition
		path string
		msg  string
	}{
		{DisplayCondition{Field: "weather", Logic: "equals", CompareWithValue: "sun"}, "c.field", `unknown field "weather"`},
		{DisplayCondition{Field: "language", Logic: "is", CompareWithValue: "fr"}, "c.logic", `unknown operator "is"`},
		{DisplayCondition{Field: "language", CompareWithValue: "fr"}, "c.logic", `unknown operator ""`},
		{DisplayCondition{Field: "count.sale", Logic: "greater", CompareWithValue: "many"}, "c.compareWithValue", `greater needs a number (got "many")`},
		{DisplayCondition{Field: "count.sale", Logic: "greater", CompareWithField: "count.sold"}, "c.compareWithField", `unknown field "count.sold"`},
		{DisplayCondition{Field: "language", Logic: "equals", CompareWithField: "page.name", CompareWithValue: "x"}, "c.compareWithField", "not both"},
		{DisplayCondition{AdvancedCondition: `language equals "fr" and`}, "c.advancedCondition", "want a field, got end of condition"},
		{DisplayCondition{AdvancedCondition: `(language equals "fr"`}, "c.advancedCondition", "want ), got end of condition"},
		{DisplayCondition{AdvancedCondition: `language equals "fr")`}, "c.advancedCondition", `at 21: unexpected ")"`},
		{DisplayCondition{AdvancedCondition: `language equals "fr`}, "c.advancedCondition", "text not closed"},
		{DisplayCondition{AdvancedCondition: `language == "fr"`}, "c.advancedCondition", "unexpected character '='"},
		{DisplayCondition{AdvancedCondition: `language like "fr"`}, "c.advancedCondition", `want an operator`},
		{DisplayCondition{AdvancedCondition: `colour equals "red"`}, "c.advancedCondition", `unknown field "colour"`},
		{DisplayCondition{AdvancedCondition: `language equals`}, "c.advancedCondition", "equals needs an operand"},
		{DisplayCondition{AdvancedCondition: `count.sale less lots`}, "c.advancedCondition", `unknown field "lots"`},
		{DisplayCondition{AdvancedCondition: `count.sale less "lots"`}, "c.advancedCondition", `less needs a number`},
		{DisplayCondition{AdvancedCondition: `language equals "fr" AND count.sale less 3`}, "c.advancedCondition", `unexpected "AND"`},
		{DisplayCondition{AdvancedCondition: strings.Repeat("(", 25) + `language isEmpty` + strings.Repeat(")", 25)}, "c.advancedCondition", "nested deeper than 20"},
		{DisplayCondition{AdvancedCondition: strings.Repeat(`language isEmpty or `, 30) + "language isEmpty"}, "c.advancedCondition", "longer than 500 characters"},
	}
	for _, tt := range tests {
		var p problems
		tt.d.Check(&p, "c")
		found := false
		for _, e := range p {
			if e.Path == tt.path && strings.Contains(e.Msg, tt.msg) {
				found = true
			}
		}
		if !found {
			t.Errorf("%+v: want %s: …%s…, got %v", tt.d, tt.path, tt.msg, p)
		}
		if ok, _ := tt.d.Holds(condEnv); ok {
			t.Errorf("%+v: a bad condition must not hold", tt.d)
		}
	}
}
