package admin

// AbuseProps are what the anti-spam layer refused over the last Days, by
// hour and by where it happened, and the addresses held at a limit now.
type AbuseProps struct {
	Base
	Days int `json:"days"` // 1 or 7
	// The period's refusals: by reason (the most frequent first), by hour
	// (the hours with one, newest first) and by where they happened (the
	// most refused first), each hour and place split by reason.
	Reasons []AbuseLine `json:"reasons"`
	Hours   []AbuseLine `json:"hours"`
	Areas   []AbuseLine `json:"areas"`
	Total   int         `json:"total"`
	// Holds are the keys at a limit now whose Who has Q (the search);
	// More says the list was cut at its bound.
	Holds []HoldRow `json:"holds"`
	Q     string    `json:"q"`
	More  bool      `json:"more"`
	// Action is where a release posts (this page, its filter kept);
	// Export the holds' CSV (the search kept).
	Action string `json:"action"`
	Export string `json:"export"`
}

func (AbuseProps) View() string { return ViewAbuse }

// AbuseLine is the refusals of one reason or one area (Label: a
// translation key) or one hour (Label: its start, RFC 3339), and of each
// reason among them (Parts; none on a reason's line).
type AbuseLine struct {
	Label string      `json:"label"`
	Total int         `json:"total"`
	Parts []AbusePart `json:"parts"`
}

// AbusePart is one reason's refusals in a line.
type AbusePart struct {
	Reason string `json:"reason"` // a translation key
	Count  int    `json:"count"`
}

// HoldRow is one key held at a limit.
type HoldRow struct {
	// Key and Window name the hold in a release.
	Key    string `json:"key"`
	Window string `json:"window"` // RFC 3339, when the limit's window started
	// Who is whom it holds: an IP or email address ("": the whole site's
	// posts without JavaScript, paced), a staff member's name.
	Who   string `json:"who"`
	Limit string `json:"limit"` // a translation key
	Area  string `json:"area"`  // a translation key
	Hits  int    `json:"hits"`
	Max   int    `json:"max"`
	Until string `json:"until"` // RFC 3339
}
