package platform

import (
	"context"
	"errors"
	"testing"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/audit"
	"immo/internal/domain/inbox"
	"immo/internal/domain/mail"
)

// memReach is one agency's grant, log and leads in memory.
type memReach struct {
	grant Grant
	log   []audit.Entry
	leads []inbox.Row
}

func (m *memReach) Health(context.Context, time.Time) (Health, error) {
	return Health{Leads: len(m.leads)}, nil
}
func (m *memReach) Grant(context.Context) (Grant, error) { return m.grant, nil }

// SetGrant and LogIn make it the agency side's store and log too (Access).
func (m *memReach) SetGrant(ctx context.Context, g Grant, fn func(context.Context, mail.Tx) error) error {
	if err := fn(ctx, nil); err != nil {
		return err
	}
	m.grant = g
	return nil
}
func (m *memReach) LogIn(_ context.Context, _ mail.Tx, e audit.Entry) error {
	m.log = append(m.log, e)
	return nil
}
func (m *memReach) Log(_ context.Context, e audit.Entry) error      { m.log = append(m.log, e); return nil }
func (m *memReach) Leads(context.Context, int) ([]inbox.Row, error) { return m.leads, nil }
func (m *memReach) Mails(context.Context) (QueueHealth, error) {
	return QueueHealth{Failed: len(m.log)}, nil
}

func viewer(id int64, role account.StaffRole) account.Viewer {
	return account.Viewer{Account: account.Account{ID: id, Role: account.Staff, StaffRole: role, Email: string(role) + "@example.test"}}
}

// The leave: an admin gives it for 1, 7 or 30 days and takes it back,
// each audited; an agent, or the operator, cannot.
func TestAccess(t *testing.T) {
	ctx := t.Context()
	at := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	r := &memReach{}
	a := &Access{Store: r, Audit: r, Now: func() time.Time { return at }}
	for _, by := range []account.Viewer{viewer(2, account.Agent), viewer(3, account.Operator), {}} {
		if err := a.Give(ctx, by, 7); !errors.Is(err, ErrNotAdmin) {
			t.Errorf("%q gives the leave: %v", by.Account.StaffRole, err)
		}
	}
	if err := a.Give(ctx, viewer(1, account.Admin), 5); err == nil {
		t.Error("a leave of 5 days given")
	}
	if err := a.Withdraw(ctx, viewer(1, account.Admin)); err != nil || len(r.log) != 0 {
		t.Errorf("withdrawing no leave: %v, log %v", err, r.log)
	}
	if err := a.Give(ctx, viewer(1, account.Admin), 7); err != nil {
		t.Fatal(err)
	}
	if g, _ := a.Current(ctx); g.By != 1 || !g.Until.Equal(at.Add(7*24*time.Hour)) || !g.Active(at.Add(6*24*time.Hour)) || g.Active(g.Until) {
		t.Errorf("the leave given: %+v", g)
	}
	if err := a.Withdraw(ctx, viewer(1, account.Admin)); err != nil || r.grant != (Grant{}) {
		t.Errorf("withdrawn: %v, %+v", err, r.grant)
	}
	if len(r.log) != 2 || r.log[0].Action != ActionGranted || r.log[1].Action != ActionRevoked || r.log[0].Actor != 1 ||
		r.log[0].After != "2026-12-08T10:00:00Z" || r.log[1].Before != "2026-12-08T10:00:00Z" {
		t.Errorf("the log: %+v", r.log)
	}
	// A leave that ended by itself is nothing to take back.
	if err := a.Give(ctx, viewer(1, account.Admin), 1); err != nil {
		t.Fatal(err)
	}
	at = at.Add(25 * time.Hour)
	if err := a.Withdraw(ctx, viewer(1, account.Admin)); err != nil || len(r.log) != 3 {
		t.Errorf("withdrawing an ended leave: %v, log %+v", err, r.log)
	}
}

