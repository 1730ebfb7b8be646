package site

import (
	"fmt"
	"net/url"
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
// gone), ok when it did. A configuration Parse made looks it up in its
// index; one changed since (a test's), or made otherwise, is scanned.
func (c *Config) MovedTo(path string) (to string, ok bool) {
	key := movedKey(path)
	if ix := c.moved; ix.of(c.Moved) {
		to, ok = ix.to[key]
		return to, ok
	}
	for _, m := range c.Moved {
		if movedKey(m.From) == key {
			return m.To, true
		}
	}
	return "", false
}

// movedIndex is a moved list by movedKey of its From, the first entry
// kept where one is listed twice (Validate refuses that), as a scan finds.
type movedIndex struct {
	first *MovedPath // the list it was made of: its first entry, its length
	n     int
	to    map[string]string
}

func indexMoved(list []MovedPath) *movedIndex {
	ix := &movedIndex{n: len(list), to: make(map[string]string, len(list))}
	if len(list) > 0 {
		ix.first = &list[0]
	}
	for _, m := range list {
		if _, ok := ix.to[movedKey(m.From)]; !ok {
			ix.to[movedKey(m.From)] = m.To
		}
	}
	return ix
}

// of says ix was made of list, the very slice: not when Moved was
// replaced or grown since. An entry changed in place goes unseen; nothing
// changes a parsed configuration's list so.
func (ix *movedIndex) of(list []MovedPath) bool {
	if ix == nil || ix.n != len(list) {
		return false
	}
	return len(list) == 0 || ix.first == &list[0]
}

// movedKey compares addresses as the router does: case and a final slash
// aside, escaped or not (a request's /de/%C3%BCber-uns/ is /de/über-uns/;
// a listed address holds no %).
func movedKey(path string) string {
	if u, err := url.PathUnescape(path); err == nil {
		path = u
	}
	return strings.ToLower(strings.TrimSuffix(path, "/"))
}

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
