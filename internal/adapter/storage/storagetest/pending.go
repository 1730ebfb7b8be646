package storagetest

import (
	"context"
	"strconv"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/account"
	"immo/internal/domain/demand"
	"immo/internal/domain/mail"
	regs "immo/internal/domain/registrant"
)

// testPending: the public register keeps the newest maxPending unconfirmed
// demands of an address (the oldest give way with their links), which do
// not count against the account's confirmed ones; PurgePending deletes
// those never confirmed, and the accounts never confirmed left with none.
func testPending(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	reg := s.Registrants()
	register := func(email string, at time.Time, n int) regs.Registered {
		var got regs.Registered
		d := plainDemand(0)
		d.Created, d.Confirmed = at, time.Time{}
		if err := s.WithTx(ctx, func(ctx context.Context, tx mail.Tx) error {
			var err error
			got, err = reg.Register(ctx, tx, account.Account{Role: account.Registrant, Email: email, Lang: "fr", PasswordHash: "h",
				Created: at}, d, account.Token{Hash: email + strconv.Itoa(n), Purpose: account.PurposeConfirmDemand, Expires: at.Add(regs.ConfirmValidity)}, 3)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return got
	}
	var first regs.Registered
	for i := range 6 {
		r := register("vic@example.be", accNow, i)
		if i == 0 {
			first = r
		}
	}
	ds, err := reg.Demands(ctx, first.Account.ID)
	if err != nil || len(ds) != 3 {
		t.Fatalf("pending demands kept: %d %v", len(ds), err)
	}
	if _, _, err := reg.Confirmation(ctx, "vic@example.be0", accNow); err == nil {
		t.Fatal("a link of a demand given way still confirms")
	}
	if _, _, err := reg.Confirmation(ctx, "vic@example.be5", accNow); err != nil {
		t.Fatalf("the newest link: %v", err)
	}
	// Pending demands take no room from confirmed ones.
	for i := range 2 {
		if _, err := reg.AddDemand(ctx, demand.Demand{Account: first.Account.ID, Lang: "fr", Types: []int{1}, Zips: []string{"BE-6700"},
			Created: accNow, Confirmed: accNow}, 2); err != nil {
			t.Fatalf("add %d: %v", i, err)
		}
	}
	// Another address, registered later: kept by the purge.
	later := register("ann@example.be", accNow.Add(regs.PendingKept), 0)
	n, err := reg.PurgePending(ctx, accNow.Add(time.Hour))
	if err != nil || n != 3 {
		t.Fatalf("purged %d %v, want the 3 pending", n, err)
	}
	if ds, _ := reg.Demands(ctx, first.Account.ID); len(ds) != 2 {
		t.Fatalf("after the purge: %d demands, want the 2 confirmed", len(ds))
	}
	if _, err := s.Accounts().ByID(ctx, first.Account.ID); err != nil {
		t.Fatalf("an account with demands purged: %v", err)
	}
	// An account never confirmed, with nothing left, goes.
	gone := register("eve@example.be", accNow, 0)
	if _, err := reg.PurgePending(ctx, accNow.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Accounts().ByID(ctx, gone.Account.ID); err == nil {
		t.Fatal("an unconfirmed account with no demand left is kept")
	}
	if ds, _ := reg.Demands(ctx, later.Account.ID); len(ds) != 1 {
		t.Fatalf("a later pending demand purged: %d", len(ds))
	}
}
