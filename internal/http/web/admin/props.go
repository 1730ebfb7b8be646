package admin

import "immo/internal/http/web/respond"

// The props of the inbox's views, one struct per view (views.Admin); the
// TypeScript the web app reads is generated from them (web/src/gen/admin.ts,
// TestGeneratedTypes).

// Texts are the inbox's words in the page's language (admin.json), by key:
// sent with every page, as the admin namespace is in no bundle.
type Texts map[string]string

// Base is what every inbox page carries.
type Base struct {
	Lang  string `json:"lang" tstype:"'nl' | 'fr' | 'en' | 'de'"`
	Texts Texts  `json:"texts" tstype:"Record<string, string>"`
	// Viewer is the staff member logged in; null on the login pages.
	Viewer *Viewer `json:"viewer"`
	// Nav are the inbox's sections, for its menu.
	Nav []NavLink `json:"nav"`
	// The post a page answers again: each field's problem and what was
	// typed (passwords and codes left out), as on every entry.
	respond.Posted
	// Notice is a translation key saying what the last post did.
	Notice string `json:"notice,omitempty"`
}

// Viewer is the staff member a page is for.
type Viewer struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
	Admin bool   `json:"admin"`
	// Logout is where the logout button posts.
	Logout string `json:"logout"`
}

// NavLink is one section of the inbox's menu.
type NavLink struct {
	Href    string `json:"href"`
	Label   string `json:"label"` // a translation key
	Current bool   `json:"current"`
}

// LoginProps are the login's two steps — the address and password, then,
// for an account with a second factor, its code — and the page a password
// link opens (step "choose": the link is good; "unknown": it is unknown,
// used or expired).
type LoginProps struct {
	Base
	Step   string `json:"step" tstype:"'password' | 'code' | 'choose' | 'unknown'"`
	Action string `json:"action"` // where the step's form posts
	// The password link's: its token, posted back; the account's address
	// (the username for password managers).
	Token string `json:"token,omitempty"`
	Email string `json:"email,omitempty"`
}

func (LoginProps) View() string { return ViewLogin }

// ListLinks are a list's addresses: Next and Prev the pages after
// (older) and before ("": none; the pages that go only forward have no
// Prev), Reset the list without a filter, Export the filtered list's CSV.
type ListLinks struct {
	Next   string `json:"next"`
	Prev   string `json:"prev"`
	Reset  string `json:"reset"`
	Export string `json:"export"`
}

// LeadsProps are the list of leads.
type LeadsProps struct {
	Base
	// Filter is the list's filter as its address gives it (the form's
	// values).
	Filter FilterValues `json:"filter"`
	Rows   []LeadRow    `json:"rows"`
	ListLinks
	// The filter's choices.
	Kinds    []string    `json:"kinds"`
	Statuses []string    `json:"statuses"`
	Langs    []string    `json:"langs"`
	Staff    []StaffName `json:"staff"`
	// Latest is the newest lead when the page was made; Events the stream
	// that says when a newer one comes.
	Latest int64  `json:"latest"`
	Events string `json:"events"`
	// Count is how many leads the filter selects, counted up to a bound
	// (inbox.CountLimit): More says there are more than Count.
	Count int  `json:"count"`
	More  bool `json:"more"`
}

func (LeadsProps) View() string { return ViewLeads }

// FilterValues are a list's filter as its form shows them.
type FilterValues struct {
	Kind     []string `json:"kind"`
	Status   []string `json:"status"`
	Property string   `json:"property"`
	Project  string   `json:"project"`
	Lang     string   `json:"lang"`
	From     string   `json:"from"`
	To       string   `json:"to"`
	Q        string   `json:"q"`
	Assignee string   `json:"assignee"`
	Sort     string   `json:"sort"`
}

// LeadRow is a lead in the list.
type LeadRow struct {
	ID         int64  `json:"id"`
	Href       string `json:"href"`
	Kind       string `json:"kind"`
	Status     string `json:"status"`
	Created    string `json:"created"` // RFC 3339
	Name       string `json:"name"`
	Email      string `json:"email"`
	Phone      string `json:"phone"`
	Lang       string `json:"lang"`
	PropertyID int64  `json:"propertyId"`
	ProjectID  int64  `json:"projectId"`
	Assignee   string `json:"assignee"` // the staff member's name; "": nobody
	Notes      int    `json:"notes"`
	// Listing names its property or project by title and address (nil:
	// none).
	Listing *ListingLink `json:"listing"`
}

