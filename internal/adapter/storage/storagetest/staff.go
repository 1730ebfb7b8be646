package storagetest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/account"
	"immo/internal/domain/audit"
	"immo/internal/domain/mail"
)

// RunStaff is the staff's suite, run on every database: a staff account
// is made once per address with its role, listed admins first; the last
// enabled admin is neither demoted nor disabled, even by two admins racing
// on two handles (their links: RunLinks); a second factor waits for its first code, then each code's step is used
// once (raced on two handles).
func RunStaff(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("AddList", func(t *testing.T) { testStaffAddList(t, open(t)) })
	t.Run("LastAdmin", func(t *testing.T) { testStaffLastAdmin(t, open(t), open(t)) })
	t.Run("TOTP", func(t *testing.T) { testStaffTOTP(t, open(t), open(t)) })
	t.Run("Audit", func(t *testing.T) { testStaffAudit(t, open(t)) })
	t.Run("SiteEditor", func(t *testing.T) { testStaffSiteEditor(t, open(t)) })
}

// A change to the staff and its audit entry commit together: the entry is
// in the inbox's log under the staff target; a change refused leaves none.
func testStaffAudit(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	st := s.Staff()
	logged := func(c account.StaffChange) account.TxFunc {
		return func(ctx context.Context, tx mail.Tx, a account.Account) error {
			c.Account, c.At, c.Before = a.ID, staffNow, string(a.StaffRole)
			return st.Audit(ctx, tx, c)
		}
	}
	ann := addStaff(t, s, "ann@example.be", account.Admin, "h1")
	bob := addStaff(t, s, "bob@example.be", account.Admin, "h2")
	if err := st.SetStaffRole(ctx, bob.ID, account.Agent, logged(account.StaffChange{By: ann.ID, Action: account.StaffRoleChanged,
		After: "agent"})); err != nil {
		t.Fatal(err)
	}
	// Refused: the last admin; the entry written before the refusal goes
	// with it.
	if err := st.SetStaffRole(ctx, ann.ID, account.Agent, logged(account.StaffChange{By: ann.ID, Action: account.StaffRoleChanged,
		After: "agent"})); !errors.Is(err, account.ErrLastAdmin) {
		t.Fatalf("demote the last admin: %v", err)
	}
	// The same role or state again changes and logs nothing.
	if err := st.SetStaffRole(ctx, bob.ID, account.Agent, logged(account.StaffChange{By: ann.ID, Action: account.StaffRoleChanged,
		After: "agent"})); err != nil {
		t.Fatal(err)
	}
	if err := st.SetStaffDisabled(ctx, bob.ID, false, logged(account.StaffChange{By: ann.ID, Action: account.StaffEnabled})); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("mail failed")
	if _, err := s.Links().AddLink(ctx, account.Account{Role: account.Staff, ID: bob.ID},
		account.Token{Hash: "h3", Purpose: account.PurposeStaffPassword, Expires: staffNow.Add(time.Hour)},
		func(ctx context.Context, tx mail.Tx, a account.Account) error {
			if err := logged(account.StaffChange{By: ann.ID, Action: account.StaffLinkSent})(ctx, tx, a); err != nil {
				return err
			}
			return boom
		}); !errors.Is(err, boom) {
		t.Fatalf("a failing mail: %v", err)
	}
	got, err := s.Audit().List(ctx, audit.Query{TargetKind: account.StaffAuditTarget, Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("%d entries, want 1: %+v", len(got), got)
	}
	e := got[0]
	if e.Actor != ann.ID || e.Action != audit.Action(account.StaffRoleChanged) || e.TargetKind != "staff" || e.TargetID != bob.ID ||
		e.Before != "admin" || e.After != "agent" || !e.Time.Equal(staffNow) {
		t.Fatalf("entry %+v", e)
	}

	// A member's language: set with its entry, the same again nothing.
	lang := func(c account.StaffChange) account.TxFunc {
		return func(ctx context.Context, tx mail.Tx, a account.Account) error {
			c.Account, c.At, c.Before = a.ID, staffNow, a.Lang
			return st.Audit(ctx, tx, c)
		}
	}
	for range 2 {
		if err := st.SetStaffLang(ctx, bob.ID, "fr", lang(account.StaffChange{By: bob.ID, Action: account.StaffLang, After: "fr"})); err != nil {
			t.Fatal(err)
		}
	}
	if m, err := st.StaffMember(ctx, bob.ID); err != nil || m.Lang != "fr" {
		t.Fatalf("Bob's language: %q, %v", m.Lang, err)
	}
	got, err = s.Audit().List(ctx, audit.Query{TargetKind: account.StaffAuditTarget, Limit: 50})
	if err != nil || len(got) != 2 || got[0].Action != audit.Action(account.StaffLang) || got[0].Before != "nl" || got[0].After != "fr" {
		t.Fatalf("the language's entries: %+v, %v", got, err)
	}
	if err := st.SetStaffLang(ctx, 999999, "fr", noop); !errors.Is(err, account.ErrNotStaff) {
		t.Fatalf("no such member: %v", err)
	}
}

var staffNow = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

func noop(context.Context, mail.Tx, account.Account) error { return nil }

func addStaff(t *testing.T, s *sqlstore.Store, email string, role account.StaffRole, hash string) account.Account {
	t.Helper()
	a, err := s.Staff().AddStaff(t.Context(), account.Account{Email: email, FirstName: "Ann", Lang: "nl", StaffRole: role,
		PasswordHash: "$argon2id$unknown", Created: staffNow},
		account.Token{Hash: hash, Purpose: account.PurposeStaffPassword, Expires: staffNow.Add(account.StaffLinkValidity)}, noop)
	if err != nil {
		t.Fatalf("AddStaff %s: %v", email, err)
	}
	return a
}

func testStaffAddList(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	st := s.Staff()
	zed := addStaff(t, s, "zed@example.be", account.Admin, "h1")
	amy := addStaff(t, s, "amy@example.be", account.Agent, "h2")
	bob := addStaff(t, s, "bob@example.be", account.Admin, "h3")
	if zed.ID <= 0 || zed.Role != account.Staff || zed.StaffRole != account.Admin {
		t.Fatalf("added %+v", zed)
	}
	if _, err := st.AddStaff(ctx, account.Account{Email: "amy@example.be", StaffRole: account.Admin, Created: staffNow},
		account.Token{Hash: "h4", Expires: staffNow}, noop); !errors.Is(err, account.ErrStaffTaken) {
		t.Fatalf("the same address twice: %v", err)
	}
	// An owner of the same address is another account, with no staff role.
	if _, err := s.Accounts().Create(ctx, account.Account{Role: account.Owner, Email: "amy@example.be", Created: staffNow}); err != nil {
		t.Fatal(err)
	}
	// The database refuses a staff account without a role, and a role on
	// any other account.
	for _, a := range []account.Account{{Role: account.Staff, Email: "x@example.be"}, {Role: account.Owner, Email: "y@example.be",
		StaffRole: account.Admin}, {Role: account.Staff, Email: "z@example.be", StaffRole: "boss"}} {
		a.Created = staffNow
		if _, err := s.Accounts().Create(ctx, a); err == nil {
			t.Errorf("created %+v", a)
		}
	}
	// A mail that fails undoes the account and its link.
	boom := errors.New("mail failed")
	if _, err := st.AddStaff(ctx, account.Account{Email: "dan@example.be", StaffRole: account.Agent, Created: staffNow},
		account.Token{Hash: "h5", Expires: staffNow.Add(time.Hour)},
		func(context.Context, mail.Tx, account.Account) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("a failing mail: %v", err)
	}
	if _, err := s.Accounts().ByEmail(ctx, account.Staff, "dan@example.be"); !errors.Is(err, account.ErrNotFound) {
		t.Fatalf("a failed add left its account: %v", err)
	}
	list, err := st.ListStaff(ctx)
	if err != nil || len(list) != 3 {
		t.Fatalf("ListStaff: %+v %v", list, err)
	}
	for i, want := range []int64{bob.ID, zed.ID, amy.ID} { // admins first, then by address
		if list[i].ID != want || list[i].TwoFactor || list[i].PasswordSet || !list[i].LastLink.Equal(staffNow) {
			t.Errorf("list[%d] = %+v, want account %d", i, list[i], want)
		}
	}
	// The session's account carries its staff role.
	if got, err := s.Accounts().ByID(ctx, amy.ID); err != nil || got.StaffRole != account.Agent || got.Role != account.Staff {
		t.Fatalf("ByID: %+v %v", got, err)
	}
	owner, _ := s.Accounts().ByEmail(ctx, account.Owner, "amy@example.be")
	if owner.StaffRole != "" {
		t.Fatalf("an owner with a staff role: %+v", owner)
	}
	if _, err := st.StaffMember(ctx, owner.ID); !errors.Is(err, account.ErrNotStaff) {
		t.Fatalf("an owner as staff: %v", err)
	}
	if m, err := st.StaffMember(ctx, zed.ID); err != nil || m.Email != "zed@example.be" || m.StaffRole != account.Admin {
		t.Fatalf("StaffMember: %+v %v", m, err)
	}
	// A link sent a day later is the newest.
	if _, err := st.AddLink(ctx, account.Account{Role: account.Staff, ID: zed.ID}, account.Token{Hash: "h6",
		Purpose: account.PurposeStaffPassword, Expires: staffNow.Add(24*time.Hour + account.StaffLinkValidity)}, noop); err != nil {
		t.Fatal(err)
	}
	if m, err := st.StaffMember(ctx, zed.ID); err != nil || !m.LastLink.Equal(staffNow.Add(24*time.Hour)) {
		t.Fatalf("the newest link: %v %v", m.LastLink, err)
	}
	if err := st.SetStaffRole(ctx, owner.ID, account.Admin, noop); !errors.Is(err, account.ErrNotStaff) {
		t.Fatalf("an owner made admin: %v", err)
	}
	// Roles and states change, fn seeing the account as it was; fn's
	// error undoes the change.
	var before account.Account
	if err := st.SetStaffRole(ctx, amy.ID, account.Admin, func(_ context.Context, _ mail.Tx, a account.Account) error {
		before = a
		return nil
	}); err != nil || before.StaffRole != account.Agent {
		t.Fatalf("SetStaffRole: %v, before %+v", err, before)
	}
	if err := st.SetStaffDisabled(ctx, amy.ID, true, func(context.Context, mail.Tx, account.Account) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("a failing audit: %v", err)
	}
	if m, _ := st.StaffMember(ctx, amy.ID); m.StaffRole != account.Admin || m.Disabled {
		t.Fatalf("after: %+v", m)
	}
	if err := st.SetStaffDisabled(ctx, amy.ID, true, noop); err != nil {
		t.Fatal(err)
	}
	if m, _ := st.StaffMember(ctx, amy.ID); !m.Disabled {
		t.Fatalf("not disabled: %+v", m)
	}
}

func testStaffLastAdmin(t *testing.T, s1, s2 *sqlstore.Store) {
	ctx := t.Context()
	ann := addStaff(t, s1, "ann@example.be", account.Admin, "h1")
	agent := addStaff(t, s1, "agent@example.be", account.Agent, "h2")
	if err := s1.Staff().SetStaffRole(ctx, ann.ID, account.Agent, noop); !errors.Is(err, account.ErrLastAdmin) {
		t.Fatalf("demote the last admin: %v", err)
	}
	if err := s1.Staff().SetStaffDisabled(ctx, ann.ID, true, noop); !errors.Is(err, account.ErrLastAdmin) {
		t.Fatalf("disable the last admin: %v", err)
	}
	// An agent may go; the admin stays admin.
	if err := s1.Staff().SetStaffDisabled(ctx, agent.ID, true, noop); err != nil {
		t.Fatal(err)
	}
	if err := s1.Staff().SetStaffRole(ctx, ann.ID, account.Admin, noop); err != nil {
		t.Fatalf("an admin made admin again: %v", err)
	}
	// A disabled admin does not count.
	bob := addStaff(t, s1, "bob@example.be", account.Admin, "h3")
	if err := s1.Staff().SetStaffDisabled(ctx, bob.ID, true, noop); err != nil {
		t.Fatal(err)
	}
	if err := s1.Staff().SetStaffRole(ctx, ann.ID, account.Agent, noop); !errors.Is(err, account.ErrLastAdmin) {
		t.Fatalf("demote the last enabled admin: %v", err)
	}
	if err := s1.Staff().SetStaffDisabled(ctx, bob.ID, false, noop); err != nil {
		t.Fatal(err)
	}
	// Two admins demoting (or disabling) each other at once on two
	// servers: one wins, one admin is left.
	for round := range 4 {
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, c := range []struct {
			s  *sqlstore.Store
			id int64
		}{{s1, ann.ID}, {s2, bob.ID}} {
			wg.Go(func() {
				if round%2 == 0 {
					errs[i] = c.s.Staff().SetStaffRole(ctx, c.id, account.Agent, noop)
				} else {
					errs[i] = c.s.Staff().SetStaffDisabled(ctx, c.id, true, noop)
				}
			})
		}
		wg.Wait()
		won, lost := 0, 0
		for _, err := range errs {
			switch {
			case err == nil:
				won++
			case errors.Is(err, account.ErrLastAdmin):
				lost++
			default:
				t.Fatalf("round %d: %v", round, err)
			}
		}
		if won != 1 || lost != 1 {
			t.Fatalf("round %d: %d won, %d refused: %v", round, won, lost, errs)
		}
		list, _ := s1.Staff().ListStaff(ctx)
		admins := 0
		for _, m := range list {
			if m.StaffRole == account.Admin && !m.Disabled {
				admins++
			}
		}
		if admins != 1 {
			t.Fatalf("round %d: %d enabled admins left", round, admins)
		}
		// Both admins and enabled again for the next round.
		for _, id := range []int64{ann.ID, bob.ID} {
			if err := s1.Staff().SetStaffDisabled(ctx, id, false, noop); err != nil {
				t.Fatal(err)
			}
			if err := s1.Staff().SetStaffRole(ctx, id, account.Admin, noop); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func testStaffTOTP(t *testing.T, s1, s2 *sqlstore.Store) {
	ctx := t.Context()
	st := s1.Staff()
	ann := addStaff(t, s1, "ann@example.be", account.Agent, "h1")
	if _, err := st.TOTP(ctx, ann.ID); !errors.Is(err, account.ErrNoTOTP) {
		t.Fatalf("TOTP of none: %v", err)
	}
	if err := st.PutPendingTOTP(ctx, 9999, "x"); !errors.Is(err, account.ErrNotStaff) {
		t.Fatalf("a factor for nobody: %v", err)
	}
	for _, sealed := range []string{"sealed-1", "sealed-2"} { // the second replaces the first
		if err := st.PutPendingTOTP(ctx, ann.ID, sealed); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := st.TOTP(ctx, ann.ID); err != nil || got != (account.TOTPState{Sealed: "sealed-2"}) {
		t.Fatalf("TOTP: %+v %v", got, err)
	}
	if ok, err := st.UseTOTPStep(ctx, ann.ID, 100); ok || err != nil {
		t.Fatalf("a code of a factor not on: %v %v", ok, err)
	}
	if err := st.EnableTOTP(ctx, ann.ID, "sealed-1", 100, noop); !errors.Is(err, account.ErrNoTOTP) {
		t.Fatalf("enable a replaced secret: %v", err)
	}
	if err := st.EnableTOTP(ctx, ann.ID, "sealed-2", 100, noop); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.TOTP(ctx, ann.ID); got != (account.TOTPState{Sealed: "sealed-2", Enabled: true, LastStep: 100}) {
		t.Fatalf("on: %+v", got)
	}
	if err := st.PutPendingTOTP(ctx, ann.ID, "sealed-3"); !errors.Is(err, account.ErrTOTPOn) {
		t.Fatalf("enrol over a factor on: %v", err)
	}
	if err := st.EnableTOTP(ctx, ann.ID, "sealed-2", 200, noop); !errors.Is(err, account.ErrNoTOTP) {
		t.Fatalf("enable twice: %v", err)
	}
	if m, _ := st.StaffMember(ctx, ann.ID); !m.TwoFactor {
		t.Fatal("the member's second factor not shown")
	}
	for step, want := range map[int64]bool{99: false, 100: false} {
		if ok, err := st.UseTOTPStep(ctx, ann.ID, step); ok != want || err != nil {
			t.Fatalf("UseTOTPStep(%d) = %v %v", step, ok, err)
		}
	}
	// One step, four servers: recorded once.
	var wg sync.WaitGroup
	var mu sync.Mutex
	used := 0
	for _, s := range []*sqlstore.Store{s1, s2, s1, s2} {
		wg.Go(func() {
			ok, err := s.Staff().UseTOTPStep(ctx, ann.ID, 101)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			defer mu.Unlock()
			if ok {
				used++
			}
		})
	}
	wg.Wait()
	if used != 1 {
		t.Fatalf("one code's step used %d times", used)
	}
	if err := st.DeleteTOTP(ctx, ann.ID, noop); err != nil {
		t.Fatal(err)
	}
	if _, err := st.TOTP(ctx, ann.ID); !errors.Is(err, account.ErrNoTOTP) {
		t.Fatalf("after DeleteTOTP: %v", err)
	}
	if err := st.DeleteTOTP(ctx, ann.ID, func(context.Context, mail.Tx, account.Account) error {
		return errors.New("run for no factor: an audit entry of nothing")
	}); err != nil {
		t.Fatalf("delete none: %v", err)
	}
	if err := st.DeleteTOTP(ctx, 9999, noop); !errors.Is(err, account.ErrNotStaff) {
		t.Fatalf("delete nobody's: %v", err)
	}
	// Enrolled again after its removal.
	if err := st.PutPendingTOTP(ctx, ann.ID, "sealed-4"); err != nil {
		t.Fatal(err)
	}
}

// testStaffSiteEditor: the editor right given to a member is read back with
// the account (the session's viewer, the staff list); the same again runs
// no fn; fn's failure changes nothing; another role's account is no staff.
func testStaffSiteEditor(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	st := s.Staff()
	amy := addStaff(t, s, "amy@example.be", account.Agent, "h1")
	if amy.SiteEditor {
		t.Fatal("a new member edits the site")
	}
	calls := 0
	count := func(context.Context, mail.Tx, account.Account) error { calls++; return nil }
	if err := st.SetStaffSiteEditor(ctx, amy.ID, true, count); err != nil || calls != 1 {
		t.Fatalf("give the right: %v, fn ran %d times", err, calls)
	}
	if a, err := s.Accounts().ByID(ctx, amy.ID); err != nil || !a.SiteEditor {
		t.Fatalf("the account after: %+v %v", a, err)
	}
	if m, err := st.StaffMember(ctx, amy.ID); err != nil || !m.SiteEditor {
		t.Fatalf("the member after: %+v %v", m, err)
	}
	if err := st.SetStaffSiteEditor(ctx, amy.ID, true, count); err != nil || calls != 1 {
		t.Errorf("the same again: %v, fn ran %d times", err, calls)
	}
	boom := errors.New("audit failed")
	if err := st.SetStaffSiteEditor(ctx, amy.ID, false, func(context.Context, mail.Tx, account.Account) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("fn failing: %v", err)
	}
	if a, _ := s.Accounts().ByID(ctx, amy.ID); !a.SiteEditor {
		t.Error("a failed change took the right back")
	}
	owner := linkAccount(t, s, account.Owner, "owen@example.be", false)
	if err := st.SetStaffSiteEditor(ctx, owner.ID, true, count); !errors.Is(err, account.ErrNotStaff) {
		t.Errorf("an owner given the right: %v, want ErrNotStaff", err)
	}
}
