package catalog

import "iter"

// The stored properties, for the domain rules that read a whole property
// (the demand alerts' and the owner portal's matching, demand.Matches).
// They are functions rather than Index methods on purpose: what the
// index's methods answer reaches pages and the API, which get the views
// only (PublicProperty, Card, Marker; TestIndexHandsOutOnlyPublicViews);
// these answers reach no page. Read-only: the index is shared.

// Listings are ix's properties as stored, whatever their status, in the
// order of the catalog.
func Listings(ix *Index) iter.Seq[*Property] {
	return func(yield func(*Property) bool) {
		for i := range ix.properties {
			if !yield(&ix.properties[i]) {
				return
			}
		}
	}
}

// Listing is ix's stored property with id.
func Listing(ix *Index, id int64) (*Property, bool) {
	i, ok := ix.byID[id]
	if !ok {
		return nil, false
	}
	return &ix.properties[i], true
}
