package admin

// StaffProps are the staff page (admins only): every staff account and
// the forms managing them, which post to Action with an action field (add,
// role, disable, enable, resend, reset2fa) and the account's id.
type StaffProps struct {
	Base
	Members []StaffRow `json:"members"`
	Action  string     `json:"action"`
	// Roles and Langs are the add form's choices (the language of the
	// password link's mail).
	Roles []string `json:"roles"`
	Langs []string `json:"langs"`
	// Access is the page where admins let the platform's operator read
	// the leads, or not ("": none); linked from here rather than the menu,
	// which holds on one line.
	Access string `json:"access"`
}

func (StaffProps) View() string { return ViewStaff }

// StaffRow is a staff account as the staff page lists it.
type StaffRow struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"` // "": none given
	Email     string `json:"email"`
	Role      string `json:"role" tstype:"'admin' | 'agent' | 'operator'"`
	Disabled  bool   `json:"disabled"`
	TwoFactor bool   `json:"twoFactor"`
	// SiteEditor: an agent given the right to edit the site (an admin
	// may anyway).
	SiteEditor bool `json:"siteEditor"`
	// PasswordSet: a password link was used; LastLink when the newest was
	// mailed (RFC 3339; "": never).
	PasswordSet bool   `json:"passwordSet"`
	LastLink    string `json:"lastLink"`
	Self        bool   `json:"self"` // the viewer's own account
}
