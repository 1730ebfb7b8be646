package admin

// DemandsProps are the registered demands: one page of them, newest
// first, filtered by state (confirmed or not) and by the registrant's
// address or name; Export the CSV of the whole filtered list.
type DemandsProps struct {
	Base
	Q      string      `json:"q"`
	State  string      `json:"state"`
	States []string    `json:"states"`
	Rows   []DemandRow `json:"rows"`
	ListLinks
}

func (DemandsProps) View() string { return ViewDemands }

// DemandRow is a demand as the list shows it.
type DemandRow struct {
	ID       int64  `json:"id"`
	Email    string `json:"email"`
	Name     string `json:"name"`
	Phone    string `json:"phone"` // typed on the newest registration; "": none
	Lang     string `json:"lang"`
	Disabled bool   `json:"disabled"` // the registrant's account
	Summary  string `json:"summary"`  // the search in words
	Created  string `json:"created"`
	// Confirmed is when its link was followed (RFC 3339; "": not yet).
	Confirmed string `json:"confirmed"`
	Paused    bool   `json:"paused"`
	// Matching is how many listings it matches now, Matches the first
	// of them (at most 5); AlertsSent the alerts mailed, LastAlert the
	// newest ("": none).
	Matching   int           `json:"matching"`
	Matches    []ListingLink `json:"matches"`
	AlertsSent int           `json:"alertsSent"`
	LastAlert  string        `json:"lastAlert"`
}
