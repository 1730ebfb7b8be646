package storagetest

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/account"
	"immo/internal/domain/mail"
)

// RunOwners is the owners' suite, run on every database: an invitation
// creates the owner once and links its properties, an owner's properties
// are its own, a password link is used once (raced on two handles) and
// refused once expired, and an invitation whose mail fails leaves nothing.
func RunOwners(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("Invite", func(t *testing.T) { testOwnerInvite(t, open(t)) })
	t.Run("TokenOnce", func(t *testing.T) { testOwnerTokenRace(t, open(t), open(t)) })
	t.Run("TokenExpires", func(t *testing.T) { testOwnerTokenExpiry(t, open(t)) })
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
	if _, err := o.TokenAccount(ctx, account.PurposeSetPassword, "h5", ownerNow); !errors.Is(err, account.ErrUnknownToken) {
		t.Fatalf("an invitation whose mail failed left its link: %v", err)
	}
}

func testOwnerTokenRace(t *testing.T, s1, s2 *sqlstore.Store) {
	ctx := t.Context()
	ann, _ := invite(t, s1, "ann@example.be", []int64{1001}, "race")
	if got, err := s2.Owners().TokenAccount(ctx, account.PurposeSetPassword, "race", ownerNow); err != nil || got.ID != ann.ID {
		t.Fatalf("TokenAccount: %+v %v", got, err)
	}
	if _, err := s2.Owners().TokenAccount(ctx, account.PurposeReset, "race", ownerNow); !errors.Is(err, account.ErrUnknownToken) {
		t.Fatalf("another purpose: %v", err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	won, lost := 0, 0
	for i, s := range []*sqlstore.Store{s1, s2, s1, s2} {
		wg.Go(func() {
			_, err := s.Owners().UseToken(ctx, account.PurposeSetPassword, "race", ownerNow, "hash"+string(rune('a'+i)))
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				won++
			case errors.Is(err, account.ErrUnknownToken):
				lost++
			default:
				t.Errorf("UseToken: %v", err)
			}
		})
	}
	wg.Wait()
	if won != 1 || lost != 3 {
		t.Fatalf("a link used %d times (%d refused), want once", won, lost)
	}
	got, err := s1.Accounts().ByID(ctx, ann.ID)
	if err != nil || len(got.PasswordHash) != 5 || got.PasswordHash[:4] != "hash" {
		t.Fatalf("password not set by the winner: %+v %v", got, err)
	}
	if _, err := s1.Owners().TokenAccount(ctx, account.PurposeSetPassword, "race", ownerNow); !errors.Is(err, account.ErrUnknownToken) {
		t.Fatalf("a used link still opens: %v", err)
	}
}

func testOwnerTokenExpiry(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	o := s.Owners()
	ann, _ := invite(t, s, "ann@example.be", []int64{1001}, "exp")
	end := ownerNow.Add(account.InviteValidity)
	if _, err := o.TokenAccount(ctx, account.PurposeSetPassword, "exp", end.Add(-time.Second)); err != nil {
		t.Fatalf("a second before its end: %v", err)
	}
	for _, at := range []time.Time{end, end.Add(time.Hour)} {
		if _, err := o.TokenAccount(ctx, account.PurposeSetPassword, "exp", at); !errors.Is(err, account.ErrUnknownToken) {
			t.Fatalf("expired link opens at %v: %v", at, err)
		}
		if _, err := o.UseToken(ctx, account.PurposeSetPassword, "exp", at, "h"); !errors.Is(err, account.ErrUnknownToken) {
			t.Fatalf("expired link used at %v: %v", at, err)
		}
	}
	// A disabled account's link opens nothing.
	if _, err := s.Accounts().Create(ctx, account.Account{Role: account.Owner, Email: "shut@example.be", Created: ownerNow,
		Disabled: true}); err != nil {
		t.Fatal(err)
	}
	invite(t, s, "shut@example.be", []int64{1001}, "dis")
	if _, err := o.TokenAccount(ctx, account.PurposeSetPassword, "dis", ownerNow); !errors.Is(err, account.ErrUnknownToken) {
		t.Fatalf("a disabled account's link opens: %v", err)
	}
	if _, err := o.UseToken(ctx, account.PurposeSetPassword, "dis", ownerNow, "h"); !errors.Is(err, account.ErrUnknownToken) {
		t.Fatalf("a disabled account's link used: %v", err)
	}
	if got, _ := s.Accounts().ByID(ctx, ann.ID); got.PasswordHash != "$argon2id$unknown" {
		t.Fatalf("an expired link set the password: %q", got.PasswordHash)
	}
}
