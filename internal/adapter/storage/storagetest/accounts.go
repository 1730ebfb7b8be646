package storagetest

import (
	"bytes"
	"errors"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/account"
)

// RunAccounts is the accounts' and sessions' suite, run on every database:
// one account per address and role (raced on two handles), lookups,
// password changes, and sessions kept until they expire.
func RunAccounts(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("Accounts", func(t *testing.T) { testAccounts(t, open(t)) })
	t.Run("OneAccountPerAddress", func(t *testing.T) { testAccountRace(t, open(t), open(t)) })
	t.Run("Sessions", func(t *testing.T) { testSessions(t, open(t)) })
}

var accNow = time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)

func testAccounts(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	a := s.Accounts()
	ann := account.Account{Role: account.Registrant, Email: "ann@example.be", FirstName: "Ann", LastName: "Peeters",
		Lang: "nl", PasswordHash: "$argon2id$x", Created: accNow, AlertFrequency: account.Daily, WeeklyReport: true}
	id, err := a.Create(ctx, ann)
	if err != nil || id <= 0 {
		t.Fatalf("Create: %d %v", id, err)
	}
	if _, err := a.Create(ctx, ann); !errors.Is(err, account.ErrEmailTaken) {
		t.Fatalf("the same address and role again: %v", err)
	}
	owner := ann
	owner.Role = account.Owner
	oid, err := a.Create(ctx, owner)
	if err != nil || oid == id {
		t.Fatalf("the same address as an owner: %d %v", oid, err)
	}
	got, err := a.ByEmail(ctx, account.Registrant, "ann@example.be")
	ann.ID = id
	if err != nil || got != ann {
		t.Fatalf("ByEmail = %+v %v, want %+v", got, err, ann)
	}
	if got, err := a.ByID(ctx, oid); err != nil || got.Role != account.Owner || got.Email != ann.Email {
		t.Fatalf("ByID = %+v %v", got, err)
	}
	for _, miss := range []func() error{
		func() error { _, err := a.ByEmail(ctx, account.Staff, "ann@example.be"); return err },
		func() error { _, err := a.ByEmail(ctx, account.Registrant, "bob@example.be"); return err },
		func() error { _, err := a.ByID(ctx, 9999); return err },
		func() error { return a.SetPasswordHash(ctx, 9999, "h") },
	} {
		if err := miss(); !errors.Is(err, account.ErrNotFound) {
			t.Errorf("missing account: %v", err)
		}
	}
	if err := a.SetPasswordHash(ctx, id, "$argon2id$new"); err != nil {
		t.Fatal(err)
	}
	if got, _ := a.ByID(ctx, id); got.PasswordHash != "$argon2id$new" {
		t.Errorf("password hash %q", got.PasswordHash)
	}
}

// Two servers registering one address at once: one account.
func testAccountRace(t *testing.T, s1, s2 *sqlstore.Store) {
	ctx := t.Context()
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, s := range []*sqlstore.Store{s1, s2} {
		wg.Go(func() {
			_, errs[i] = s.Accounts().Create(ctx, account.Account{Role: account.Owner, Email: "race@example.be",
				Lang: "fr", PasswordHash: "h", Created: accNow})
		})
	}
	wg.Wait()
	taken := 0
	for _, err := range errs {
		switch {
		case errors.Is(err, account.ErrEmailTaken):
			taken++
		case err != nil:
			t.Fatal(err)
		}
	}
	if taken != 1 {
		t.Fatalf("%d of two registrations refused, want 1", taken)
	}
}

func testSessions(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	ss := s.Sessions()
	if _, ok, err := ss.FindCtx(ctx, "nope"); ok || err != nil {
		t.Fatalf("unknown session: %v %v", ok, err)
	}
	later := time.Now().Add(time.Hour)
	if err := ss.CommitCtx(ctx, "tok", []byte("one"), later); err != nil {
		t.Fatal(err)
	}
	if err := ss.CommitCtx(ctx, "tok", []byte("two"), later); err != nil {
		t.Fatal(err)
	}
	if data, ok, err := ss.FindCtx(ctx, "tok"); !ok || err != nil || !bytes.Equal(data, []byte("two")) {
		t.Fatalf("Find = %q %v %v", data, ok, err)
	}
	if err := ss.CommitCtx(ctx, "old", []byte("x"), time.Now().Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := ss.FindCtx(ctx, "old"); ok {
		t.Error("an expired session was found")
	}
	if n, err := ss.DeleteExpired(ctx, time.Now()); err != nil || n != 1 {
		t.Errorf("DeleteExpired = %d %v", n, err)
	}
	if err := ss.DeleteCtx(ctx, "tok"); err != nil {
		t.Fatal(err)
	}
	if err := ss.DeleteCtx(ctx, "tok"); err != nil {
		t.Fatalf("deleting twice: %v", err)
	}
	if _, ok, _ := ss.FindCtx(ctx, "tok"); ok {
		t.Error("a deleted session was found")
	}
}
