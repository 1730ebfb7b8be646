package route

import (
	"math"

	"immo/internal/domain/catalog"
	"immo/internal/domain/lead"
	"immo/internal/domain/offer"
)

// OfferTerms are the terms a property page's purchase offer or rent
// application shows (SPEC §9), computed here so the browser and the mails
// round alike.
type OfferTerms struct {
	// Advance is 10 % of the sale price, paid at signing; 0 when the price
	// is not public (the notice then names no amount).
	Advance int64 `json:"advance"`
	// Deposit is 3 months of rent; 0 when the rent is not public.
	Deposit int64 `json:"deposit"`
	// MinIncome and MaxPersons bound a rent application (site
	// configuration); 0: no bound.
	MinIncome  int64 `json:"minIncome"`
	MaxPersons int   `json:"maxPersons"`
}

// offerTerms are p's terms: for a property that takes an offer or an
// application only.
func (c *resolution) offerTerms(p *catalog.PublicProperty) *OfferTerms {
	if p.Status != catalog.StatusAvailable {
		return nil
	}
	price := int64(0)
	if p.PublishPrice && p.Price > 0 && p.Price < 1e12 {
		price = int64(math.Round(p.Price))
	}
	if p.IsSale() {
		return &OfferTerms{Advance: offer.Advance(price)}
	}
	r := c.r.Site.RentApplication
	return &OfferTerms{Deposit: offer.Deposit(price), MinIncome: r.MinIncome, MaxPersons: r.MaxPersons}
}

// propertyForms are the forms of property p's page: the information
// request, the visit and send to a friend always; a document request when
// it has documents, a purchase offer when it is for sale, a rent
// application when it is for rent, while it is available.
func (r *Resolver) propertyForms(p *catalog.PublicProperty) []string {
	forms := kinds(lead.KindInformation, lead.KindFriend)
	if r.Agenda != nil && visitable(p) {
		forms = append(forms, string(lead.KindVisit))
	}
	if p.Status != catalog.StatusAvailable {
		return forms
	}
	if len(p.Documents) > 0 {
		forms = append(forms, string(lead.KindDocument))
	}
	if p.IsSale() {
		return append(forms, string(lead.KindPurchaseOffer))
	}
	return append(forms, string(lead.KindRentApplication))
}
