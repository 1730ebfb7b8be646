package site

import (
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Checks of the page and module settings whose values reach the page's
// markup or stylesheet.

// className is a module's class attribute: CSS class names only.
var className = regexp.MustCompile(`^[A-Za-z_-][A-Za-z0-9_-]*( +[A-Za-z_-][A-Za-z0-9_-]*)*$`)

// cssColor is a colour a style attribute may take: #rgb(a), #rrggbb(aa),
// rgb()/rgba()/hsl()/hsla() of numbers, or a colour keyword.
var cssColor = regexp.MustCompile(`^(#[0-9A-Fa-f]{3,4}|#[0-9A-Fa-f]{6}|#[0-9A-Fa-f]{8}|(rgb|rgba|hsl|hsla)\([0-9., %/deg]{1,60}\)|[A-Za-z]{3,30})$`)

func checkColor(p *problems, path, v string) {
	if v != "" && !cssColor.MatchString(v) {
		p.add(path, "%q is not a colour (#2a6f97, rgb(…), a colour name)", v)
	}
}

func checkClass(p *problems, path, v string) {
	if v != "" && !className.MatchString(strings.TrimSpace(v)) {
		p.add(path, "%q: class names are letters, digits, - and _, separated by spaces", v)
	}
}

// Relation ids of the back office (SPEC §2): the property lists 23
// (latest), 28 (for sale), 3 (for rent), 71 (sold and rented), and the
// contact module 10. A module bound to a list must query what the list is.
var relationLists = map[int]func(q *Query) bool{
	23: func(q *Query) bool { return q.State == StateAvailable },
	28: func(q *Query) bool { return q.State == StateAvailable && q.Goal == GoalSale },
	3:  func(q *Query) bool { return q.State == StateAvailable && q.Goal == GoalRent },
	71: func(q *Query) bool { return q.State == StateSold },
}

func checkRelation(p *problems, path string, r Relation, m *Module) {
	oneOf(p, path+".type", r.Type, RelationTypes)
	switch r.Type {
	case RelationPropertyList:
		fits, known := relationLists[r.ID]
		switch {
		case !known:
			p.add(path+".id", "%d is not a property list (23 latest, 28 for sale, 3 for rent, 71 sold/rented)", r.ID)
		case m.Query != nil && !fits(m.Query):
			p.add(path+".id", "list %d does not match the module's query (goal %q, state %q)", r.ID, m.Query.Goal, m.Query.State)
		}
	default: // a form of the back office: 10 is the contact module's (SPEC §2), other forms have their own
		if r.ID <= 0 {
			p.add(path+".id", "must be a positive number (got %d)", r.ID)
		}
	}
}

// checkRedirect accepts a redirect target: a path of this site or an
// absolute http(s) URL with a host, nothing else (no javascript:, no
// protocol-relative //host, no tel:).
func checkRedirect(p *problems, path, v string) {
	if v == "" {
		return
	}
	u, err := url.Parse(v)
	switch {
	case err != nil || strings.ContainsAny(v, " \t\n\\"):
		p.add(path, "%q is not a valid address", v)
	case strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "//"):
	case (u.Scheme == "http" || u.Scheme == "https") && u.Host != "":
	default:
		p.add(path, "%q must be a path of this site (/…) or an http(s):// URL", v)
	}
}

// checkPageCSS checks a page's own CSS, which the page wraps in a rule of
// its own (nested rules, see PageScope): it must not close that rule
// (braces balanced, never below zero), leave its <style> element (no <),
// or fetch another stylesheet (@import) or anything over a protocol other
// than the page's (url() is kept to site paths and https).
func checkPageCSS(p *problems, path, css string) {
	if css == "" {
		return
	}
	depth := 0
	inComment, quote := false, byte(0)
	for i := 0; i < len(css); i++ {
		c := css[i]
		switch {
		case inComment:
			if c == '*' && i+1 < len(css) && css[i+1] == '/' {
				inComment, i = false, i+1
			}
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '/' && i+1 < len(css) && css[i+1] == '*':
			inComment, i = true, i+1
		case c == '"' || c == '\'':
			quote = c
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth < 0 {
				p.add(path, "a } at %d closes more than it opened", i+1)
				return
			}
		}
	}
	low := strings.ToLower(css)
	switch {
	case inComment || quote != 0:
		p.add(path, "a comment or text is not closed")
	case depth != 0:
		p.add(path, "%d { not closed", depth)
	case strings.Contains(css, "<"):
		p.add(path, "must not contain <")
	case strings.Contains(low, "@import"), strings.Contains(low, "@charset"), strings.Contains(low, "@namespace"):
		p.add(path, "must not use @import, @charset or @namespace")
	case strings.Contains(low, "expression("), strings.Contains(low, "javascript:"):
		p.add(path, "must not hold script")
	case slices.ContainsFunc([]string{"url(http:", "url(//", "url('http:", "url(\"http:", "url('//", "url(\"//"}, func(s string) bool { return strings.Contains(strings.ReplaceAll(low, " ", ""), s) }):
		p.add(path, "url() must be a site path or https")
	}
}

// PageScope is the class of the wrapper a page's own CSS applies under.
func (pg *Page) PageScope() string { return "page-css-" + strconv.Itoa(pg.ID) }
