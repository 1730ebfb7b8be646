// Package lead is a visitor's request sent through one of the site's forms:
// an information request, a visit, a valuation, a purchase offer… Its kinds
// share a person (title, names, email, phone) and a remark; what a kind adds
// (a friend's address, an amount, a moving date) is a field map checked
// against that kind's Spec, so a new form is a new Spec, not a new type.
//
// Validate returns translation keys per form field (package field); Service
// stores a valid request and queues its mails in one transaction.
package lead

import (
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"immo/internal/domain/field"
)

// Kind is the form a request came from. The kinds with a thank-you page
// (SPEC §2) carry that page's form name, so the thank-you address is the kind.
type Kind string

const (
	KindInformation     Kind = "contact-me"           // about a property
	KindVisit           Kind = "contact-appointment"  // a visit of a property, at a slot (package agenda)
	KindProject         Kind = "contact-construction" // about a new-build project
	KindValuation       Kind = "contact-demand"       // a free valuation of the visitor's property
	KindSiteContact     Kind = "site-contact"         // the contact page
	KindFriend          Kind = "send-to-friend"       // a property sent to a friend
	KindNewsletter      Kind = "sign-newsletter"
	KindDocument        Kind = "document-request" // a property's document, sent by mail
	KindTestimonial     Kind = "testimonial"
	KindJob             Kind = "job-application"
	KindPurchaseOffer   Kind = "purchase-offer"
	KindRentApplication Kind = "rent-application"
	// KindDemandRegister registers a search (package demand) and the
	// account that follows it (package account): the request is what the
	// agency reads; the registration's step keeps the rest.
	KindDemandRegister Kind = "demand-register"
)

// Status is where the agency is with a request (package inbox moves it).
type Status string

const (
	StatusNew        Status = "new"         // as received
	StatusInProgress Status = "in_progress" // someone at the agency is on it
	StatusDone       Status = "done"        // answered or dealt with
	StatusSpam       Status = "spam"        // not a real request
)

// Statuses lists every status, in the order a request goes through them.
var Statuses = []Status{StatusNew, StatusInProgress, StatusDone, StatusSpam}

// Valid tells a known status.
func (s Status) Valid() bool {
	return s == StatusNew || s == StatusInProgress || s == StatusDone || s == StatusSpam
}

// Titles a person may give (SPEC §3: Mr, Ms, Miss).
const (
	TitleMr   = "mr"
	TitleMs   = "ms"
	TitleMiss = "miss"
)

