package account

import (
	"context"
	"errors"
)

// Members reads the staff as the work is shared out: only an enabled
// member may be given a lead (IsStaff, inbox.Staff) or be offered in the
// assignee lists (Enabled); a disabled one keeps the leads they had. The
// platform's operator is no member: never given a lead.
type Members struct {
	Store interface {
		ListStaff(ctx context.Context) ([]StaffMember, error)
		StaffMember(ctx context.Context, id int64) (StaffMember, error)
	}
}

// IsStaff says whether id is an enabled staff member's account.
func (m Members) IsStaff(ctx context.Context, id int64) (bool, error) {
	member, err := m.Store.StaffMember(ctx, id)
	switch {
	case errors.Is(err, ErrNotStaff):
		return false, nil
	case err != nil:
		return false, err
	}
	return !member.Disabled && member.StaffRole.Valid(), nil
}

// Enabled is every enabled staff member, admins first, then by address.
func (m Members) Enabled(ctx context.Context) ([]StaffMember, error) {
	list, err := m.Store.ListStaff(ctx)
	if err != nil {
		return nil, err
	}
	out := list[:0]
	for _, member := range list {
		if !member.Disabled && member.StaffRole.Valid() {
			out = append(out, member)
		}
	}
	return out, nil
}
