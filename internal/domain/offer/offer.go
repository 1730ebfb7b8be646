// Package offer holds the rules of the requests about one property that
// need more than their kind's Spec (package lead): a purchase offer (an
// amount above zero, a validity date not past; the advance of SPEC §9), a
// rent application (the agency's minimum income and maximum persons, a
// moving date not past; the deposit of SPEC §9) and a document request (one
// of the property's documents, once per address: SPEC §4's states). No
// HTTP, no SQL: the caller gives the property and the stored requests.
package offer

import (
	"context"
	"strconv"
	"strings"
	"time"

	"immo/internal/domain/agency"
	"immo/internal/domain/agenda"
	"immo/internal/domain/catalog"
	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/domain/site"
)

// Translation keys of the rules' problems (locales/*/offer.json).
const (
	KeyAmount     = "offer.error.amount"     // an offer of 0 €
	KeyPastDate   = "offer.error.pastDate"   // a validity or moving date before today
	KeyAdults     = "offer.error.adults"     // no adult
	KeyMaxPersons = "offer.error.maxPersons" // more persons than the agency accepts
	KeyMinIncome  = "offer.error.minIncome"  // a household income under the minimum
	KeyDocument   = "offer.error.document"   // not one of the property's documents
	KeyClosed     = "offer.error.closed"     // the property is not (or no longer) on offer for this
)

// Keys lists every key above: a test checks each exists in every language.
var Keys = []string{KeyAmount, KeyPastDate, KeyAdults, KeyMaxPersons, KeyMinIncome, KeyDocument, KeyClosed}

// SPEC §9's terms.
const (
	AdvancePercent = 10 // a purchase offer's advance, paid to the agent's third-party account at signing
	DepositMonths  = 3  // a rent application's deposit, in months of rent
)

// Advance is the advance on a sale price, rounded to the euro.
func Advance(price int64) int64 { return (price*AdvancePercent + 50) / 100 }

// Deposit is the deposit on a monthly rent.
func Deposit(rent int64) int64 { return rent * DepositMonths }

// Property is what the rules read of the property a request is about.
type Property struct {
	Sale      bool // for sale (else for rent)
	Available bool // neither sold nor rented
	Documents []int64
}

// Limits are the agency's bounds on a rent application (site.RentApplication);
// zero is no bound.
type Limits struct {
	MinIncome  int64 // euros a month, persons 1 and 2 together
	MaxPersons int   // adults and children
}

// LimitsOf are the limits an agency configures.
func LimitsOf(c site.RentApplication) Limits {
	return Limits{MinIncome: c.MinIncome, MaxPersons: c.MaxPersons}
}

// Rules checks the kinds of this package.
type Rules struct {
	Limits Limits
	// Property looks a property up; ok is false when it is not online.
	Property func(id int64) (Property, bool)
	// Zone is where "today" is (the agency's: agenda.Brussels).
	Zone *time.Location
}

var _ lead.Rules = Rules{}

// Check is lead.Service.Rules: it checks r, a request Validate accepted, as
// of now, with the limits of ctx's agency (Limits when ctx carries none).
// Other kinds pass.
func (ru Rules) Check(ctx context.Context, r lead.Request, now time.Time) field.Errors {
	if a := agency.FromContext(ctx); a != nil && a.Site != nil {
		ru.Limits = LimitsOf(a.Site.RentApplication)
	}
	e := field.Errors{}
	switch r.Kind {
	case lead.KindPurchaseOffer, lead.KindRentApplication, lead.KindDocument:
	default:
		return e
	}
	p, ok := ru.Property(r.PropertyID)
	switch r.Kind {
	case lead.KindPurchaseOffer:
		e.Check(!ok || !p.Sale || !p.Available, "form", KeyClosed)
		amount, _ := r.Int("amount")
		e.Check(amount <= 0, "amount", KeyAmount)
		ru.notPast(e, r, "validUntil", now)
	case lead.KindRentApplication:
		e.Check(!ok || p.Sale || !p.Available, "form", KeyClosed)
		adults, _ := r.Int("adults")
		kids, _ := r.Int("kids")
		e.Check(adults < 1, "adults", KeyAdults)
		if n := ru.Limits.MaxPersons; n > 0 && adults+kids > int64(n) {
			e.Add(persons(adults, n), KeyMaxPersons)
		}
		ru.notPast(e, r, "movingDate", now)
		// The household's income, once both incomes read as numbers (a typo
		// in one is its own problem, not a low income).
		income1, ok1 := r.Int("income1")
		income2, ok2 := r.Int("income2")
		ok2 = ok2 || strings.TrimSpace(r.Fields["income2"]) == ""
		e.Check(ok1 && ok2 && ru.Limits.MinIncome > 0 && income1+income2 < ru.Limits.MinIncome, "income1", KeyMinIncome)
	case lead.KindDocument:
		e.Check(!ok || !p.Available, "form", KeyClosed)
		id, err := strconv.ParseInt(strings.TrimSpace(r.Fields["document"]), 10, 64)
		e.Check(ok && (err != nil || !has(p.Documents, id)), "document", KeyDocument)
	}
	return e
}

// persons is the field the "too many persons" message goes under: the
// adults' when they alone are too many, else the children's.
func persons(adults int64, max int) string {
	if adults > int64(max) {
		return "adults"
	}
	return "kids"
}

func (ru Rules) notPast(e field.Errors, r lead.Request, name string, now time.Time) {
	d, ok := r.Date(name)
	if !ok {
		return
	}
	zone := ru.Zone
	if zone == nil {
		zone = time.UTC
	}
	y, m, day := now.In(zone).Date()
	today := time.Date(y, m, day, 0, 0, 0, 0, time.UTC)
	e.Check(d.Before(today), name, KeyPastDate)
}

func has(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// Requested finds stored document requests.
type Requested interface {
	// DocumentRequested says whether a document request for document of
	// property was stored with email (compared without case).
	DocumentRequested(ctx context.Context, property int64, email, document string) (bool, error)
}

// Repeats is lead.Service.Repeat: a document request repeats one stored
// for the same property, document and address (SPEC §4: "already
// requested"); it is answered as the first was ("will be sent by email"),
// nothing stored and no mail sent again — a stranger typing someone's
// address learns nothing of what they asked for. Other kinds never repeat.
type Repeats struct{ Requested Requested }

var _ lead.Repeats = Repeats{}

// Repeat implements lead.Repeats.
func (s Repeats) Repeat(ctx context.Context, r lead.Request) (bool, error) {
	if r.Kind != lead.KindDocument {
		return false, nil
	}
	return s.Requested.DocumentRequested(ctx, r.PropertyID, r.Person.Email, strings.TrimSpace(r.Fields["document"]))
}

// Index is where CatalogRules read the properties (catalog.Service: its
// current index).
type Index interface {
	Index() *catalog.Index
}

// CatalogRules are the rules on the properties of cat's current index,
// read in lang (the site's default language), with the agency's limits
// and Belgium's today.
func CatalogRules(cat Index, limits Limits, lang string) Rules {
	return Rules{
		Limits: limits,
		Zone:   agenda.Brussels,
		Property: func(id int64) (Property, bool) {
			p, err := cat.Index().Property(id, lang)
			if err != nil {
				return Property{}, false
			}
			return Of(&p), true
		},
	}
}

// Of is what the rules read of p.
func Of(p *catalog.PublicProperty) Property {
	out := Property{Sale: p.IsSale(), Available: p.Status == catalog.StatusAvailable}
	for _, d := range p.Documents {
		out.Documents = append(out.Documents, d.ID)
	}
	return out
}
