package lead

import (
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"immo/internal/domain/field"
	"immo/internal/domain/upload"
)

// Type is the type of a kind's own field.
type Type int

const (
	Text   Type = iota // one line
	Long               // a free text
	Email              // one address
	Number             // a whole number ≥ 0
	Date               // YYYY-MM-DD
	Choice             // one of Options
	Slot               // an appointment's start, RFC 3339 (package agenda offers them)
	Upload             // an upload of one of Accept's types (Request.Files), checked by its content
	URL                // an http(s) web address (field.ValidURL), at most field.MaxText long
	// List is several values (a group of checkboxes), kept joined by
	// ListSeparator: each one of Options, or without Options a short token
	// (a number, an id), at most MaxList of them.
	List
	// Password is a password: never stored, never in a mail, never in the
	// request's fingerprint (it is always Transient); the kind's Rules
	// check it.
	Password
)

// maxPasswordBytes bounds a password as posted (the registration's rules
// bound it tighter: account.MaxPassword).
const maxPasswordBytes = 800

// ListSeparator joins a List field's values; MaxList bounds their number.
const (
	ListSeparator = ","
	MaxList       = 200
)

// Items are the values of a List field as kept.
func Items(v string) []string {
	if strings.TrimSpace(v) == "" {
		return nil
	}
	return strings.Split(v, ListSeparator)
}

// Field is one of a kind's own fields.
type Field struct {
	Name     string
	Type     Type
	Required bool
	Options  []string // for Choice
	// Accept is what an Upload field takes (upload.CV, upload.Picture).
	Accept upload.Set
	// Key replaces the type's own key for this field's problems (a friend's
	// email is "empty or invalid", whatever is wrong with it).
	Key string
	// Transient fields serve the request's mails and are kept nowhere: not
	// stored, not in the agency's notice (a friend's address: the friend's
	// mail says we do not keep it).
	Transient bool
}

// Spec is what a kind asks.
type Spec struct {
	// Person says which of the person's fields are required: Full asks
	// title, names, email and phone; NamesEmail names and email; EmailOnly
	// an email.
	Person   int
	Property bool // about a property: its ID is required
	Project  bool // about a project: its ID is required
	Remark   bool // the remark is required
	// RemarkMax bounds the remark in characters; 0 is field.MaxRemark.
	RemarkMax int
	// AskAgain says the same post again asks again (a newsletter sign-up
	// repeated for its opt-in mail): it is not kept once per RepeatWindow
	// as a double press is, but answered and mailed anew (the address's
	// brakes bound it).
	AskAgain bool
	Fields   []Field
}

// Levels of Spec.Person.
const (
	Full = iota
	NamesEmail
	EmailOnly
)

// Contact time slots (SPEC §9: 10:00-13:00, 14:00-16:00, 16:00-19:00).
var contactTimes = []string{"morning", "afternoon", "evening"}

var contactTime = Field{Name: "contactTime", Type: Choice, Options: contactTimes}

// Contact devices (SPEC §3): how a registrant wants to be reached.
var contactDevices = []string{"phone", "mobile", "email"}

// OptsIn tells whether r asks for the newsletter in passing (the
// information request's and the demand register's box).
func OptsIn(r Request) bool {
	return (r.Kind == KindInformation || r.Kind == KindDemandRegister) && r.Fields["newsletter"] == "yes"
}

// newsletterOptIn is the information request's checkbox: "yes" when the
// visitor asks for the newsletter too, recorded with the request.
var newsletterOptIn = Field{Name: "newsletter", Type: Choice, Options: []string{"yes"}}

