package storagetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/account"
	"immo/internal/domain/audit"
	"immo/internal/domain/mail"
	"immo/internal/domain/platform"
)

// RunGrants is the contract of the platform's operator (issue #35): an
// agency's leave for the operator to read its leads (platform.GrantStore)
// is kept with its audit entry, or neither; an operator's account reads
// back as the role operator and is no staff member to share leads with.
func RunGrants(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("Grant", func(t *testing.T) { testGrant(t, open(t)) })
	t.Run("Operator", func(t *testing.T) { testOperatorAccount(t, open(t)) })
}

func testGrant(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	g := s.Grants()
	if got, err := g.Grant(ctx); err != nil || got != (platform.Grant{}) {
		t.Fatalf("no leave yet: %+v, %v", got, err)
	}
	logged := func(action audit.Action) func(ctx context.Context, tx mail.Tx) error {
		return func(ctx context.Context, tx mail.Tx) error {
			return s.Audit().LogIn(ctx, tx, audit.Entry{Time: day, Actor: 7, Action: action, TargetKind: "operator-access"})
		}
	}
	week := platform.Grant{By: 7, At: day, Until: day.Add(7 * 24 * time.Hour)}
	if err := g.SetGrant(ctx, week, logged("operator.grant")); err != nil {
		t.Fatal(err)
	}
	if got, err := g.Grant(ctx); err != nil || !got.At.Equal(week.At) || !got.Until.Equal(week.Until) || got.By != 7 {
		t.Fatalf("the leave given: %+v, %v; want %+v", got, err, week)
	}
	// Replaced by a shorter one; a change whose entry fails keeps nothing.
	day1 := platform.Grant{By: 8, At: day.Add(time.Hour), Until: day.Add(25 * time.Hour)}
	if err := g.SetGrant(ctx, day1, logged("operator.grant")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("log failed")
	if err := g.SetGrant(ctx, platform.Grant{}, func(context.Context, mail.Tx) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("a failing entry: %v", err)
	}
	if got, _ := g.Grant(ctx); got.By != 8 || !got.Until.Equal(day1.Until) {
		t.Fatalf("after a failed withdrawal: %+v", got)
	}
	if err := g.SetGrant(ctx, platform.Grant{}, logged("operator.revoke")); err != nil {
		t.Fatal(err)
	}
	if got, err := g.Grant(ctx); err != nil || got != (platform.Grant{}) {
		t.Fatalf("taken back: %+v, %v", got, err)
	}
	log, err := s.Audit().List(ctx, audit.Query{TargetKind: "operator-access", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	var actions []audit.Action
	for _, e := range log {
		actions = append(actions, e.Action)
	}
	if want := []audit.Action{"operator.revoke", "operator.grant", "operator.grant"}; len(actions) != 3 || actions[0] != want[0] || actions[2] != want[2] {
		t.Fatalf("the log: %v, want %v", actions, want)
	}
}

func testOperatorAccount(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	ann := addStaff(t, s, "ann@example.be", account.Admin, "h1")
	op := addStaff(t, s, "ops@platform.example", account.Operator, "h2")
	if op.StaffRole != account.Operator {
		t.Fatalf("added as %q", op.StaffRole)
	}
	a, err := s.Accounts().ByEmail(ctx, account.Staff, "ops@platform.example")
	if err != nil || a.StaffRole != account.Operator || !(account.Viewer{Account: a}).IsOperator() || (account.Viewer{Account: a}).IsStaff() {
		t.Fatalf("the operator's account reads back as %q (%v)", a.StaffRole, err)
	}
	list, err := s.Staff().ListStaff(ctx)
	if err != nil || len(list) != 2 || list[0].ID != ann.ID || list[1].StaffRole != account.Operator {
		t.Fatalf("the staff list: %+v, %v", list, err)
	}
	members := account.Members{Store: s.Staff()}
	if is, err := members.IsStaff(ctx, op.ID); err != nil || is {
		t.Fatalf("the operator may be given a lead: %v, %v", is, err)
	}
	enabled, err := members.Enabled(ctx)
	if err != nil || len(enabled) != 1 || enabled[0].ID != ann.ID {
		t.Fatalf("the assignees: %+v, %v", enabled, err)
	}
	// Ann stays the last admin: the operator counts as none.
	if err := s.Staff().SetStaffDisabled(ctx, ann.ID, true, noop); !errors.Is(err, account.ErrLastAdmin) {
		t.Fatalf("the last admin disabled beside an operator: %v", err)
	}
}
