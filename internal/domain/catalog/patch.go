package catalog

import (
	"cmp"
	"slices"
)

// patch is the index of the catalog ix holds with ch applied: the listings
// ch wrote replace or join ix's, those it took offline leave, the types are
// ch's. The details of the properties it leaves as they were are reused, so
// a CRM run changing 100 of 10 000 listings costs the server a fraction of
// a rebuild (bench/feeds).
func (ix *Index) patch(ch Changes) *Index {
	gone := make(map[int64]bool, len(ch.Properties)+len(ch.OfflineProperties))
	for _, p := range ch.Properties {
		gone[p.ID] = true
	}
	for _, id := range ch.OfflineProperties {
		gone[id] = true
	}
	type entry struct {
		p       *Property
		details []byte
	}
	entries := make([]entry, 0, len(ix.properties)+len(ch.Properties))
	for i := range ix.properties {
		if !gone[ix.properties[i].ID] {
			entries = append(entries, entry{&ix.properties[i], ix.details[i]})
		}
	}
	fresh := slices.Clone(ch.Properties)
	for i := range fresh {
		entries = append(entries, entry{&fresh[i], takeDetails(&fresh[i])})
	}
	slices.SortFunc(entries, func(a, b entry) int { return cmp.Compare(a.p.ID, b.p.ID) })
	c := &Catalog{Types: ch.Types, Properties: make([]Property, len(entries))}
	details := make([][]byte, len(entries))
	for i, e := range entries {
		c.Properties[i], details[i] = *e.p, e.details
	}

	goneProjects := make(map[int64]bool, len(ch.Projects)+len(ch.OfflineProjects))
	for _, p := range ch.Projects {
		goneProjects[p.ID] = true
	}
	for _, id := range ch.OfflineProjects {
		goneProjects[id] = true
	}
	for _, p := range ix.projects {
		if !goneProjects[p.ID] {
			c.Projects = append(c.Projects, p)
		}
	}
	c.Projects = append(c.Projects, ch.Projects...)
	slices.SortFunc(c.Projects, func(a, b Project) int { return cmp.Compare(a.ID, b.ID) })
	return newIndex(c, details, ch.Version)
}