// Specs maps every kind to what it asks.
var Specs = map[Kind]Spec{
	KindInformation: {Property: true, Fields: []Field{contactTime, newsletterOptIn}},
	KindVisit:       {Property: true, Fields: []Field{{Name: "slot", Type: Slot, Required: true}}},
	// unit: the price list's unit the visitor asks about, if any (a bounded
	// text: the agency reads it in the notice; the list changes anyway).
	KindProject: {Project: true, Fields: []Field{contactTime, {Name: "unit", Type: Text}}},
	KindValuation: {Fields: []Field{
		{Name: "goal", Type: Choice, Required: true, Options: []string{"sale", "rent"}},
		{Name: "street", Type: Text, Required: true}, {Name: "zip", Type: Text, Required: true},
		{Name: "city", Type: Text, Required: true}, {Name: "propertyType", Type: Text}, contactTime}},
	KindSiteContact: {Remark: true, Fields: []Field{contactTime}},
	KindFriend: {Person: NamesEmail, Property: true, RemarkMax: MaxFriendMessage, Fields: []Field{
		{Name: "friendFirstName", Type: Text}, {Name: "friendLastName", Type: Text},
		{Name: "friendEmail", Type: Email, Required: true, Key: field.KeyFriendEmail, Transient: true}}},
	KindNewsletter: {Person: EmailOnly, AskAgain: true},
	KindDocument:   {Property: true, Fields: []Field{{Name: "document", Type: Text, Required: true}}},
	KindTestimonial: {Person: NamesEmail, Remark: true, Fields: []Field{
		{Name: "website", Type: URL}, {Name: "aboutYou", Type: Choice, Options: []string{"buyer", "seller", "tenant", "landlord"}},
		{Name: "picture", Type: Upload, Accept: upload.Picture}}},
	// position: the job applied for, if the visitor names one.
	KindJob: {Fields: []Field{{Name: "position", Type: Text}, {Name: "motivation", Type: Long, Required: true},
		{Name: "cv", Type: Upload, Required: true, Accept: upload.CV}}},
	KindPurchaseOffer: {Property: true, Fields: []Field{
		{Name: "street", Type: Text, Required: true}, {Name: "zip", Type: Text, Required: true},
		{Name: "city", Type: Text, Required: true}, {Name: "amount", Type: Number, Required: true},
		{Name: "conditions", Type: Long}, {Name: "validUntil", Type: Date, Required: true}}},
	KindRentApplication: {Property: true, Fields: []Field{
		{Name: "adults", Type: Number, Required: true}, {Name: "kids", Type: Number},
		{Name: "pets", Type: Choice, Options: []string{"yes", "no"}},
		{Name: "movingDate", Type: Date, Required: true}, {Name: "movingReason", Type: Long},
		{Name: "income1", Type: Number, Required: true}, {Name: "income2", Type: Number},
		{Name: "cv", Type: Upload, Accept: upload.CV}}},
	// The demand register (SPEC §3): what the visitor looks for, their
	// account's password; types are the catalog's type ids, zones the
	// configuration's zone ids (the registration's Rules check both).
	KindDemandRegister: {Fields: demandRegisterFields()},
}

// Fields of the demand register: its ranges, in the form's order.
var DemandRanges = []string{"priceMin", "priceMax", "bedroomsMin", "bedroomsMax", "garagesMin", "garagesMax",
	"parkingsMin", "parkingsMax", "bathroomsMin"}

func demandRegisterFields() []Field {
	fs := []Field{
		{Name: "purpose", Type: Choice, Required: true, Options: []string{"buy", "rent"}},
		{Name: "types", Type: List, Required: true, Key: field.KeyTypes},
		{Name: "zones", Type: List, Required: true, Key: field.KeyZones},
	}
	for _, name := range DemandRanges {
		fs = append(fs, Field{Name: name, Type: Number})
	}
	// SPEC §3's demand fields: the person's address and the way they want
	// to be reached (the remark, as every kind's, besides).
	fs = append(fs, Field{Name: "street", Type: Text}, Field{Name: "zip", Type: Text}, Field{Name: "city", Type: Text},
		Field{Name: "contactDevice", Type: Choice, Options: contactDevices})
	return append(fs, newsletterOptIn,
		Field{Name: "contactTime", Type: List, Options: contactTimes},
		Field{Name: "password", Type: Password, Required: true},
		Field{Name: "passwordConfirm", Type: Password, Required: true})
}

// Kept tells whether f's value is stored and in the agency's notice: not
// a Transient field's, never a Password's.
func (f Field) Kept() bool { return !f.Transient && f.Type != Password }

// Kept is r's fields without its kind's Transient ones: what is stored.
func (r Request) Kept() map[string]string {
	out := make(map[string]string, len(r.Fields))
	for k, v := range r.Fields {
		out[k] = v
	}
	for _, f := range Specs[r.Kind].Fields {
		if !f.Kept() {
			delete(out, f.Name)
		}
	}
	return out
}

// MaxFriendMessage bounds the message sent to a friend: a short note in our
// template, not a letter.
const MaxFriendMessage = 500

func (s Spec) remarkMax() int {
	if s.RemarkMax > 0 {
		return s.RemarkMax
	}
	return field.MaxRemark
}

