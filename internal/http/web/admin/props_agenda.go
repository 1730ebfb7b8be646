package admin

// AgendaProps are the week of booked visits.
type AgendaProps struct {
	Base
	// Enabled is false when the site offers no visits (no appointments
	// in its configuration): the page says so.
	Enabled bool `json:"enabled"`
	// Week is the week's Monday (YYYY-MM-DD); Prev, Next and Today the
	// addresses of the weeks around and of this one (the filter kept).
	Week     string      `json:"week"`
	Prev     string      `json:"prev"`
	Next     string      `json:"next"`
	Today    string      `json:"today"`
	Property string      `json:"property"` // the filter, as typed
	Days     []AgendaDay `json:"days"`
	// Free are the slots each property's visits may move to (by property
	// id; "0": a meeting at the agency), RFC 3339 starts, at most
	// maxMoveChoices each.
	Free map[string][]string `json:"free"`
	// Action is where the visits' forms post; Export the week's CSV;
	// Rules the slot rules' page ("": not an admin).
	Action string `json:"action"`
	Export string `json:"export"`
	Rules  string `json:"rules"`
	// Full says the week holds more visits than one page lists.
	Full bool `json:"full"`
}

func (AgendaProps) View() string { return ViewAgenda }

// AgendaDay is one day of the week and its visits.
type AgendaDay struct {
	Date   string       `json:"date"` // YYYY-MM-DD
	Visits []VisitEntry `json:"visits"`
}

// VisitEntry is a booked visit.
type VisitEntry struct {
	ID         int64  `json:"id"`
	Start      string `json:"start"` // RFC 3339
	End        string `json:"end"`
	PropertyID int64  `json:"propertyId"`
	Listing    string `json:"listing"` // the property's public page ("": none)
	// Property names it by title and address.
	Property ListingLink `json:"property"`
	Name     string      `json:"name"`
	Email    string      `json:"email"`
	Phone    string      `json:"phone"`
	Lang     string      `json:"lang"`
	Lead     string      `json:"lead"`  // the visit request's page in the inbox ("": none)
	Moved    int         `json:"moved"` // how often the agency moved it
}

// AgendaRulesProps are the slot rules' form.
type AgendaRulesProps struct {
	Base
	Enabled bool `json:"enabled"`
	// Values are the form's fields (booking.RulesForm: day0…day6 "on",
	// hours, length, capacity, …) of the rules in force, or as posted.
	Values map[string]string `json:"values"`
	// Configured says the rules in force are the site configuration's.
	Configured bool   `json:"configured"`
	Action     string `json:"action"`
	Back       string `json:"back"`
}

func (AgendaRulesProps) View() string { return ViewAgendaRules }
