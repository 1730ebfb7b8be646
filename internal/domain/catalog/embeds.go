package catalog

// Embedded is what the catalog's pages load from addresses the importer
// accepted: every picture of a listing and every virtual tour, as written.
// The server derives its Content-Security-Policy from their hosts.
type Embedded struct {
	Pictures []string
	Tours    []string
}

// Embedded lists the pictures and tours of every listing in the index. The
// pictures come in the order visitors meet them, which is the order the
// picture worker makes their variants in: every card picture (properties,
// then projects), then the galleries.
func (ix *Index) Embedded() Embedded {
	var e Embedded
	for i := range ix.properties {
		p := &ix.properties[i]
		e.Pictures = append(e.Pictures, p.SmallPictureItem.Url, p.XLargePictureItem.Url)
	}
	for i := range ix.projects {
		p := &ix.projects[i]
		e.Pictures = append(e.Pictures, p.SmallPictureItem.Url, p.XLargePictureItem.Url)
	}
	gallery := func(all []Picture) {
		for _, p := range all {
			e.Pictures = append(e.Pictures, p.Url)
		}
	}
	for i := range ix.properties {
		p := &ix.properties[i]
		gallery(p.Pictures)
		if p.VirtualTour != "" {
			e.Tours = append(e.Tours, p.VirtualTour)
		}
	}
	for i := range ix.projects {
		gallery(ix.projects[i].Pictures)
	}
	return e
}
