package catalog

import "iter"

// Listings are the index's properties as stored, whatever their status, in
// the order of the catalog, for the rules that read a whole property (the
// demand alerts' matching, demand.Matches); pages and the API get the
// views only (PublicProperty, Card, Marker). Read-only: the index is shared.
func (ix *Index) Listings() iter.Seq[*Property] {
	return func(yield func(*Property) bool) {
		for i := range ix.properties {
			if !yield(&ix.properties[i]) {
				return
			}
		}
	}
}

// Listing is the stored property with id (read-only), for the same rules.
func (ix *Index) Listing(id int64) (*Property, bool) {
	i, ok := ix.byID[id]
	if !ok {
		return nil, false
	}
	return &ix.properties[i], true
}