// Validate checks r against its kind's Spec: per form field, the
// translation key of its first problem. Empty means r may be stored. An
// unknown kind is not a visitor's error: the page handler never passes one.
func (r Request) Validate() field.Errors {
	e := field.Errors{}
	spec := Specs[r.Kind]
	p := r.Person
	// Characters no keyboard types, first: they are the field's problem.
	for name, v := range map[string]string{FieldTitle: p.Title, FieldFirstName: p.FirstName, FieldLastName: p.LastName,
		FieldEmail: p.Email, FieldPhone: p.Phone} {
		e.Plain(name, v, false)
	}
	e.Plain(FieldRemark, r.Remark, true)
	for _, f := range spec.Fields {
		e.Plain(f.Name, r.Fields[f.Name], f.Type == Long)
	}
	if spec.Person == Full {
		e.OneOf(FieldTitle, p.Title, true, TitleMr, TitleMs, TitleMiss)
		e.Phone(FieldPhone, p.Phone, true)
	} else {
		e.OneOf(FieldTitle, p.Title, false, TitleMr, TitleMs, TitleMiss)
		e.Phone(FieldPhone, p.Phone, false)
	}
	names := spec.Person != EmailOnly
	e.Text(FieldFirstName, p.FirstName, names)
	e.Text(FieldLastName, p.LastName, names)
	e.Email(FieldEmail, p.Email, true)
	e.Check(spec.Remark && field.Empty(r.Remark), FieldRemark, field.KeyRequired)
	e.Check(utf8.RuneCountInString(r.Remark) > spec.remarkMax(), FieldRemark, field.KeyTooLong)
	checkListing(e, FieldProperty, r.PropertyID, spec.Property)
	checkListing(e, FieldProject, r.ProjectID, spec.Project)
	for _, f := range spec.Fields {
		if f.Type == Upload {
			f.checkFile(e, r.File(f.Name))
			continue
		}
		f.check(e, r.Fields[f.Name])
	}
	return e
}

// checkFile checks an Upload field's upload (nil: none sent) by its content
// (upload.Set.Check): its type, its name, its size.
func (f Field) checkFile(e field.Errors, file *File) {
	if file == nil || len(file.Data) == 0 {
		e.Check(f.Required, f.Name, field.KeyRequired)
		return
	}
	key := file.problem
	if key == "" {
		_, key = f.Accept.Check(file.Name, file.Data)
	}
	e.Check(key != "", f.Name, key)
}

func checkListing(e field.Errors, name string, id int64, required bool) {
	e.Check(id < 0, name, field.KeyNumber)
	e.Check(required && id == 0, name, field.KeyRequired)
}

// Check adds v's problem as a value of f to e (Validate does it for every
// field of a kind; a form reusing some of a kind's fields calls it).
func (f Field) Check(e field.Errors, v string) { f.check(e, v) }

func (f Field) check(e field.Errors, v string) {
	key := func(k string) string {
		if f.Key != "" {
			return f.Key
		}
		return k
	}
	if field.Empty(v) {
		e.Check(f.Required, f.Name, key(field.KeyRequired))
		return
	}
	switch f.Type {
	case Text:
		e.Text(f.Name, v, false)
	case Long:
		e.Remark(f.Name, v)
	case URL:
		e.Text(f.Name, v, false)
		e.Check(!field.ValidURL(v), f.Name, key(field.KeyURL))
	case Email:
		e.Check(!field.ValidEmail(v), f.Name, key(field.KeyEmail))
	case Number:
		n, ok := field.Whole(v)
		e.Check(!ok || n < 0 || n >= 1e9, f.Name, key(field.KeyNumber))
	case Date:
		_, err := time.Parse(time.DateOnly, v)
		e.Check(err != nil, f.Name, key(field.KeyDate))
	case Slot:
		_, err := time.Parse(time.RFC3339, v)
		e.Check(err != nil, f.Name, key(field.KeyDate))
	case Choice:
		e.OneOf(f.Name, v, false, f.Options...)
	case List:
		items := Items(v)
		e.Check(len(items) > MaxList, f.Name, field.KeyChoice)
		for _, it := range items {
			ok := listToken.MatchString(it)
			if len(f.Options) > 0 {
				ok = slices.Contains(f.Options, it)
			}
			if !ok {
				e.Add(f.Name, field.KeyChoice)
				break
			}
		}
	case Password:
		e.Check(len(v) > maxPasswordBytes, f.Name, field.KeyTooLong)
	}
}

// listToken is a List value without Options: a number or an id.
var listToken = regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}$`)
