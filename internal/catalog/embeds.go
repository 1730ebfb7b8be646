package catalog

// Embedded is what the catalog's pages load from addresses the importer
// accepted: every picture of a listing and every virtual tour, as written.
// The server derives its Content-Security-Policy from their hosts.
type Embedded struct {
	Pictures []string
	Tours    []string
}

// Embedded lists the pictures and tours of every listing in the index.
func (ix *Index) Embedded() Embedded {
	var e Embedded
	pics := func(small, large Picture, all []Picture) {
		e.Pictures = append(e.Pictures, small.Url, large.Url)
		for _, p := range all {
			e.Pictures = append(e.Pictures, p.Url)
		}
	}
	for i := range ix.properties {
		p := &ix.properties[i]
		pics(p.SmallPictureItem, p.XLargePictureItem, p.Pictures)
		if p.VirtualTour != "" {
			e.Tours = append(e.Tours, p.VirtualTour)
		}
	}
	for i := range ix.projects {
		p := &ix.projects[i]
		pics(p.SmallPictureItem, p.XLargePictureItem, p.Pictures)
	}
	return e
}
