package account

import (
	"context"
	"errors"
	"testing"
)

type memberList []StaffMember

func (l memberList) ListStaff(context.Context) ([]StaffMember, error) {
	return append([]StaffMember(nil), l...), nil
}

func (l memberList) StaffMember(_ context.Context, id int64) (StaffMember, error) {
	for _, m := range l {
		if m.ID == id {
			return m, nil
		}
	}
	return StaffMember{}, ErrNotStaff
}

type brokenStaff struct{ memberList }

func (brokenStaff) StaffMember(context.Context, int64) (StaffMember, error) {
	return StaffMember{}, errors.New("database gone")
}

// TestMembersShareOutToEnabledStaffOnly: a lead goes only to an enabled
// member (never to the platform's operator), the lists offer only them,
// and a failing store is an error, not a "no".
func TestMembersShareOutToEnabledStaffOnly(t *testing.T) {
	staff := memberList{
		{Account: Account{ID: 1, Email: "an@agency.test", StaffRole: Admin}},
		{Account: Account{ID: 2, Email: "bo@agency.test", StaffRole: Agent, Disabled: true}},
		{Account: Account{ID: 3, Email: "cy@agency.test", StaffRole: Agent}},
		{Account: Account{ID: 5, Email: "ops@platform.test", StaffRole: Operator}},
	}
	m := Members{Store: staff}
	ctx := context.Background()
	for _, c := range []struct {
		id   int64
		want bool
	}{{1, true}, {2, false}, {3, true}, {4, false}, {5, false}} {
		got, err := m.IsStaff(ctx, c.id)
		if err != nil || got != c.want {
			t.Errorf("IsStaff(%d) = %v, %v; want %v", c.id, got, err, c.want)
		}
	}
	list, err := m.Enabled(ctx)
	if err != nil || len(list) != 2 || list[0].ID != 1 || list[1].ID != 3 {
		t.Errorf("Enabled = %+v, %v; want members 1 and 3", list, err)
	}
	if ok, err := (Members{Store: brokenStaff{staff}}).IsStaff(ctx, 1); err == nil || ok {
		t.Errorf("IsStaff on a failing store = %v, %v; want an error", ok, err)
	}
}
