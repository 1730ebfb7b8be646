package admin

// OwnersProps are the owners' accounts: one page of them, newest first,
// searched by address or name (Q); Resend's forms post to Action.
type OwnersProps struct {
	Base
	Q    string     `json:"q"`
	Rows []OwnerRow `json:"rows"`
	ListLinks
	Action string `json:"action"`
}

func (OwnersProps) View() string { return ViewOwners }

// OwnerRow is an owner as the list shows them.
type OwnerRow struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Email    string `json:"email"`
	Lang     string `json:"lang"`
	Disabled bool   `json:"disabled"`
	// Activated: they chose a password; LastInvite when their newest
	// invitation was made (RFC 3339, "": none).
	Activated  bool   `json:"activated"`
	LastInvite string `json:"lastInvite"`
	// Properties are theirs, by title and address (one no longer online
	// by its number, Gone).
	Properties []ListingLink `json:"properties"`
}
