package catalog

import "slices"

// CanonicalCity is city filter s as the site writes it ("name|zip", "name"
// or "zip", the name spelled as the catalog spells it), and whether it names
// a place and a zip some listing has. A value naming nothing is never
// written back into a link, so a visitor's text cannot be echoed.
func (ix *Index) CanonicalCity(s string) (string, bool) {
	name, zip := CityFilter(s)
	if name == "" && zip == "" {
		return "", false
	}
	if zip != "" && !slices.Contains(ix.zips, zip) {
		return "", false
	}
	if name == "" {
		return zip, true
	}
	i := slices.Index(ix.places, PlaceKey(name))
	if i < 0 {
		return "", false
	}
	if zip == "" {
		return ix.placeNames[i], true
	}
	return ix.placeNames[i] + "|" + zip, true
}

// KnownType reports whether webID is a type of the catalog.
func (ix *Index) KnownType(webID int) bool {
	_, ok := ix.typeByWeb[webID]
	return ok
}
