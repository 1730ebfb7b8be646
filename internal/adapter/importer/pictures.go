package importer

import "immo/internal/domain/catalog"

// localize gives every picture of cat the address local makes of it (a
// CRM feed's run: its pictures on the CRM's host fetched into the site,
// feed.LocalURL), once the records are checked against the addresses as
// the file gave them.
func localize(cat *catalog.Catalog, local func(address string) string) {
	if local == nil {
		return
	}
	pictures := func(small, large *catalog.Picture, gallery []catalog.Picture) {
		small.Url, large.Url = local(small.Url), local(large.Url)
		for i := range gallery {
			gallery[i].Url = local(gallery[i].Url)
		}
	}
	for i := range cat.Properties {
		p := &cat.Properties[i]
		pictures(&p.SmallPictureItem, &p.XLargePictureItem, p.Pictures)
	}
	for i := range cat.Projects {
		p := &cat.Projects[i]
		pictures(&p.SmallPictureItem, &p.XLargePictureItem, p.Pictures)
	}
}
