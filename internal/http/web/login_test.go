package web

import (
	"context"
	"errors"
	"testing"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/antispam"
	"immo/internal/domain/lead"
)

// counts counts hits in memory, as the SQL store does in a table.
type counts map[string]int

func (m counts) Hit(_ context.Context, key string, window time.Time) (int, error) {
	m[key+"@"+window.String()]++
	return m[key+"@"+window.String()], nil
}

func (m counts) Count(_ context.Context, key string, window time.Time) (int, error) {
	return m[key+"@"+window.String()], nil
}

func (m counts) PurgeHits(context.Context, time.Time) (int64, error) { return 0, nil }

// Every role's login is LoginBrakes.Try: a wrong password is counted and
// refused as failed, the same for an unknown address; past a brake the
// check is not asked; an unconfirmed address is its own refusal and counts
// nothing; a right one is the account; each role's counters its own.
func TestLoginTry(t *testing.T) {
	ip, err := lead.NewIPHasher([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)
	lim := func(max int) *antispam.Limiter {
		return &antispam.Limiter{Counter: counts{}, Max: max, Window: account.LoginWindow, Now: func() time.Time { return now }}
	}
	b := LoginBrakes{IP: ip, PerAccountAddress: lim(2), PerAddress: lim(20), PerAccount: lim(100)}
	ann := account.Account{ID: 7, Email: "ann@example.be"}
	asked := 0
	check := func(err error) func(context.Context, string) (account.Account, error) {
		return func(_ context.Context, email string) (account.Account, error) {
			asked++
			if email != "ann@example.be" {
				t.Errorf("checked %q, want the address normalised", email)
			}
			if err != nil {
				return account.Account{}, err
			}
			return ann, nil
		}
	}
	ctx := t.Context()
	for _, role := range []account.Role{account.Owner, account.Registrant, account.Staff} {
		asked = 0
		if at, err := b.Try(ctx, role, " Ann@Example.be ", "192.0.2.1", "", check(nil)); err != nil || at.Refused != "" || at.Account.ID != 7 {
			t.Fatalf("%s: the right password: %+v %v", role, at, err)
		}
		if at, err := b.Try(ctx, role, "ann@example.be", "192.0.2.1", "", check(account.ErrUnconfirmed)); err != nil || at.Refused != LoginUnconfirmed {
			t.Fatalf("%s: an unconfirmed address: %+v %v", role, at, err)
		}
		for range 2 {
			if at, err := b.Try(ctx, role, "ann@example.be", "192.0.2.1", "", check(account.ErrLogin)); err != nil || at.Refused != LoginFailed {
				t.Fatalf("%s: a wrong password: %+v %v", role, at, err)
			}
		}
		at, err := b.Try(ctx, role, "ann@example.be", "192.0.2.1", "", check(nil))
		if err != nil || at.Refused != LoginLocked || at.Limit == "" || asked != 4 {
			t.Fatalf("%s: past the brake: %+v %v, %d checks", role, at, err, asked)
		}
		// Another client address is not held by this one's failures.
		if at, err := b.Try(ctx, role, "ann@example.be", "192.0.2.2", "", check(nil)); err != nil || at.Refused != "" {
			t.Fatalf("%s: from another address: %+v %v", role, at, err)
		}
	}
	boom := errors.New("database down")
	if _, err := b.Try(ctx, account.Owner, "bob@example.be", "192.0.2.3", "", func(context.Context, string) (account.Account, error) {
		return account.Account{}, boom
	}); !errors.Is(err, boom) {
		t.Fatalf("the check's failure: %v", err)
	}
	// Without brakes (no IP hasher), only the check.
	if at, err := (LoginBrakes{}).Try(ctx, account.Staff, "ann@example.be", "192.0.2.1", "", check(account.ErrLogin)); err != nil || at.Refused != LoginFailed {
		t.Fatalf("no brakes: %+v %v", at, err)
	}
}
