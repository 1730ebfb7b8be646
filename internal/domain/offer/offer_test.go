package offer

import (
	"context"
	"maps"
	"reflect"
	"strings"
	"testing"
	"time"

	"immo/internal/domain/agency"
	"immo/internal/domain/agenda"
	"immo/internal/domain/field"
	"immo/internal/domain/i18n"
	"immo/internal/domain/lead"
	"immo/internal/domain/site"
)

// now is 00:30 in Brussels on 23 November 2026, still the 22nd in UTC: "today" is the 23rd.
var now = time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC)

var rules = Rules{
	Limits: Limits{MinIncome: 2000, MaxPersons: 5},
	Zone:   agenda.Brussels,
	Property: func(id int64) (Property, bool) {
		switch id {
		case 1: // for sale
			return Property{Sale: true, Available: true, Documents: []int64{71, 72}}, true
		case 2: // for rent
			return Property{Available: true, Documents: []int64{73}}, true
		case 3: // sold
			return Property{Sale: true, Documents: []int64{74}}, true
		case 4: // rented
			return Property{}, true
		}
		return Property{}, false
	},
}

func person() lead.Person {
	return lead.Person{Title: lead.TitleMs, FirstName: "Zoë", LastName: "Dupont", Email: "zoe@example.be", Phone: "0496 23 45 17"}
}

func request(kind lead.Kind, property int64, fields map[string]string) lead.Request {
	return lead.Request{Kind: kind, Lang: "fr", PropertyID: property, Person: person(), Fields: fields}
}

func offer(edit map[string]string) map[string]string {
	f := map[string]string{"street": "Grand-Rue 1", "zip": "6700", "city": "Arlon", "amount": "300000",
		"conditions": "Sous réserve d'un prêt", "validUntil": "2026-11-23"}
	maps.Copy(f, edit)
	return f
}

func rent(edit map[string]string) map[string]string {
	f := map[string]string{"adults": "2", "kids": "1", "pets": "no", "movingDate": "2027-01-01",
		"movingReason": "Mutation", "income1": "1500", "income2": "500"}
	maps.Copy(f, edit)
	return f
}

// check is what lead.Service refuses: the Spec, then the rules.
func check(r lead.Request) field.Errors {
	s := lead.Service{Rules: rules, Now: func() time.Time { return now }}
	return s.Check(context.Background(), r)
}

func TestRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    lead.Request
		want field.Errors
	}{
		{"offer good (valid until today, Belgian time)", request(lead.KindPurchaseOffer, 1, offer(nil)), field.Errors{}},
		{"offer without street", request(lead.KindPurchaseOffer, 1, offer(map[string]string{"street": " "})), field.Errors{"street": field.KeyRequired}},
		{"offer without zip", request(lead.KindPurchaseOffer, 1, offer(map[string]string{"zip": ""})), field.Errors{"zip": field.KeyRequired}},
		{"offer without city", request(lead.KindPurchaseOffer, 1, offer(map[string]string{"city": ""})), field.Errors{"city": field.KeyRequired}},
		{"offer without amount", request(lead.KindPurchaseOffer, 1, offer(map[string]string{"amount": ""})), field.Errors{"amount": field.KeyRequired}},
		{"offer of words", request(lead.KindPurchaseOffer, 1, offer(map[string]string{"amount": "300.000,50"})), field.Errors{"amount": field.KeyNumber}},
		{"offer of zero", request(lead.KindPurchaseOffer, 1, offer(map[string]string{"amount": "0"})), field.Errors{"amount": KeyAmount}},
		{"offer without date", request(lead.KindPurchaseOffer, 1, offer(map[string]string{"validUntil": ""})), field.Errors{"validUntil": field.KeyRequired}},
		{"offer with a bad date", request(lead.KindPurchaseOffer, 1, offer(map[string]string{"validUntil": "2026-02-30"})), field.Errors{"validUntil": field.KeyDate}},
		{"offer valid until yesterday", request(lead.KindPurchaseOffer, 1, offer(map[string]string{"validUntil": "2026-11-22"})), field.Errors{"validUntil": KeyPastDate}},
		{"offer on a rent property", request(lead.KindPurchaseOffer, 2, offer(nil)), field.Errors{"form": KeyClosed}},
		{"offer on a sold property", request(lead.KindPurchaseOffer, 3, offer(nil)), field.Errors{"form": KeyClosed}},
		{"offer on an unknown property", request(lead.KindPurchaseOffer, 9, offer(nil)), field.Errors{"form": KeyClosed}},
		{"offer without phone", func() lead.Request {
			r := request(lead.KindPurchaseOffer, 1, offer(nil))
			r.Person.Phone = ""
			return r
		}(), field.Errors{"phone": field.KeyRequired}},

		{"rent good", request(lead.KindRentApplication, 2, rent(nil)), field.Errors{}},
		{"rent good at the bounds", request(lead.KindRentApplication, 2, rent(map[string]string{"adults": "2", "kids": "3", "income1": "2000", "income2": ""})), field.Errors{}},
		{"rent without adults", request(lead.KindRentApplication, 2, rent(map[string]string{"adults": ""})), field.Errors{"adults": field.KeyRequired}},
		{"rent with no adult", request(lead.KindRentApplication, 2, rent(map[string]string{"adults": "0"})), field.Errors{"adults": KeyAdults}},
		{"rent over the maximum persons", request(lead.KindRentApplication, 2, rent(map[string]string{"adults": "2", "kids": "4"})), field.Errors{"kids": KeyMaxPersons}},
		{"rent adults alone over the maximum", request(lead.KindRentApplication, 2, rent(map[string]string{"adults": "6", "kids": "0"})), field.Errors{"adults": KeyMaxPersons}},
		{"rent under the minimum income", request(lead.KindRentApplication, 2, rent(map[string]string{"income1": "1200", "income2": "799"})), field.Errors{"income1": KeyMinIncome}},
		{"rent without income", request(lead.KindRentApplication, 2, rent(map[string]string{"income1": ""})), field.Errors{"income1": field.KeyRequired}},
		{"rent with a bad income", request(lead.KindRentApplication, 2, rent(map[string]string{"income2": "beaucoup"})), field.Errors{"income2": field.KeyNumber}},
		{"rent without moving date", request(lead.KindRentApplication, 2, rent(map[string]string{"movingDate": ""})), field.Errors{"movingDate": field.KeyRequired}},
		{"rent moving yesterday", request(lead.KindRentApplication, 2, rent(map[string]string{"movingDate": "2026-11-22"})), field.Errors{"movingDate": KeyPastDate}},
		{"rent with a bad pets answer", request(lead.KindRentApplication, 2, rent(map[string]string{"pets": "maybe"})), field.Errors{"pets": field.KeyChoice}},
		{"rent on a sale property", request(lead.KindRentApplication, 1, rent(nil)), field.Errors{"form": KeyClosed}},
		{"rent on a rented property", request(lead.KindRentApplication, 4, rent(nil)), field.Errors{"form": KeyClosed}},

		{"document good", request(lead.KindDocument, 1, map[string]string{"document": "72"}), field.Errors{}},
		{"document of a rent property", request(lead.KindDocument, 2, map[string]string{"document": "73"}), field.Errors{}},
		{"document not chosen", request(lead.KindDocument, 1, map[string]string{"document": ""}), field.Errors{"document": field.KeyRequired}},
		{"document of another property", request(lead.KindDocument, 1, map[string]string{"document": "73"}), field.Errors{"document": KeyDocument}},
		{"document not a number", request(lead.KindDocument, 1, map[string]string{"document": "plans"}), field.Errors{"document": KeyDocument}},
		{"document of a sold property", request(lead.KindDocument, 3, map[string]string{"document": "74"}), field.Errors{"form": KeyClosed}},
		{"document without email", func() lead.Request {
			r := request(lead.KindDocument, 1, map[string]string{"document": "71"})
			r.Person.Email = "zoe@"
			return r
		}(), field.Errors{"email": field.KeyEmail}},

		{"other kinds pass", lead.Request{Kind: lead.KindSiteContact, Person: person(), Remark: "Bonjour"}, field.Errors{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := check(tc.r); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestNoLimits(t *testing.T) {
	ru := rules
	ru.Limits = Limits{}
	r := request(lead.KindRentApplication, 2, rent(map[string]string{"adults": "9", "kids": "9", "income1": "1", "income2": ""}))
	if got := ru.Check(t.Context(), r, now); len(got) != 0 {
		t.Fatalf("without limits: %v", got)
	}
}

// The limits are those of the request's agency, as published or
// previewed: the agency raising its maximum of persons lets a household
// in that the limits it started with refused.
func TestLimitsOfTheRequestsAgency(t *testing.T) {
	r := request(lead.KindRentApplication, 2, rent(map[string]string{"adults": "2", "kids": "5"}))
	if got := rules.Check(t.Context(), r, now); got["kids"] != KeyMaxPersons {
		t.Fatalf("seven persons under the limits it started with: %v", got)
	}
	raised := &site.Config{RentApplication: site.RentApplication{MaxPersons: 8, MinIncome: rules.Limits.MinIncome}}
	ctx := agency.NewContext(t.Context(), &agency.Agency{Site: raised, Version: 2})
	if got := rules.Check(ctx, r, now); len(got) != 0 {
		t.Errorf("seven persons where the agency accepts eight: %v", got)
	}
}

func TestTerms(t *testing.T) {
	if got := Advance(315000); got != 31500 {
		t.Errorf("Advance(315000) = %d", got)
	}
	if got := Advance(123455); got != 12346 {
		t.Errorf("Advance(123455) = %d, want it rounded to 12346", got)
	}
	if got := Deposit(890); got != 2670 {
		t.Errorf("Deposit(890) = %d", got)
	}
}

type stored map[string]bool

func (s stored) DocumentRequested(_ context.Context, property int64, email, document string) (bool, error) {
	return s[strings.ToLower(email)+"/"+document], nil
}

// TestDocumentStates: SPEC §4's states as Repeat sees them: not yet
// requested (stored), already requested (answered as the first was).
func TestDocumentStates(t *testing.T) {
	repeat := Repeats{stored{"zoe@example.be/71": true}}.Repeat
	for _, tc := range []struct {
		name string
		r    lead.Request
		want bool
	}{
		{"not yet requested", request(lead.KindDocument, 1, map[string]string{"document": "72"}), false},
		{"already requested", request(lead.KindDocument, 1, map[string]string{"document": "71"}), true},
		{"another kind never repeats", request(lead.KindPurchaseOffer, 1, map[string]string{"document": "71"}), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := repeat(t.Context(), tc.r)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestKeysTranslated(t *testing.T) {
	texts := append([]string{}, Keys...)
	for _, k := range []string{"document-request", "purchase-offer", "rent-application"} {
		texts = append(texts, "offer.thankYou."+k)
	}
	for _, lang := range i18n.Languages {
		for _, k := range append(texts, "mail.field.validUntil") {
			if _, ok := i18n.Bundled()[lang][k]; !ok {
				t.Errorf("%s: %s missing", lang, k)
			}
		}
		if len(i18n.Bundled()[lang]) == 0 {
			t.Fatalf("no %s texts", lang)
		}
	}
}

// TestAllAtOnce: a rent application with a bad field and too many persons
// hears of both in one answer.
func TestAllAtOnce(t *testing.T) {
	r := request(lead.KindRentApplication, 2, rent(map[string]string{"kids": "4", "pets": "maybe"}))
	want := field.Errors{"kids": KeyMaxPersons, "pets": field.KeyChoice}
	if got := check(r); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}
