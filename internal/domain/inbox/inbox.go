// Package inbox is the agency's back office over the requests the site
// receives ("leads"): one list of every kind, newest first, filtered and
// searched on the server; a lead's detail with its files and the mails sent
// about it; its status, notes and assignment to a staff member; the audit
// log of every change; the CSV export of a filtered list.
//
// It imports no HTTP and no SQL. A change and its audit entry are written in
// one transaction (Store.Edit); the acting staff account's id is passed to
// every Service method that changes something.
package inbox

import (
	"immo/internal/domain/audit"
	"slices"
	"time"

	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
)

// Status is where the agency is with a lead: lead's statuses.
type Status = lead.Status

// The statuses, re-exported so the inbox reads alone.
const (
	StatusNew        = lead.StatusNew
	StatusInProgress = lead.StatusInProgress
	StatusDone       = lead.StatusDone
	StatusSpam       = lead.StatusSpam
)

// Statuses are every status, in the order a lead goes through them (a
// filter choosing them all shows spam too).
func Statuses() []Status { return slices.Clone(lead.Statuses) }

// moves are the status changes staff may make: forward, and back when they
// got it wrong (a done lead reopened, a lead marked spam that was not).
var moves = map[Status][]Status{
	StatusNew:        {StatusInProgress, StatusDone, StatusSpam},
	StatusInProgress: {StatusNew, StatusDone, StatusSpam},
	StatusDone:       {StatusInProgress},
	StatusSpam:       {StatusNew},
}

// CanMove tells whether a lead may go from status from to status to.
func CanMove(from, to Status) bool {
	for _, s := range moves[from] {
		if s == to {
			return true
		}
	}
	return false
}

// Row is a lead as the list shows it (and the CSV exports it).
type Row struct {
	ID         int64
	Kind       lead.Kind
	Status     Status
	Created    time.Time
	Lang       string
	Page       string // the address of the page the form was on
	Title      string // the sender's title as the form posted it (mr, ms, miss; "": none)
	FirstName  string
	LastName   string
	Email      string
	Phone      string
	Remark     string
	PropertyID int64 // 0: none
	ProjectID  int64 // 0: none
	Assignee   int64 // a staff account; 0: nobody
	Notes      int   // how many notes staff wrote
	// Fields are the kind's own fields as stored (lead.Request.Fields).
	Fields map[string]string
	// Written are the notes themselves, oldest first: set by Export only
	// (the list shows their count).
	Written []Note
}

// Request is r as the request it was, without its page, files and
// sender's hash: what a field's words are made from (Options.FieldWords).
func (r Row) Request() lead.Request {
	return lead.Request{ID: r.ID, Kind: r.Kind, Lang: r.Lang, PropertyID: r.PropertyID, ProjectID: r.ProjectID,
		Page: r.Page, Time: r.Created, Person: lead.Person{Title: r.Title, FirstName: r.FirstName, LastName: r.LastName, Email: r.Email, Phone: r.Phone},
		Remark: r.Remark, Fields: r.Fields}
}

// Name is the sender's full name.
func (r Row) Name() string {
	switch {
	case r.FirstName == "":
		return r.LastName
	case r.LastName == "":
		return r.FirstName
	}
	return r.FirstName + " " + r.LastName
}

// Page is one page of the list.
type Page struct {
	Rows []Row
	// Next and Prev are the cursors (Filter.Cursor) of the pages after and
	// before this one; "": none.
	Next, Prev string
}

// FileInfo is an upload of a lead without its bytes.
type FileInfo struct {
	Field string // the form field (cv, picture)
	Name  string
	Type  string // the MIME type found in its content
	Size  int64
}

// Note is what a staff member wrote on a lead.
type Note struct {
	ID      int64
	Lead    int64
	Author  int64 // a staff account
	Text    string
	Created time.Time
}

// Mail is a mail queued about a lead and where it is.
type Mail = mail.Status

// Detail is one lead with everything stored about it.
type Detail struct {
	Row
	// Request is the request as stored: page, person, remark, the kind's own
	// fields; its Files carry no bytes (Files says what they are).
	Request lead.Request
	Files   []FileInfo
	Notes   []Note        // oldest first
	History []audit.Entry // the audit entries about it, oldest first
	Mails   []Mail        // newest first; set by Service (Service.Mails)
}
