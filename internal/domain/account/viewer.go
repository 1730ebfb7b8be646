package account

import "context"

// Viewer is who asks for a page that needs to know: an account logged in,
// or nobody (the zero Viewer). Only the routes that read it (the account
// pages, the owner portal, the inbox) get one; the public pages are the
// same for everyone and never ask.
type Viewer struct {
	Account Account
}

// LoggedIn tells whether an account is logged in.
func (v Viewer) LoggedIn() bool { return v.Account.ID != 0 }

// Is tells whether the viewer is logged in with role.
func (v Viewer) Is(role Role) bool { return v.LoggedIn() && v.Account.Role == role }

// IsStaff tells whether the viewer is the agency's staff (admin or agent):
// who may open the inbox.
func (v Viewer) IsStaff() bool { return v.Is(Staff) && v.Account.StaffRole.Valid() }

// IsOperator tells whether the viewer is the platform's operator
// (Operator): who may open the inbox's platform pages and their own
// account, nothing of an agency's staff.
func (v Viewer) IsOperator() bool { return v.Is(Staff) && v.Account.StaffRole == Operator }

// InInbox tells whether the viewer signs in to the inbox: the staff, or
// the platform's operator (their own account's pages).
func (v Viewer) InInbox() bool { return v.IsStaff() || v.IsOperator() }

// IsAdmin tells whether the viewer is a staff admin: who manages the staff.
func (v Viewer) IsAdmin() bool { return v.IsStaff() && v.Account.StaffRole == Admin }

// CanEditSite tells whether the viewer may edit the site (the inbox's
// site section): an admin, or an agent given the editor right.
func (v Viewer) CanEditSite() bool { return v.IsAdmin() || v.IsStaff() && v.Account.SiteEditor }

type viewerKey struct{}

// NewContext returns ctx carrying v (the session middleware puts it there).
func NewContext(ctx context.Context, v Viewer) context.Context {
	return context.WithValue(ctx, viewerKey{}, v)
}

// FromContext is the viewer of a request: nobody when no session
// middleware ran or no account is logged in.
func FromContext(ctx context.Context) Viewer {
	v, _ := ctx.Value(viewerKey{}).(Viewer)
	return v
}
