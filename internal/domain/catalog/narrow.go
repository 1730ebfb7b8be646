package catalog

// Only is t with the one text a reader of lang sees (Pick: lang, else the
// fallback, under its own language), nil when none: a page in lang sends
// no other language's text to the browser (issue #34: a German property
// page carried every feed value in all four languages). t is not changed.
func (t Text) Only(lang string) Text {
	s, in := t.Pick(lang)
	if in == "" {
		return nil
	}
	if len(t) == 1 {
		return t
	}
	return Text{in: s}
}

// Narrowed is p with every text Only in lang, for a page in lang: call it
// on p.In(lang), whose fixed values are already in lang. The stored
// property is not changed (the nested parts it narrows are copies).
func (p PublicProperty) Narrowed(lang string) PublicProperty {
	only := func(t Text) Text { return t.Only(lang) }
	p = p.withTexts(only)
	p.Title, p.Description = only(p.Title), only(p.Description)
	return p
}

// Narrowed is p with every text Only in lang; see PublicProperty.Narrowed.
func (p PublicProject) Narrowed(lang string) PublicProject {
	only := func(t Text) Text { return t.Only(lang) }
	p.Name, p.Description, p.Delivery = only(p.Name), only(p.Description), only(p.Delivery)
	p.Constructions = constructionsWith(p.Constructions, only)
	p.Documents = documentsWith(p.Documents, only)
	return p
}
