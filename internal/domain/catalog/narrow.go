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
	p.Title, p.Description, p.Availability = p.Title.Only(lang), p.Description.Only(lang), p.Availability.Only(lang)
	if f := p.Features; f != nil {
		c := *f
		for _, t := range []*Text{&c.Heating, &c.Kitchen, &c.WindowGlazing, &c.WindowFrame, &c.RoofMaterial, &c.RoofCondition, &c.FloorCovering} {
			*t = t.Only(lang)
		}
		p.Features = &c
	}
	if l := p.Legal; l != nil {
		c := *l
		c.Permit, c.PlanningDesignation = c.Permit.Only(lang), c.PlanningDesignation.Only(lang)
		p.Legal = &c
	}
	if f := p.Flood; f != nil {
		c := *f
		c.ZoneName, c.RiskArea = c.ZoneName.Only(lang), c.RiskArea.Only(lang)
		p.Flood = &c
	}
	if a := p.Asbestos; a != nil {
		c := *a
		c.Type = c.Type.Only(lang)
		p.Asbestos = &c
	}
	p.Documents = documentsOnly(p.Documents, lang)
	return p
}

// Narrowed is p with every text Only in lang; see PublicProperty.Narrowed.
func (p PublicProject) Narrowed(lang string) PublicProject {
	p.Name, p.Description, p.Delivery = p.Name.Only(lang), p.Description.Only(lang), p.Delivery.Only(lang)
	if len(p.Constructions) > 0 {
		cs := make([]Construction, len(p.Constructions))
		for i, c := range p.Constructions {
			cs[i] = Construction{Name: c.Name.Only(lang), Description: c.Description.Only(lang)}
		}
		p.Constructions = cs
	}
	p.Documents = documentsOnly(p.Documents, lang)
	return p
}

func documentsOnly(docs []Document, lang string) []Document {
	if len(docs) == 0 {
		return docs
	}
	out := make([]Document, len(docs))
	for i, d := range docs {
		out[i] = Document{ID: d.ID, Name: d.Name.Only(lang)}
	}
	return out
}
