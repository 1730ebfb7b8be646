package site

import (
	"fmt"
	"slices"
	"strings"
)

// MovedPath is an address of the site that no longer names a page: a
// renamed page's old address, answered 301 to its new one; a deleted
// page's, answered 301 to To (its parent's, as publishing sets it) or,
// To empty, 410 Gone — the editor chooses. Links and bookmarks to the old
// address keep leading somewhere, and search engines learn where.
type MovedPath struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Bounds of the moved addresses.
const (
	MaxMoved       = 2000
	MaxMovedLength = 300
)

// MovedTo is where path (an address of the site) moved: to ("" when it is
// gone), ok when it did.
func (c *Config) MovedTo(path string) (to string, ok bool) {
	key := movedKey(path)
	for _, m := range c.Moved {
		if movedKey(m.From) == key {
			return m.To, true
		}
	}
	return "", false
}

// movedKey compares addresses as the router does: case and a final slash aside.
func movedKey(path string) string { return strings.ToLower(strings.TrimSuffix(path, "/")) }

// Moves are the addresses publishing after in place of before moves: of
// every page of before (by its ID), in every language after offers, the
// old address now naming nothing to the page's new one (renamed) or to
// its parent's, else the home page's (deleted). An address after already
// names (a page, or a moved entry of its own: the editor chose) is left out.
func Moves(before, after *Config) []MovedPath {
	var out []MovedPath
	live := map[string]bool{}
	for _, p := range after.AllPages() {
		for _, lang := range after.Languages.Enabled() {
			live[movedKey(after.PageURL(p, lang))] = true
		}
	}
	for _, old := range before.AllPages() {
		now := after.PageByID(old.ID)
		for _, lang := range after.Languages.Enabled() {
			if !before.Languages.IsEnabled(lang) {
				continue
			}
			from := before.PageURL(old, lang)
			if _, named := after.MovedTo(from); named || live[movedKey(from)] {
				continue
			}
			to := HomeURL(lang)
			switch {
			case now != nil:
				to = after.PageURL(now, lang)
			case after.PageByID(old.ParentID) != nil:
				to = after.PageURL(after.PageByID(old.ParentID), lang)
			}
			if !slices.ContainsFunc(out, func(m MovedPath) bool { return movedKey(m.From) == movedKey(from) }) {
				out = append(out, MovedPath{From: from, To: to})
			}
		}
	}
	return out
}

// checkMoved: addresses of this site, each given once, within bounds.
func (c *Config) checkMoved(p *problems) {
	if len(c.Moved) > MaxMoved {
		p.add("moved", "at most %d moved addresses (got %d)", MaxMoved, len(c.Moved))
	}
	seen := map[string]bool{}
	for i, m := range c.Moved {
		path := fmt.Sprintf("moved[%d]", i)
		for _, f := range []struct{ key, v string }{{"from", m.From}, {"to", m.To}} {
			switch {
			case f.key == "to" && f.v == "":
			case !strings.HasPrefix(f.v, "/") || strings.HasPrefix(f.v, "//") || strings.ContainsAny(f.v, "?#"):
				p.add(path+"."+f.key, "%q is not an address of this site (a path starting with /)", f.v)
			case unsafePath(f.v):
				p.add(path+"."+f.key, "%q: a path holds no . or .. segment, no %%, \\ nor invisible character", f.v)
			case len(f.v) > MaxMovedLength:
				p.add(path+"."+f.key, "at most %d characters", MaxMovedLength)
			}
		}
		if seen[movedKey(m.From)] {
			p.add(path+".from", "%q is listed twice", m.From)
		}
		seen[movedKey(m.From)] = true
	}
}
