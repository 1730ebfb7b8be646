package storagetest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/account"
	"immo/internal/domain/mail"
	regs "immo/internal/domain/registrant"
)

// RunLinks is the suite of the accounts' single-use links, every role's
// (account.LinkStore), run on every database: a link opens the accounts of
// its kind only (an owner's no staff page, a staff link no owner's page, a
// registrant's reset no owner's page), is used once (raced on two
// handles), expires, opens nothing for a disabled account; a link mailed
// ends the account's earlier ones, a password set ends them all; a link is
// added for an account of its role only, none for a disabled one, nothing
// kept when its mail fails.
func RunLinks(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("Kinds", func(t *testing.T) { testLinkKinds(t, open(t)) })
	t.Run("Once", func(t *testing.T) { testLinkOnce(t, open(t), open(t)) })
	t.Run("Expires", func(t *testing.T) { testLinkExpiry(t, open(t)) })
	t.Run("Add", func(t *testing.T) { testLinkAdd(t, open(t)) })
	t.Run("DemandConfirmation", func(t *testing.T) { testDemandConfirmationLink(t, open(t)) })
}

// testDemandConfirmationLink: a demand's confirmation link lives with the
// password links, of its own purpose: it opens no password page, a reset
// link confirms no demand, and a reset asked and used on the way (which
// ends every earlier password link) leaves the demand's link working,
// once.
func testDemandConfirmationLink(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	reg := s.Registrants()
	d := plainDemand(0)
	d.Created, d.Confirmed = ownerNow, time.Time{}
	var got regs.Registered
	if err := s.WithTx(ctx, func(ctx context.Context, tx mail.Tx) error {
		var err error
		got, err = reg.Register(ctx, tx, account.Account{Role: account.Registrant, Email: "vic@example.be", Lang: "fr",
			PasswordHash: "h", Created: ownerNow}, d, account.Token{Hash: "confirm", Purpose: account.PurposeConfirmDemand,
			Expires: ownerNow.Add(account.ConfirmValidity)}, 3)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Links().LinkAccount(ctx, account.RegistrantResetLink, "confirm", ownerNow); !errors.Is(err, account.ErrUnknownToken) {
		t.Fatalf("a demand's link opens the reset page: %v", err)
	}
	addLink(t, s, got.Account, account.RegistrantResetLink, "reset")
	if _, _, err := reg.Confirmation(ctx, "reset", ownerNow); !errors.Is(err, regs.ErrUnknownToken) {
		t.Fatalf("a reset link confirms a demand: %v", err)
	}
	if _, err := s.Links().UseLink(ctx, account.RegistrantResetLink, "reset", ownerNow, "h2", nil); err != nil {
		t.Fatalf("the reset: %v", err)
	}
	if a, dd, err := reg.Confirmation(ctx, "confirm", ownerNow); err != nil || a.ID != got.Account.ID || dd.ID != got.Demand {
		t.Fatalf("the demand's link after a reset: %+v %+v %v", a, dd, err)
	}
	if _, dd, err := reg.Confirm(ctx, "confirm", ownerNow, ""); err != nil || dd.Confirmed.IsZero() {
		t.Fatalf("confirm: %+v %v", dd, err)
	}
	if _, _, err := reg.Confirm(ctx, "confirm", ownerNow, ""); !errors.Is(err, regs.ErrUnknownToken) {
		t.Fatalf("the link confirms twice: %v", err)
	}
}

// account of role and email made for the links' tests.
func linkAccount(t *testing.T, s *sqlstore.Store, role account.Role, email string, disabled bool) account.Account {
	t.Helper()
	a := account.Account{Role: role, Email: email, FirstName: "Ann", Lang: "fr", PasswordHash: "$argon2id$unknown",
		Created: ownerNow, Disabled: disabled}
	if role == account.Staff {
		a.StaffRole = account.Agent
	}
	id, err := s.Accounts().Create(t.Context(), a)
	if err != nil {
		t.Fatalf("account %s %s: %v", role, email, err)
	}
	a.ID = id
	return a
}

// addLink stores the link hash of kind for a, valid from ownerNow.
func addLink(t *testing.T, s *sqlstore.Store, a account.Account, kind account.LinkKind, hash string) {
	t.Helper()
	if _, err := s.Links().AddLink(t.Context(), account.Account{Role: a.Role, ID: a.ID},
		account.Token{Hash: hash, Purpose: kind.Purpose, Expires: ownerNow.Add(kind.Validity)}, nil); err != nil {
		t.Fatalf("AddLink %s: %v", hash, err)
	}
}

func testLinkKinds(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	l := s.Links()
	// One address, an account in each role, a link each.
	owner := linkAccount(t, s, account.Owner, "ann@example.be", false)
	reg := linkAccount(t, s, account.Registrant, "ann@example.be", false)
	staff := linkAccount(t, s, account.Staff, "ann@example.be", false)
	addLink(t, s, owner, account.OwnerInviteLink, "owner")
	addLink(t, s, reg, account.RegistrantResetLink, "reg")
	addLink(t, s, staff, account.StaffLink, "staff")
	kinds := []account.LinkKind{account.OwnerInviteLink, account.RegistrantResetLink, account.StaffLink}
	for hash, want := range map[string]account.Account{"owner": owner, "reg": reg, "staff": staff} {
		for _, k := range kinds {
			got, err := l.LinkAccount(ctx, k, hash, ownerNow)
			if k.Role == want.Role {
				if err != nil || got.ID != want.ID || got.Role != want.Role {
					t.Fatalf("%s's link on its page: %+v %v", hash, got, err)
				}
				continue
			}
			if !errors.Is(err, account.ErrUnknownToken) {
				t.Fatalf("%s's link opens the %s page: %+v %v", hash, k.Role, got, err)
			}
			if _, err := l.UseLink(ctx, k, hash, ownerNow, "h", nil); !errors.Is(err, account.ErrUnknownToken) {
				t.Fatalf("%s's link used on the %s page: %v", hash, k.Role, err)
			}
		}
	}
	// The purpose counts with the role: an owner's invitation opens no
	// page of purpose reset, even for owners; the owners' forgotten
	// password (OwnerResetLink) shares the invitation's purpose and page.
	if _, err := l.LinkAccount(ctx, account.LinkKind{Purpose: account.PurposeReset, Role: account.Owner}, "owner", ownerNow); !errors.Is(err, account.ErrUnknownToken) {
		t.Fatalf("another purpose: %v", err)
	}
	if got, err := l.LinkAccount(ctx, account.OwnerResetLink, "owner", ownerNow); err != nil || got.ID != owner.ID {
		t.Fatalf("an owner's invitation on the page of a forgotten password: %+v %v", got, err)
	}
}

func testLinkOnce(t *testing.T, s1, s2 *sqlstore.Store) {
	ctx := t.Context()
	for _, role := range []account.Role{account.Owner, account.Registrant, account.Staff} {
		kind := map[account.Role]account.LinkKind{account.Owner: account.OwnerInviteLink,
			account.Registrant: account.RegistrantResetLink, account.Staff: account.StaffLink}[role]
		a := linkAccount(t, s1, role, string(role)+"@example.be", false)
		hash := "race-" + string(role)
		addLink(t, s1, a, kind, hash)
		if got, err := s2.Links().LinkAccount(ctx, kind, hash, ownerNow); err != nil || got.ID != a.ID {
			t.Fatalf("LinkAccount: %+v %v", got, err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		won, lost, ran := 0, 0, 0
		for i, s := range []*sqlstore.Store{s1, s2, s1, s2} {
			wg.Go(func() {
				got, err := s.Links().UseLink(ctx, kind, hash, ownerNow, "hash"+string(rune('a'+i)),
					func(context.Context, mail.Tx, account.Account) error {
						mu.Lock()
						defer mu.Unlock()
						ran++
						return nil
					})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil && got.ID == a.ID && got.Role == role && got.PasswordChanged.Equal(ownerNow) && got.Confirmed.Equal(ownerNow):
					won++
				case errors.Is(err, account.ErrUnknownToken):
					lost++
				default:
					t.Errorf("UseLink: %+v %v", got, err)
				}
			})
		}
		wg.Wait()
		if won != 1 || lost != 3 || ran != 1 {
			t.Fatalf("%s: a link used %d times (%d refused, fn ran %d times), want once", role, won, lost, ran)
		}
		got, err := s1.Accounts().ByID(ctx, a.ID)
		if err != nil || len(got.PasswordHash) != 5 || got.PasswordHash[:4] != "hash" {
			t.Fatalf("password not set by the winner: %+v %v", got, err)
		}
		if _, err := s1.Links().LinkAccount(ctx, kind, hash, ownerNow); !errors.Is(err, account.ErrUnknownToken) {
			t.Fatalf("a used link still opens: %v", err)
		}
	}
	// fn's error undoes the use: the link still opens, the password is
	// as it was.
	a := linkAccount(t, s1, account.Staff, "undo@example.be", false)
	addLink(t, s1, a, account.StaffLink, "undo")
	boom := errors.New("audit failed")
	if _, err := s1.Links().UseLink(ctx, account.StaffLink, "undo", ownerNow, "h",
		func(context.Context, mail.Tx, account.Account) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("a failing fn: %v", err)
	}
	if _, err := s2.Links().LinkAccount(ctx, account.StaffLink, "undo", ownerNow); err != nil {
		t.Fatalf("a use undone spent its link: %v", err)
	}
	if got, _ := s1.Accounts().ByID(ctx, a.ID); got.PasswordHash != "$argon2id$unknown" {
		t.Fatalf("a use undone set the password: %q", got.PasswordHash)
	}
}

func testLinkExpiry(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	l := s.Links()
	ann := linkAccount(t, s, account.Owner, "ann@example.be", false)
	addLink(t, s, ann, account.OwnerInviteLink, "exp")
	end := ownerNow.Add(account.InviteValidity)
	if _, err := l.LinkAccount(ctx, account.OwnerInviteLink, "exp", end.Add(-time.Second)); err != nil {
		t.Fatalf("a second before its end: %v", err)
	}
	for _, at := range []time.Time{end, end.Add(time.Hour)} {
		if _, err := l.LinkAccount(ctx, account.OwnerInviteLink, "exp", at); !errors.Is(err, account.ErrUnknownToken) {
			t.Fatalf("expired link opens at %v: %v", at, err)
		}
		if _, err := l.UseLink(ctx, account.OwnerInviteLink, "exp", at, "h", nil); !errors.Is(err, account.ErrUnknownToken) {
			t.Fatalf("expired link used at %v: %v", at, err)
		}
	}
	if got, _ := s.Accounts().ByID(ctx, ann.ID); got.PasswordHash != "$argon2id$unknown" {
		t.Fatalf("an expired link set the password: %q", got.PasswordHash)
	}
	// A disabled account's link opens nothing: an owner's (disabled
	// before an invitation linked it), a staff member's (disabled after).
	linkAccount(t, s, account.Owner, "shut@example.be", true)
	invite(t, s, "shut@example.be", []int64{1001}, "dis-owner")
	agent := linkAccount(t, s, account.Staff, "agent@example.be", false)
	addLink(t, s, agent, account.StaffLink, "dis-staff")
	if err := s.Staff().SetStaffDisabled(ctx, agent.ID, true, noop); err != nil {
		t.Fatal(err)
	}
	for hash, kind := range map[string]account.LinkKind{"dis-owner": account.OwnerInviteLink, "dis-staff": account.StaffLink} {
		if _, err := l.LinkAccount(ctx, kind, hash, ownerNow); !errors.Is(err, account.ErrUnknownToken) {
			t.Fatalf("a disabled account's link opens: %s %v", hash, err)
		}
		if _, err := l.UseLink(ctx, kind, hash, ownerNow, "h", nil); !errors.Is(err, account.ErrUnknownToken) {
			t.Fatalf("a disabled account's link used: %s %v", hash, err)
		}
	}
}

func testLinkAdd(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	l := s.Links()
	owner := linkAccount(t, s, account.Owner, "ann@example.be", false)
	reg := linkAccount(t, s, account.Registrant, "ann@example.be", false)
	linkAccount(t, s, account.Registrant, "shut@example.be", true)
	token := func(hash string) account.Token {
		return account.Token{Hash: hash, Purpose: account.PurposeReset, Expires: ownerNow.Add(time.Hour)}
	}
	// By address, the role's account; fn sees it.
	var seen account.Account
	got, err := l.AddLink(ctx, account.Account{Role: account.Registrant, Email: "ann@example.be"}, token("r1"),
		func(_ context.Context, _ mail.Tx, a account.Account) error { seen = a; return nil })
	if err != nil || got.ID != reg.ID || seen.ID != reg.ID {
		t.Fatalf("AddLink by address: %+v (fn saw %+v) %v", got, seen, err)
	}
	// By ID, of its role only.
	if _, err := l.AddLink(ctx, account.Account{Role: account.Staff, ID: owner.ID}, token("x"), nil); !errors.Is(err, account.ErrNotFound) {
		t.Fatalf("an owner's ID as staff: %v", err)
	}
	if _, err := l.AddLink(ctx, account.Account{Role: account.Owner, Email: "nobody@example.be"}, token("x"), nil); !errors.Is(err, account.ErrNotFound) {
		t.Fatalf("nobody's address: %v", err)
	}
	if _, err := l.AddLink(ctx, account.Account{Role: account.Registrant, Email: "shut@example.be"}, token("x"), nil); !errors.Is(err, account.ErrDisabled) {
		t.Fatalf("a disabled account: %v", err)
	}
	// A newer link ends the older; the mail failing keeps nothing, and the
	// older link then still works.
	if _, err := l.AddLink(ctx, account.Account{Role: account.Registrant, ID: reg.ID}, token("r2"), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := l.LinkAccount(ctx, account.RegistrantResetLink, "r1", ownerNow); !errors.Is(err, account.ErrUnknownToken) {
		t.Fatalf("the first link after a second was mailed: %v", err)
	}
	boom := errors.New("mail failed")
	if _, err := l.AddLink(ctx, account.Account{Role: account.Registrant, ID: reg.ID}, token("r3"),
		func(context.Context, mail.Tx, account.Account) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("a failing mail: %v", err)
	}
	if _, err := l.LinkAccount(ctx, account.RegistrantResetLink, "r3", ownerNow); !errors.Is(err, account.ErrUnknownToken) {
		t.Fatalf("a link whose mail failed opens: %v", err)
	}
	if _, err := l.LinkAccount(ctx, account.RegistrantResetLink, "r2", ownerNow); err != nil {
		t.Fatalf("a failed mail ended the link before: %v", err)
	}
	// A password set another way (the area's change) ends every link.
	if err := s.Registrants().ChangePassword(ctx, reg.ID, "$argon2id$new", ownerNow); err != nil {
		t.Fatal(err)
	}
	if _, err := l.LinkAccount(ctx, account.RegistrantResetLink, "r2", ownerNow); !errors.Is(err, account.ErrUnknownToken) {
		t.Fatalf("a link after the password changed: %v", err)
	}
}