// The console: the operator's only; an agency's leads while its leave
// lasts, each reading logged first; the platform's own agency never
// disabled.
func TestConsole(t *testing.T) {
	ctx := t.Context()
	at := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	now := at
	agencies := &memStore{}
	reaches := map[int64]*memReach{}
	reach := func(id int64) Reach {
		if reaches[id] == nil {
			reaches[id] = &memReach{leads: []inbox.Row{{ID: id * 10, Email: "zoe@example.be"}}}
		}
		return reaches[id]
	}
	c := &Console{Agencies: &Service{Store: agencies, Many: true}, Reach: reach, Now: func() time.Time { return now },
		Queue: func(context.Context) (QueueHealth, error) { return QueueHealth{Waiting: 2}, nil }}
	ops := viewer(9, account.Operator)

	// The implicit agency alone, before any is added.
	list, err := c.List(ctx, ops)
	if err != nil || len(list) != 1 || !list[0].Implicit || list[0].ID != Implicit {
		t.Fatalf("no agency added: %+v, %v", list, err)
	}
	for _, by := range []account.Viewer{viewer(1, account.Admin), viewer(2, account.Agent), {}} {
		if _, err := c.List(ctx, by); !errors.Is(err, ErrNotOperator) {
			t.Errorf("%q lists: %v", by.Account.StaffRole, err)
		}
		if _, err := c.Add(ctx, by, "X", "nl", []string{"www.x.test"}); !errors.Is(err, ErrNotOperator) {
			t.Errorf("%q adds: %v", by.Account.StaffRole, err)
		}
		if err := c.SetDisabled(ctx, by, 2, true); !errors.Is(err, ErrNotOperator) {
			t.Errorf("%q disables: %v", by.Account.StaffRole, err)
		}
		if _, _, _, err := c.Leads(ctx, by, 1); !errors.Is(err, ErrNotOperator) {
			t.Errorf("%q reads leads: %v", by.Account.StaffRole, err)
		}
		if _, err := c.QueueHealth(ctx, by); !errors.Is(err, ErrNotOperator) {
			t.Errorf("%q reads the queue: %v", by.Account.StaffRole, err)
		}
	}
	for _, name := range []string{"Immo Arlon", "Immo Gent"} {
		if _, err := c.Add(ctx, ops, name, "nl", []string{"www." + name[5:] + ".test"}); err != nil {
			t.Fatal(err)
		}
	}
	if e := reaches[2].log; len(e) != 1 || e[0].Action != ActionAdded || e[0].Actor != audit.Operator || e[0].After != "Immo Gent (www.gent.test) · operator@example.test" {
		t.Errorf("B's log after its adding: %+v", e)
	}
	if err := c.SetDisabled(ctx, ops, Implicit, true); !errors.Is(err, ErrOwnAgency) {
		t.Errorf("the platform's own agency disabled: %v", err)
	}
	if err := c.SetHosts(ctx, ops, Implicit, []string{"www.elsewhere.test"}); !errors.Is(err, ErrOwnHosts) {
		t.Errorf("the platform's own agency's hosts changed: %v", err)
	}
	// Enabling what is enabled changes and logs nothing; an unknown agency is said so.
	if err := c.SetDisabled(ctx, ops, 2, false); err != nil || len(reaches[2].log) != 1 {
		t.Errorf("enabling an enabled agency: %v, log %+v", err, reaches[2].log)
	}
	if err := c.SetDisabled(ctx, ops, 7, true); !errors.Is(err, ErrUnknown) {
		t.Errorf("disabling no agency: %v", err)
	}
	if _, err := c.Add(ctx, ops, "Immo\x1b[31m Rood", "nl", []string{"www.rood.test"}); err == nil {
		t.Error("a name with a control character added")
	}
	if _, err := c.Add(ctx, ops, "Immo \u202eRood", "nl", []string{"www.rood.test"}); err == nil {
		t.Error("a name with a direction override added")
	}
	if _, err := c.Add(ctx, ops, "Immo \xff", "nl", []string{"www.rood.test"}); err == nil {
		t.Error("a name not in UTF-8 added")
	}
	if _, _, _, err := c.Leads(ctx, ops, 2); !errors.Is(err, ErrNotGranted) || len(reaches[2].log) != 1 {
		t.Errorf("B's leads without leave: %v, log %+v", err, reaches[2].log)
	}
	reaches[2].grant = Grant{By: 1, At: at, Until: at.Add(24 * time.Hour)}
	a, g, rows, err := c.Leads(ctx, ops, 2)
	if err != nil || a.Name != "Immo Gent" || g.By != 1 || len(rows) != 1 || rows[0].ID != 20 {
		t.Fatalf("B's leads with leave: %+v %+v %+v %v", a, g, rows, err)
	}
	if e := reaches[2].log; len(e) != 2 || e[1].Action != ActionRead {
		t.Errorf("the reading not logged: %+v", e)
	}
	if _, _, _, err := c.Leads(ctx, ops, 1); !errors.Is(err, ErrNotGranted) {
		t.Errorf("A's leads with B's leave: %v", err)
	}
	if _, _, _, err := c.Leads(ctx, ops, 7); !errors.Is(err, ErrUnknown) {
		t.Errorf("no such agency's leads: %v", err)
	}
	now = at.Add(24 * time.Hour)
	if _, _, _, err := c.Leads(ctx, ops, 2); !errors.Is(err, ErrNotGranted) {
		t.Errorf("B's leads when the leave ended: %v", err)
	}
	list, err = c.List(ctx, ops)
	if err != nil || len(list) != 2 || list[1].Health.Leads != 1 || list[1].Grant.By != 1 {
		t.Errorf("the list: %+v, %v", list, err)
	}
}
