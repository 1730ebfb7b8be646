package storagetest

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/account"
	"immo/internal/domain/mail"
)

// RunOwners is the owners' suite, run on every database: an invitation
// creates the owner once and links its properties, an owner's properties
// are its own, and an invitation whose mail fails leaves nothing (the
// links themselves: RunLinks).
func RunOwners(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("Invite", func(t *testing.T) { testOwnerInvite(t, open(t)) })
	t.Run("FeedInvite", func(t *testing.T) { testOwnerFeedInvite(t, open(t), open(t)) })
	t.Run("List", func(t *testing.T) { testOwnerList(t, open(t)) })
}

var ownerNow = time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)

func invite(t *testing.T, s *sqlstore.Store, email string, props []int64, hash string) (account.Account, bool) {
	t.Helper()
	a := account.Account{Role: account.Owner, Email: email, FirstName: "Ann", LastName: "Peeters", Lang: "fr",
		PasswordHash: "$argon2id$unknown", Created: ownerNow}
	got, created, err := s.Owners().Invite(t.Context(), a, props,
		account.Token{Hash: hash, Purpose: account.PurposeSetPassword, Expires: ownerNow.Add(account.InviteValidity)},
		func(context.Context, mail.Tx, account.Account) error { return nil })
	if err != nil {
		t.Fatalf("Invite %s: %v", email, err)
	}
	return got, created
}

func testOwnerInvite(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	o := s.Owners()
	ann, created := invite(t, s, "ann@example.be", []int64{1002, 1001}, "h1")
	if !created || ann.ID <= 0 || ann.Role != account.Owner || ann.Lang != "fr" {
		t.Fatalf("first invitation: %+v created %v", ann, created)
	}
	again, created := invite(t, s, "ann@example.be", []int64{1001, 1003}, "h2")
	if created || again.ID != ann.ID {
		t.Fatalf("second invitation made another account: %+v created %v", again, created)
	}
	bob, _ := invite(t, s, "bob@example.be", []int64{2001}, "h3")
	if got, err := o.Properties(ctx, ann.ID); err != nil || !slices.Equal(got, []int64{1001, 1002, 1003}) {
		t.Fatalf("ann's properties %v %v", got, err)
	}
	if got, err := o.Properties(ctx, bob.ID); err != nil || !slices.Equal(got, []int64{2001}) {
		t.Fatalf("bob's properties %v %v", got, err)
	}
	if got, err := o.Properties(ctx, 9999); err != nil || len(got) != 0 {
		t.Fatalf("nobody's properties %v %v", got, err)
	}
	// A registrant with the same address is another account.
	if _, err := s.Accounts().Create(ctx, account.Account{Role: account.Registrant, Email: "carl@example.be", Created: ownerNow}); err != nil {
		t.Fatal(err)
	}
	carl, created := invite(t, s, "carl@example.be", []int64{3001}, "h4")
	if !created || carl.Role != account.Owner {
		t.Fatalf("an owner beside a registrant: %+v %v", carl, created)
	}
	// The mail failing undoes the invitation: no account, no link, no property.
	boom := errors.New("mail failed")
	_, _, err := o.Invite(ctx, account.Account{Role: account.Owner, Email: "dan@example.be", Created: ownerNow}, []int64{4001},
		account.Token{Hash: "h5", Purpose: account.PurposeSetPassword, Expires: ownerNow.Add(time.Hour)},
		func(context.Context, mail.Tx, account.Account) error { return boom })
	if !errors.Is(err, boom) {
		t.Fatalf("failed mail: %v", err)
	}
	if _, err := s.Accounts().ByEmail(ctx, account.Owner, "dan@example.be"); !errors.Is(err, account.ErrNotFound) {
		t.Fatalf("an invitation whose mail failed left its account: %v", err)
	}
	if _, err := s.Links().LinkAccount(ctx, account.OwnerInviteLink, "h5", ownerNow); !errors.Is(err, account.ErrUnknownToken) {
		t.Fatalf("an invitation whose mail failed left its link: %v", err)
	}
}
