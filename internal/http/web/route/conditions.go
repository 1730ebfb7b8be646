package route

import (
	"log/slog"
	"strconv"
	"sync"

	"immo/internal/domain/site"
)

// ConditionErrors receives a display condition that erred while a page was
// resolved, with the item's path in the configuration; the item is hidden
// either way. LogOnce makes one that logs each path once.
type ConditionErrors func(path string, err error)

// LogOnce logs each erring condition once per process, at Warn: the same
// item errs on every page that shows it, and one line says all there is.
func LogOnce(log *slog.Logger) ConditionErrors {
	var mu sync.Mutex
	seen := map[string]bool{}
	return func(path string, err error) {
		mu.Lock()
		first := !seen[path]
		seen[path] = true
		mu.Unlock()
		if first {
			log.Warn("display condition failed; the item is hidden", "path", path, "err", err)
		}
	}
}

// conditionEnv is what a display condition reads of this page (see
// site.ConditionFields): the configured page's id, name and original path,
// or for another page (a property, a thank-you page) id 0, no name and the
// address without the language.
func (c *resolution) conditionEnv() site.ConditionEnv {
	c.readEnv = true
	if c.env != nil {
		return c.env
	}
	sale, rent := c.ix.Totals()
	env := site.ConditionEnv{
		site.FieldLanguage:  c.lang,
		site.FieldCountSale: strconv.Itoa(sale),
		site.FieldCountRent: strconv.Itoa(rent),
		site.FieldPageID:    "0",
		site.FieldPageName:  "",
		site.FieldPagePath:  c.restPath,
	}
	if p := c.shown; p != nil {
		env[site.FieldPageID] = strconv.Itoa(p.ID)
		env[site.FieldPageName] = p.Name
		env[site.FieldPagePath] = c.r.Site.PagePath(p, "")
	}
	c.env = env
	return env
}

// shows tells whether an item whose condition is d, at path in the
// configuration, is shown on this page. An erring condition hides it and
// is reported.
func (c *resolution) shows(d *site.DisplayCondition, path func() string) bool {
	if d.Empty() {
		return true
	}
	ok, err := d.Holds(c.conditionEnv())
	if err != nil {
		if c.r.ConditionErrors != nil {
			c.r.ConditionErrors(path(), err)
		}
		return false
	}
	return ok
}
