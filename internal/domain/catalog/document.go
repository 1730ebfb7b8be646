package catalog

import "strconv"

// DocumentName is the name in lang of the document of property whose ID
// document holds (a document request's field), for the mails; ok is false
// when the property is not online, has no such document or the document no
// name.
func (ix *Index) DocumentName(property int64, document, lang string) (name string, ok bool) {
	id, err := strconv.ParseInt(document, 10, 64)
	if err != nil {
		return "", false
	}
	p, err := ix.Property(property, lang)
	if err != nil {
		return "", false
	}
	for _, d := range p.Documents {
		if d.ID == id {
			if name := d.Name.In(lang); name != "" {
				return name, true
			}
		}
	}
	return "", false
}