// LeadProps are one lead.
type LeadProps struct {
	Base
	Lead LeadRow `json:"lead"`
	// Page is the public page the form was sent from (the listing it is
	// about is Lead.Listing).
	Page    string       `json:"page"`
	Title   string       `json:"title"` // the person's title (SPEC §5)
	Remark  string       `json:"remark"`
	Fields  []FieldValue `json:"fields"`
	Files   []FileLink   `json:"files"`
	Notes   []NoteView   `json:"notes"`
	History []Change     `json:"history"`
	Mails   []MailView   `json:"mails"`
	// Visits are the visits a visit request booked, as they stand now
	// (moved or cancelled by the agency, cancelled by the visitor).
	Visits []LeadVisit `json:"visits"`
	// Moves are the statuses the lead may go to now; Staff whom it may be
	// assigned to (AssigneeID its current one, 0: nobody); Action where the
	// lead's forms post; Back the list.
	Moves      []string    `json:"moves"`
	Staff      []StaffName `json:"staff"`
	AssigneeID int64       `json:"assigneeId"`
	Action     string      `json:"action"`
	Back       string      `json:"back"`
}

// PageTitle is the lead's kind and sender, as its page's heading says:
// each lead's tab its own title.
func (p LeadProps) PageTitle() string {
	who := p.Lead.Name
	if who == "" {
		who = p.Lead.Email
	}
	return p.Texts["admin.kind."+p.Lead.Kind] + " — " + who
}

func (LeadProps) View() string { return ViewLead }

// LeadVisit is a visit a lead booked as it stands: its slot now (Start),
// how often the agency moved it, whether it was cancelled and by whom, and
// the agency's changes to it (the audit log's), oldest first.
type LeadVisit struct {
	Start     string        `json:"start"` // RFC 3339
	Moved     int           `json:"moved"`
	Cancelled string        `json:"cancelled" tstype:"'' | 'agency' | 'visitor'"` // "": not cancelled
	Changes   []VisitChange `json:"changes"`
}

// VisitChange is the agency moving or cancelling a visit.
type VisitChange struct {
	Action string `json:"action" tstype:"'move' | 'cancel'"`
	Actor  string `json:"actor"`
	Time   string `json:"time"` // RFC 3339
	From   string `json:"from"` // RFC 3339: the slot it had
	To     string `json:"to"`   // RFC 3339: the slot it moved to ("": cancelled)
}

// FieldValue is one of the kind's own fields as sent.
type FieldValue struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// FileLink is an upload and where to download it.
type FileLink struct {
	Field string `json:"field"`
	Name  string `json:"name"`
	Type  string `json:"type"`
	Size  int64  `json:"size"`
	Href  string `json:"href"`
}

// NoteView is a staff member's note.
type NoteView struct {
	Author  string `json:"author"`
	Text    string `json:"text"`
	Created string `json:"created"`
}

// Change is an audit entry about the lead.
type Change struct {
	Actor  string `json:"actor"`
	Action string `json:"action"`
	Before string `json:"before"`
	After  string `json:"after"`
	Time   string `json:"time"`
}

// MailView is a mail about the lead and where it is.
type MailView struct {
	To        string `json:"to"`
	Subject   string `json:"subject"`
	State     string `json:"state"`
	Attempts  int    `json:"attempts"`
	Created   string `json:"created"`
	LastError string `json:"lastError"`
	ErrorKey  string `json:"errorKey"` // what LastError means, in the staff's words
}

// ErrorProps are the inbox's own not-found and forbidden pages.
type ErrorProps struct {
	Base
	Status int `json:"status"`
	// Login is the login, when nobody is logged in ("": staff are): on a
	// file refused to a browser (SignedOut), the login leading back to the
	// file's page.
	Login string `json:"login,omitempty"`
	// SignedOut: a file refused to a browser not logged in, which the page
	// says (log in to open it).
	SignedOut bool `json:"signedOut,omitempty"`
	// Reason is why, when the refusal says more than its status (a
	// translation key: an agency that does not grant the leave).
	Reason string `json:"reason,omitempty"`
}

func (ErrorProps) View() string { return ViewError }

// ListingLink is a property (or a project) as the inbox names it: its
// title and address, linked to its page on the site; its number when the
// site no longer has it (Gone).
type ListingLink struct {
	ID      int64  `json:"id"`
	Project bool   `json:"project"` // a new-build project, not a property
	Title   string `json:"title"`
	Address string `json:"address"`
	Href    string `json:"href"` // "": none
	Gone    bool   `json:"gone"`
}
