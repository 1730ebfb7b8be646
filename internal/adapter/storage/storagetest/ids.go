package storagetest

import (
	"context"
	"testing"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/account"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/domain/testimonial"
)

// RunIDs tests that a number is never given again: a registrant erasing
// their account and their registration, the newest of each, leaves the
// next account and request numbered after them, as a testimonial deleted
// does the next testimonial — the audit log's entries about the old ones
// must not read as the new ones'.
func RunIDs(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("NeverReused", func(t *testing.T) { testIDsNeverReused(t, open(t)) })
}

func testIDsNeverReused(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	person := func(email string) (int64, int64) {
		t.Helper()
		a, err := s.Accounts().Create(ctx, account.Account{Role: account.Registrant, Email: email, FirstName: "Ann",
			LastName: "Peeters", Lang: "nl", PasswordHash: "$argon2id$x", Created: day})
		if err != nil {
			t.Fatal(err)
		}
		r := sampleRequest("hash-"+email, day)
		r.Kind, r.Person.Email, r.Fields = lead.KindDemandRegister, email, map[string]string{"purpose": "buy"}
		id, err := s.Requests().Save(ctx, r, nil)
		if err != nil {
			t.Fatal(err)
		}
		return a, id
	}
	account1, request1 := person("ann@example.be")
	if err := s.Registrants().DeleteAccount(ctx, account1, func(context.Context, mail.Tx, string) error { return nil }); err != nil {
		t.Fatal(err)
	}
	account2, request2 := person("bob@example.be")
	if account2 <= account1 || request2 <= request1 {
		t.Errorf("after erasing account %d and request %d, the next are %d and %d: numbers given again",
			account1, request1, account2, request2)
	}
	says := func(name string) int64 {
		t.Helper()
		id, err := s.AddTestimonial(ctx, testimonial.Testimonial{Name: name, Comment: "Top", Lang: "fr", CreatedAt: day})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	says("Anne")
	newest := says("Bart")
	if err := s.DeleteTestimonial(ctx, newest); err != nil {
		t.Fatal(err)
	}
	if next := says("Carla"); next <= newest {
		t.Errorf("after deleting testimonial %d the next is %d: a number given again", newest, next)
	}
}
