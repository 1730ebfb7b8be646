package main

import (
	"strconv"

	"immo/internal/agenda"
	"immo/internal/catalog"
	"immo/internal/offer"
	"immo/internal/site"
)

// offerRules are the purchase offer's, rent application's and document
// request's rules on the catalog's current index and the site's bounds.
func offerRules(cat *catalog.Service, cfg *site.Config) offer.Rules {
	return offer.Rules{
		Limits: offer.Limits{MinIncome: cfg.RentApplication.MinIncome, MaxPersons: cfg.RentApplication.MaxPersons},
		Zone:   agenda.Brussels,
		Property: func(id int64) (offer.Property, bool) {
			p, err := cat.Index().Property(id, cfg.Languages.Default)
			if err != nil {
				return offer.Property{}, false
			}
			out := offer.Property{Sale: p.IsSale(), Available: p.Status == catalog.StatusAvailable}
			for _, d := range p.Documents {
				out.Documents = append(out.Documents, d.ID)
			}
			return out, true
		},
	}
}

// documentName is a property's document's name in lang, for the mails.
func documentName(cat *catalog.Service) func(property int64, document, lang string) (string, bool) {
	return func(property int64, document, lang string) (string, bool) {
		id, err := strconv.ParseInt(document, 10, 64)
		if err != nil {
			return "", false
		}
		p, err := cat.Index().Property(property, lang)
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
}
