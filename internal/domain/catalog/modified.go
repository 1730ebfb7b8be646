package catalog

import "time"

// Modified is when the listing with id last changed, as its feed says:
// DateModified, else DateCreated (a listing never modified since it was
// entered); ok is false for a listing not in the index or a feed that
// gives neither. The sitemap's lastmod reads it.
func (ix *Index) Modified(id int64) (t time.Time, ok bool) {
	i, found := ix.byID[id]
	if !found {
		return time.Time{}, false
	}
	p := &ix.properties[i]
	if !p.DateModified.IsZero() {
		return p.DateModified, true
	}
	return p.DateCreated, !p.DateCreated.IsZero()
}
