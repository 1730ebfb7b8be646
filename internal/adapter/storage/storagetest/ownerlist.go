package storagetest

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/account"
	"immo/internal/domain/audit"
	"immo/internal/domain/mail"
)

// The back office's owners: the newest first, each with its properties,
// whether it chose a password and its last invitation; a search by address
// or name (a LIKE's wildcards typed are text); pages that say whether
// another follows; an audit entry written with its change or not at all.
func testOwnerList(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	o := s.Owners()
	ann, _ := invite(t, s, "ann@example.be", []int64{30, 10}, "o1")
	bob, _ := invite(t, s, "bob_100%@example.be", []int64{20}, "o2")
	// Ann chose a password; Bob was invited again a day later.
	if _, err := s.Links().UseLink(ctx, account.OwnerInviteLink, "o1", ownerNow, "$argon2id$chosen", nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := o.Invite(ctx, account.Account{Role: account.Owner, Email: bob.Email, Created: ownerNow}, []int64{20},
		account.Token{Hash: "o3", Purpose: account.PurposeSetPassword, Expires: ownerNow.Add(24*time.Hour + account.InviteValidity)},
		func(context.Context, mail.Tx, account.Account) error { return nil }); err != nil {
		t.Fatal(err)
	}
	// A registrant of the same address is no owner.
	if _, err := s.Accounts().Create(ctx, account.Account{Role: account.Registrant, Email: "ann@example.be", Created: ownerNow}); err != nil {
		t.Fatal(err)
	}
	list, more, err := o.ListOwners(ctx, account.OwnerQuery{Limit: 10})
	if err != nil || more || len(list) != 2 {
		t.Fatalf("ListOwners: %+v %v %v", list, more, err)
	}
	if b := list[0]; b.ID != bob.ID || b.Activated || !slices.Equal(b.Properties, []int64{20}) || !b.LastInvite.Equal(ownerNow.Add(24*time.Hour)) {
		t.Errorf("Bob: %+v", b)
	}
	if a := list[1]; a.ID != ann.ID || !a.Activated || !slices.Equal(a.Properties, []int64{10, 30}) || !a.LastInvite.Equal(ownerNow) {
		t.Errorf("Ann: %+v", a)
	}
	for q, want := range map[string][]int64{"ANN@": {ann.ID}, "peeters": {bob.ID, ann.ID}, "ann pee": {bob.ID, ann.ID}, "100%": {bob.ID},
		"_": {bob.ID}, "%": {bob.ID}, "zed": nil} {
		got, _, err := o.ListOwners(ctx, account.OwnerQuery{Q: q, Limit: 10})
		ids := []int64{}
		for _, m := range got {
			ids = append(ids, m.ID)
		}
		if err != nil || !slices.Equal(ids, append([]int64{}, want...)) {
			t.Errorf("search %q: %v %v, want %v", q, ids, err, want)
		}
	}
	page, more, err := o.ListOwners(ctx, account.OwnerQuery{Limit: 1})
	if err != nil || !more || len(page) != 1 || page[0].ID != bob.ID {
		t.Fatalf("page 1: %+v %v %v", page, more, err)
	}
	page, more, err = o.ListOwners(ctx, account.OwnerQuery{Limit: 1, Offset: 1})
	if err != nil || more || len(page) != 1 || page[0].ID != ann.ID {
		t.Fatalf("page 2: %+v %v %v", page, more, err)
	}
	if m, err := o.OwnerSummary(ctx, ann.ID); err != nil || m.Email != "ann@example.be" || len(m.Properties) != 2 {
		t.Fatalf("OwnerSummary: %+v %v", m, err)
	}
	staff := addStaff(t, s, "staff@example.be", account.Agent, "s1")
	if _, err := o.OwnerSummary(ctx, staff.ID); !errors.Is(err, account.ErrNotOwner) {
		t.Fatalf("a staff account as an owner: %v", err)
	}
	// The audit entry goes with its change.
	logged := func(ctx context.Context, tx mail.Tx, a account.Account) error {
		return o.Audit(ctx, tx, account.OwnerChange{By: staff.ID, Account: a.ID, Action: account.OwnerInviteSent, At: ownerNow})
	}
	if _, _, err := o.Invite(ctx, account.Account{Role: account.Owner, Email: ann.Email, Created: ownerNow}, []int64{10},
		account.Token{Hash: "o4", Purpose: account.PurposeSetPassword, Expires: ownerNow.Add(time.Hour)}, logged); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("mail failed")
	if _, _, err := o.Invite(ctx, account.Account{Role: account.Owner, Email: ann.Email, Created: ownerNow}, []int64{10},
		account.Token{Hash: "o5", Purpose: account.PurposeSetPassword, Expires: ownerNow.Add(time.Hour)},
		func(ctx context.Context, tx mail.Tx, a account.Account) error {
			if err := logged(ctx, tx, a); err != nil {
				return err
			}
			return boom
		}); !errors.Is(err, boom) {
		t.Fatalf("a failing mail: %v", err)
	}
	got, err := s.Audit().List(ctx, audit.Query{TargetKind: account.OwnerAuditTarget, Limit: 10})
	if err != nil || len(got) != 1 || got[0].TargetID != ann.ID || got[0].Actor != staff.ID || got[0].Action != account.OwnerInviteSent ||
		!got[0].Time.Equal(ownerNow) {
		t.Fatalf("audit: %+v %v", got, err)
	}
}
