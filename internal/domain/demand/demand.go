// Package demand is a registered search: a visitor who wants a kind of
// property (sale or rent, types, zones, budget, rooms) and asks to be told
// when one comes online (SPEC §1 "register a search demand"). Matches
// decides, for one property, whether it is what the demand asks; the alert
// job (with the mail queue) runs it over each new catalog version.
package demand

import (
	"context"
	"errors"
	"time"

	"immo/internal/domain/catalog"
	"immo/internal/domain/field"
	"immo/internal/domain/rules"
)

// Range is an optional bound pair: 0 is no bound.
type Range struct {
	Min, Max int64
}

// Demand is one registered search.
type Demand struct {
	ID                          int64
	Account                     int64 // the registrant (package account)
	Lang                        string
	Goal                        int      // catalog.GoalSale or catalog.GoalRent
	Types                       []int    // property type WebIDs (SPEC §3 type table)
	Zips                        []string // the zones chosen on the map, as their postcodes ("BE-6700": rules.Postcode)
	Price                       Range    // euros
	Bedrooms, Garages, Parkings Range
	BathroomsMin                int64
	Created                     time.Time
	// Confirmed is when the registrant followed the demand's mailed link;
	// zero: not yet, and no alert goes out. Paused: no alert either.
	Confirmed time.Time
	Paused    bool
}

// Limits of a demand: a form offers a handful of types and zones.
const (
	MaxTypes = 20
	MaxZips  = 200
)

// Validate returns the demand's problems per form field (SPEC §5: at least
// one type, at least one zone; a minimum above its maximum).
func (d Demand) Validate() field.Errors {
	e := field.Errors{}
	e.Check(d.Goal != catalog.GoalSale && d.Goal != catalog.GoalRent, "goal", field.KeyChoice)
	e.Check(len(d.Types) == 0, "types", field.KeyTypes)
	e.Check(len(d.Types) > MaxTypes, "types", field.KeyChoice)
	e.Check(len(d.Zips) == 0, "zips", field.KeyZones)
	e.Check(len(d.Zips) > MaxZips, "zips", field.KeyChoice)
	for _, z := range d.Zips {
		e.Check(!rules.IsPostcode(z), "zips", field.KeyZones)
	}
	for name, r := range map[string]Range{"price": d.Price, "bedrooms": d.Bedrooms, "garages": d.Garages, "parkings": d.Parkings} {
		e.Check(r.Min < 0, name+"Min", field.KeyNumber)
		e.Check(r.Max < 0, name+"Max", field.KeyNumber)
		e.Check(r.Min >= 0 && r.Max > 0 && r.Min > r.Max, name+"Max", field.KeyRange)
	}
	e.Check(d.BathroomsMin < 0, "bathroomsMin", field.KeyNumber)
	return e
}

// Matches tells whether p is what d asks: available, the goal, one of the
// types, in one of the zones, within every bound. A bound on something the
// listing does not state (no bedroom count) fails, except a minimum of 0.
// A price on request matches no price bound: an alert must not reveal
// what the site hides (Property.Public sends no such price either).
func (d Demand) Matches(p *catalog.Property) bool {
	return p.Status == catalog.StatusAvailable && p.Goal == d.Goal && d.Criteria(p).All()
}

func (r Range) holds(n int64) bool {
	return n >= r.Min && (r.Max == 0 || n <= r.Max)
}

// ErrNotFound is a demand that does not exist, or is not the account's.
var ErrNotFound = errors.New("demand: not found")

// Store keeps demands and which properties each was told about.
type Store interface {
	// Save stores d as a new demand of d.Account (d.ID is ignored) and
	// returns its id. Changing a search is a new demand: the properties
	// the old one was told about may be news to the new one.
	Save(ctx context.Context, d Demand) (int64, error)
	// Delete removes the demand id of account, and what it was told;
	// ErrNotFound when account has no such demand (another's included).
	Delete(ctx context.Context, id, account int64) error
	// Active lists every demand to match new listings against, by id:
	// confirmed, not paused, of an account not disabled.
	Active(ctx context.Context) ([]Demand, error)
	// MarkAlerted records that demand was told about property; first is
	// false when it already was, so a property is announced once however
	// often it is updated or servers race. ErrNotFound when the demand is
	// gone (deleted since Active listed it).
	MarkAlerted(ctx context.Context, demand, property int64) (first bool, err error)
}