// Person is who sends the request.
type Person struct {
	Title     string `json:"title"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
}

// Request is one sent form.
type Request struct {
	ID         int64     `json:"id"` // set by the store
	Kind       Kind      `json:"kind"`
	Lang       string    `json:"lang"`       // the page's language: the mails answer in it
	Page       string    `json:"page"`       // the address of the page the form was on
	PropertyID int64     `json:"propertyId"` // 0: none
	ProjectID  int64     `json:"projectId"`  // 0: none
	Time       time.Time `json:"time"`       // set by Service.Submit
	Person     Person    `json:"person"`
	Remark     string    `json:"remark"`
	// Fields holds the kind's own fields as typed, by the names of its Spec;
	// Validate checks them, Int and Date read them.
	Fields map[string]string `json:"fields,omitempty"`
	// IPHash is the keyed hash of the sender's address (IPHasher), never
	// the address: enough to brake one sender, nothing to identify them by.
	IPHash string `json:"ipHash"`
	// Files are the uploads, stored in the request's transaction.
	Files []File `json:"files,omitempty"`
	// NoConfirmation leaves the visitor's confirmation out: the typed
	// address got too many today (someone using the form to mail another
	// person). The request and the agency's notice are kept.
	NoConfirmation bool `json:"-"`
	// NoNewsletter leaves out the newsletter opt-in an information request
	// asked for in passing: the address got as many mails as it may today.
	NoNewsletter bool `json:"-"`
	// Fingerprint is a keyed hash of what the form posted and when, to
	// RepeatWindow (Service.Submit makes it): the store keeps one request
	// per fingerprint, so the same post sent twice (two tabs, a second
	// press) is stored once (ErrRepeated). "": none.
	Fingerprint string `json:"-"`
	// MailLater holds the mails to the addresses typed in the form until
	// then (zero: at once): many posts without a proof on the whole site
	// are kept, and their mails paced.
	MailLater time.Time `json:"-"`
	// Secret is what a Step made for the mails and keeps only hashed (a
	// visit's cancel token): never stored, never sent back.
	Secret string `json:"-"`
	// AccountExisted is set by the demand registration's step: the address
	// had an account already, which its mail says (the screen does not).
	AccountExisted bool `json:"-"`
	// AccountName is that account's own name, which its mail greets —
	// not the names typed in the form, perhaps by someone else.
	AccountName string `json:"-"`
}

// OwnerKinds are the requests about a property its owner is told of (SPEC
// §3 owner portal rows; the weekly report): information, visits,
// documents, purchase offers and rent applications. A property sent to a
// friend is no request to the agency.
var OwnerKinds = []Kind{KindInformation, KindVisit, KindDocument, KindPurchaseOffer, KindRentApplication}

// Names of the shared form fields (the names the page's form posts).
const (
	FieldTitle     = "title"
	FieldFirstName = "firstName"
	FieldLastName  = "lastName"
	FieldEmail     = "email"
	FieldPhone     = "phone"
	FieldRemark    = "remark"
	FieldProperty  = "propertyId"
	FieldProject   = "projectId"
)

// Decode builds the request of kind from posted values (one value per
// name) and files: the shared fields, and the kind's own fields by its
// Spec; other names are dropped. Numbers that do not parse stay as typed in
// Fields, or make the ID -1, so Validate reports them. An Upload field keeps
// its first non-empty file, typed by its content and its name cleaned
// (upload.Set.Prepare: a picture is re-encoded, without its metadata, or
// its problem kept for Validate); files in no Upload field are dropped.
func Decode(kind Kind, lang, page string, in map[string]string, files ...File) Request {
	r := Request{Kind: kind, Lang: lang, Page: page, Remark: in[FieldRemark],
		Person: Person{Title: in[FieldTitle], FirstName: in[FieldFirstName], LastName: in[FieldLastName],
			Email: strings.TrimSpace(in[FieldEmail]), Phone: in[FieldPhone]},
		PropertyID: id(in[FieldProperty]), ProjectID: id(in[FieldProject])}
	if spec, ok := Specs[kind]; ok {
		for _, f := range spec.Fields {
			if f.Type == Upload {
				if file, ok := firstFile(files, f.Name); ok {
					file.Name, file.Type, file.Data, file.problem = f.Accept.Prepare(file.Name, file.Data)
					r.Files = append(r.Files, file)
				}
				continue
			}
			if v, ok := in[f.Name]; ok {
				if r.Fields == nil {
					r.Fields = map[string]string{}
				}
				if f.Type != Password { // a password is as typed
					v = strings.TrimSpace(v)
				}
				r.Fields[f.Name] = v
			}
		}
	}
	return r
}

// DecodeValues is Decode of a form's values as posted: a List field's
// values (a group of checkboxes) joined by ListSeparator, each once, the
// first value of any other.
func DecodeValues(kind Kind, lang, page string, values url.Values, files ...File) Request {
	in := make(map[string]string, len(values))
	for k, v := range values {
		if len(v) > 0 {
			in[k] = v[0]
		}
	}
	for _, f := range Specs[kind].Fields {
		if f.Type != List {
			continue
		}
		var items []string
		for _, v := range values[f.Name] {
			for _, it := range strings.Split(v, ListSeparator) {
				if it = strings.TrimSpace(it); it != "" && !slices.Contains(items, it) {
					items = append(items, it)
				}
				if len(items) > MaxList {
					break
				}
			}
		}
		in[f.Name] = strings.Join(items, ListSeparator)
	}
	return Decode(kind, lang, page, in, files...)
}

func firstFile(files []File, name string) (File, bool) {
	for _, f := range files {
		if f.Field == name && len(f.Data) > 0 {
			return f, true
		}
	}
	return File{}, false
}

// File is the upload of field name, nil when none was sent.
func (r Request) File(name string) *File {
	for i := range r.Files {
		if r.Files[i].Field == name {
			return &r.Files[i]
		}
	}
	return nil
}

// id reads a listing's ID: empty is 0 (none), anything but a positive
// whole number -1 (invalid).
func id(s string) int64 {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return -1
	}
	return n
}

// Int reads a number field; ok is false when it is absent or not a number.
func (r Request) Int(name string) (n int64, ok bool) {
	return field.Whole(r.Fields[name])
}

// Date reads a date field (YYYY-MM-DD, as an HTML date input posts it).
func (r Request) Date(name string) (time.Time, bool) {
	d, err := time.Parse(time.DateOnly, r.Fields[name])
	return d, err == nil
}

// Content is what r says, for its Fingerprint: kind, page, listing, the
// person, the remark, the fields in order and the files' SHA-256 — not the
// proof of work nor anything else that differs between two sends of one
// form.
func (r Request) Content() string {
	var b strings.Builder
	line := func(parts ...string) {
		for _, p := range parts {
			b.WriteString(strconv.Quote(p))
			b.WriteByte(' ')
		}
		b.WriteByte('\n')
	}
	line(string(r.Kind), r.Lang, r.Page, strconv.FormatInt(r.PropertyID, 10), strconv.FormatInt(r.ProjectID, 10))
	line(r.Person.Title, r.Person.FirstName, r.Person.LastName, strings.ToLower(r.Person.Email), r.Person.Phone, r.Remark)
	secret := map[string]bool{}
	for _, f := range Specs[r.Kind].Fields {
		secret[f.Name] = f.Type == Password
	}
	for _, k := range slices.Sorted(maps.Keys(r.Fields)) {
		if !secret[k] {
			line(k, r.Fields[k])
		}
	}
	for _, f := range r.Files {
		sum := sha256.Sum256(f.Data)
		line(f.Field, f.Name, hex.EncodeToString(sum[:]))
	}
	return b.String()
}
