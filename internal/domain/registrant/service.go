package registrant

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/agency"
	"immo/internal/domain/catalog"
	"immo/internal/domain/demand"
	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/domain/linktoken"
	"immo/internal/domain/mail"
)

// Zones are the agency's zones (site.Config): a registrant chooses zones,
// a demand matches by their postal codes.
type Zones interface {
	// Postcodes are the postal codes of the zones ids names; false when
	// one is unknown.
	Postcodes(ids []string) ([]string, bool)
	// ZoneIDs are the zones all of whose postal codes are among postcodes.
	ZoneIDs(postcodes []string) []string
}

// ResetMail writes the forgotten password's mail to a; its link carries
// token.
type ResetMail = account.LinkMail

// Service registers demands and serves the registrants.
type Service struct {
	Store Store
	// Links keep the accounts' single-use links: a registrant's reset link
	// is one of kind account.RegistrantResetLink (Resets).
	Links account.LinkStore
	Zones Zones
	// Types are the catalog's property type ids (WebID) a demand may ask.
	Types func() []int
	Queue mail.Queue
	Reset ResetMail
	// ForgetMails deletes, in tx, every mail to email (the mail queue's
	// ForgetRecipient); nil: none is kept by the caller.
	ForgetMails func(ctx context.Context, tx mail.Tx, email string) (int64, error)
	Now         func() time.Time // nil: time.Now
}

// DeleteAccount deletes a and everything kept about its owner, the mails
// to them included (GDPR Art. 17).
func (s *Service) DeleteAccount(ctx context.Context, a account.Account) error {
	return s.Store.DeleteAccount(ctx, a.ID, func(ctx context.Context, tx mail.Tx, email string) error {
		if s.ForgetMails == nil {
			return nil
		}
		_, err := s.ForgetMails(ctx, tx, email)
		return err
	})
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

var (
	_ lead.Rules = (*Service)(nil)
	_ lead.Step  = (*Service)(nil)
)

// The demand register's fields (lead.Specs[lead.KindDemandRegister]).
const (
	FieldPurpose         = "purpose"
	FieldTypes           = "types"
	FieldZones           = "zones"
	FieldPassword        = "password"
	FieldPasswordConfirm = "passwordConfirm"
	GoalBuy              = "buy"
	GoalRent             = "rent"
)

// demandFields are the fields of a demand's search, as the area's form
// posts them too.
var demandFields = append([]string{FieldPurpose, FieldTypes, FieldZones}, lead.DemandRanges...)

// Check implements lead.Rules for the demand register: known types and
// zones, ranges in order, the password's rule. Other kinds: nothing.
func (s *Service) Check(ctx context.Context, r lead.Request, _ time.Time) field.Errors {
	if r.Kind != lead.KindDemandRegister {
		return field.Errors{}
	}
	// Every problem at once: the search's and the password's.
	_, e := s.demand(ctx, r.Fields)
	account.CheckPassword(e, r.Fields[FieldPassword], r.Fields[FieldPasswordConfirm])
	return e
}

// CheckSearch checks a demand's search as a form posts it (fields as
// lead.DecodeValues joins them): the fields' own rules, then the
// demand's; the demand, or the problems per field.
func (s *Service) CheckSearch(ctx context.Context, fields map[string]string) (demand.Demand, field.Errors) {
	e := field.Errors{}
	for _, f := range lead.Specs[lead.KindDemandRegister].Fields {
		if slices.Contains(demandFields, f.Name) {
			e.Plain(f.Name, fields[f.Name], false)
			f.Check(e, fields[f.Name])
		}
	}
	if len(e) > 0 {
		return demand.Demand{}, e
	}
	return s.demand(ctx, fields)
}

// zones are the zones of ctx's agency (agency.FromContext), as its
// configuration published or previewed says them; Zones when ctx carries
// none.
func (s *Service) zones(ctx context.Context) Zones {
	if a := agency.FromContext(ctx); a != nil && a.Site != nil {
		return a.Site
	}
	return s.Zones
}

// demand is the search fields' demand (fields valid by their types), its
// zones those of ctx's agency.
func (s *Service) demand(ctx context.Context, fields map[string]string) (demand.Demand, field.Errors) {
	e := field.Errors{}
	var d demand.Demand
	switch fields[FieldPurpose] {
	case GoalBuy:
		d.Goal = catalog.GoalSale
	case GoalRent:
		d.Goal = catalog.GoalRent
	default:
		d.Goal = -1
	}
	known := []int{}
	if s.Types != nil {
		known = s.Types()
	}
	for _, it := range lead.Items(fields[FieldTypes]) {
		id, err := strconv.Atoi(it)
		if err != nil || !slices.Contains(known, id) {
			e.Add(FieldTypes, field.KeyChoice)
			break
		}
		d.Types = append(d.Types, id)
	}
	zips, ok := s.zones(ctx).Postcodes(lead.Items(fields[FieldZones]))
	if !ok {
		e.Add(FieldZones, field.KeyChoice)
	}
	d.Zips = zips
	n := func(name string) int64 {
		v, _ := field.Whole(fields[name])
		return v
	}
	d.Price = demand.Range{Min: n("priceMin"), Max: n("priceMax")}
	d.Bedrooms = demand.Range{Min: n("bedroomsMin"), Max: n("bedroomsMax")}
	d.Garages = demand.Range{Min: n("garagesMin"), Max: n("garagesMax")}
	d.Parkings = demand.Range{Min: n("parkingsMin"), Max: n("parkingsMax")}
	d.BathroomsMin = n("bathroomsMin")
	for name, key := range d.Validate() {
		switch name {
		case "zips":
			name = FieldZones
		case "goal":
			name = FieldPurpose
		}
		e.Add(name, key)
	}
	return d, e
}

// SearchFields are a demand's search as its form's fields (the area's
// edit form shows them).
func (s *Service) SearchFields(ctx context.Context, d demand.Demand) map[string]any {
	goal := GoalBuy
	if d.Goal == catalog.GoalRent {
		goal = GoalRent
	}
	types := make([]string, len(d.Types))
	for i, t := range d.Types {
		types[i] = strconv.Itoa(t)
	}
	out := map[string]any{FieldPurpose: goal, FieldTypes: types, FieldZones: s.zones(ctx).ZoneIDs(d.Zips)}
	for name, v := range map[string]int64{"priceMin": d.Price.Min, "priceMax": d.Price.Max,
		"bedroomsMin": d.Bedrooms.Min, "bedroomsMax": d.Bedrooms.Max, "garagesMin": d.Garages.Min,
		"garagesMax": d.Garages.Max, "parkingsMin": d.Parkings.Min, "parkingsMax": d.Parkings.Max,
		"bathroomsMin": d.BathroomsMin} {
		if v > 0 {
			out[name] = strconv.FormatInt(v, 10)
		}
	}
	return out
}

// AddSearch adds the search d (CheckSearch's) to the logged-in registrant
// a: confirmed at once, their session proving the address; ErrTooMany past
// MaxDemands.
func (s *Service) AddSearch(ctx context.Context, a account.Account, d demand.Demand) error {
	if a.Confirmed.IsZero() { // no session has one: the login refuses it
		return account.ErrUnconfirmed
	}
	now := s.now()
	d.Account, d.Lang, d.Created, d.Confirmed, d.Paused = a.ID, a.Lang, now, now, false
	_, err := s.Store.AddDemand(ctx, d, MaxDemands)
	return err
}

// In implements lead.Step: the account (created when the address has
// none), the demand unconfirmed, its confirmation link in r.Secret for the
// mails, r.AccountExisted when the address had an account.
func (s *Service) In(ctx context.Context, tx mail.Tx, r *lead.Request) error {
	if r.Kind != lead.KindDemandRegister {
		return nil
	}
	d, errs := s.demand(ctx, r.Fields)
	if len(errs) > 0 { // Check accepted it: the configuration changed meanwhile
		return &lead.Refused{Errors: errs}
	}
	// Hashed here, inside the post's write transaction (~20 ms of
	// argon2id holding SQLite's writer), not before it: the sender's limits
	// are counted in that transaction, and hashing first would let posts
	// the limits refuse cost an argon2id run each.
	hash, err := account.HashPassword(r.Fields[FieldPassword])
	if err != nil {
		return err
	}
	now := s.now()
	a := account.Account{Role: account.Registrant, Email: account.NormalEmail(r.Person.Email),
		FirstName: strings.TrimSpace(r.Person.FirstName), LastName: strings.TrimSpace(r.Person.LastName),
		Lang: r.Lang, PasswordHash: hash, Created: now, AlertFrequency: account.Instant}
	d.Lang, d.Created = r.Lang, now
	token, link := account.DemandConfirmLink.New(now)
	reg, err := s.Store.Register(ctx, tx, a, d, link, MaxPending)
	if err != nil {
		return err
	}
	r.Secret, r.AccountExisted = token, reg.Existed
	if reg.Existed {
		r.AccountName = reg.Account.Name()
	}
	return nil
}

// Done implements lead.Step: nothing after the commit.
func (s *Service) Done(context.Context, lead.Request) {}

// Confirmation is the account and demand a confirmation link names, for
// the page that asks to confirm; ErrUnknownToken when it is unknown, used
// or expired.
func (s *Service) Confirmation(ctx context.Context, token string) (account.Account, demand.Demand, error) {
	if !linktoken.Plausible(token) {
		return account.Account{}, demand.Demand{}, ErrUnknownToken
	}
	return s.Store.Confirmation(ctx, linktoken.Hash(token), s.now())
}

// Confirm confirms the link's demand (its alerts start) and spends the
// link: the account, for the session the confirmation starts. An account
// never confirmed proves its address here, and its password is the one
// chosen now (password, confirm), not the one typed in the register form:
// that one was typed by whoever filled it in, perhaps a stranger to the
// mailbox. The password's problems, or the account.
func (s *Service) Confirm(ctx context.Context, token, password, confirm string) (account.Account, demand.Demand, field.Errors, error) {
	a, _, err := s.Confirmation(ctx, token)
	if err != nil {
		return account.Account{}, demand.Demand{}, nil, err
	}
	hash := ""
	if a.Confirmed.IsZero() {
		e := field.Errors{}
		if account.CheckPassword(e, password, confirm); len(e) > 0 {
			return account.Account{}, demand.Demand{}, e, nil
		}
		if hash, err = account.HashPassword(password); err != nil {
			return account.Account{}, demand.Demand{}, nil, err
		}
	}
	a, d, err := s.Store.Confirm(ctx, linktoken.Hash(token), s.now(), hash)
	if errors.Is(err, ErrPasswordNeeded) {
		return account.Account{}, demand.Demand{}, field.Errors{FieldPassword: field.KeyRequired}, nil
	}
	return a, d, nil, err
}

// Resets are the registrants' reset links: mailed for a forgotten
// password (Forgot: to email's registrant account when there is one, and
// nothing otherwise), followed by the reset page (Link, SetPassword: the
// account's other sessions end).
func (s *Service) Resets() *account.Links {
	return &account.Links{Store: s.Links, Kind: account.RegistrantResetLink, Queue: s.Queue, Mail: s.Reset, Now: s.Now}
}

// KeyWrongPassword is the area's refusal of a password change whose
// current password is wrong.
const KeyWrongPassword = "registrant.error.currentPassword"

// ChangePassword changes a's password when current is its password: the
// problems per field (FieldPassword, FieldPasswordConfirm, "current").
func (s *Service) ChangePassword(ctx context.Context, a account.Account, current, password, confirm string) (field.Errors, error) {
	e := field.Errors{}
	if account.CheckPassword(e, password, confirm); len(e) > 0 {
		return e, nil
	}
	ok, _, err := account.VerifyPassword(a.PasswordHash, current)
	if err != nil && !errors.Is(err, account.ErrBadHash) {
		return nil, err
	}
	if !ok {
		return field.Errors{"current": KeyWrongPassword}, nil
	}
	hash, err := account.HashPassword(password)
	if err != nil {
		return nil, err
	}
	return nil, s.Store.ChangePassword(ctx, a.ID, hash, s.now())
}

// Export is everything the site keeps about a registrant, as they
// download it (GDPR Art. 15, 20): their account, their searches, what
// they typed in each registration (title, phone, contact times, the
// newsletter box, a remark…) and their newsletter subscription.
type Export struct {
	Account struct {
		Email          string            `json:"email"`
		FirstName      string            `json:"firstName"`
		LastName       string            `json:"lastName"`
		Lang           string            `json:"language"`
		Created        time.Time         `json:"created"`
		Confirmed      time.Time         `json:"addressConfirmed,omitzero"`
		PasswordChange time.Time         `json:"passwordChanged,omitzero"`
		AlertFrequency account.Frequency `json:"alertFrequency"`
	} `json:"account"`
	Demands       []ExportDemand       `json:"demands"`
	Registrations []ExportRegistration `json:"registrations"`
	// Newsletter is the address's subscription, if any.
	Newsletter *ExportNewsletter `json:"newsletter,omitempty"`
}

// ExportRegistration is one post of the demand register: as typed.
type ExportRegistration struct {
	Received time.Time         `json:"received"`
	Language string            `json:"language"`
	Page     string            `json:"page"`
	Person   lead.Person       `json:"person"`
	Remark   string            `json:"remark,omitempty"`
	Fields   map[string]string `json:"fields"`
}

// ExportNewsletter is the newsletter's state of the address.
type ExportNewsletter struct {
	State string    `json:"state"` // pending, confirmed or unsubscribed
	Since time.Time `json:"since"`
}

// ExportDemand is one demand in an Export: its search as the form says it.
type ExportDemand struct {
	ID           int64     `json:"id"`
	Purpose      string    `json:"purpose"` // GoalBuy or GoalRent
	Types        []int     `json:"types"`   // the catalog's property type ids
	Zones        []string  `json:"zones"`   // the zones chosen
	Postcodes    []string  `json:"postcodes"`
	PriceMin     int64     `json:"priceMin,omitempty"`
	PriceMax     int64     `json:"priceMax,omitempty"`
	BedroomsMin  int64     `json:"bedroomsMin,omitempty"`
	BedroomsMax  int64     `json:"bedroomsMax,omitempty"`
	GaragesMin   int64     `json:"garagesMin,omitempty"`
	GaragesMax   int64     `json:"garagesMax,omitempty"`
	ParkingsMin  int64     `json:"parkingsMin,omitempty"`
	ParkingsMax  int64     `json:"parkingsMax,omitempty"`
	BathroomsMin int64     `json:"bathroomsMin,omitempty"`
	Language     string    `json:"language"`
	Created      time.Time `json:"created"`
	Confirmed    time.Time `json:"confirmed,omitzero"`
	Paused       bool      `json:"paused"`
	Alerts       []Alert   `json:"alerts"` // the listings it was told of
}

// Export gathers a's data.
func (s *Service) Export(ctx context.Context, a account.Account) (Export, error) {
	var x Export
	x.Account.Email, x.Account.FirstName, x.Account.LastName = a.Email, a.FirstName, a.LastName
	x.Account.Lang, x.Account.Created, x.Account.AlertFrequency = a.Lang, a.Created, a.AlertFrequency
	x.Account.Confirmed, x.Account.PasswordChange = a.Confirmed, a.PasswordChanged
	regs, err := s.Store.Registrations(ctx, a.Email)
	if err != nil {
		return x, err
	}
	x.Registrations = []ExportRegistration{}
	for _, r := range regs {
		x.Registrations = append(x.Registrations, ExportRegistration{Received: r.Time, Language: r.Lang, Page: r.Page,
			Person: r.Person, Remark: r.Remark, Fields: r.Kept()})
	}
	if state, since, ok, err := s.Store.Subscription(ctx, a.Email); err != nil {
		return x, err
	} else if ok {
		x.Newsletter = &ExportNewsletter{State: state, Since: since}
	}
	ds, err := s.Store.Demands(ctx, a.ID)
	if err != nil {
		return x, err
	}
	alerted, err := s.Store.Alerted(ctx, a.ID)
	if err != nil {
		return x, err
	}
	x.Demands = []ExportDemand{}
	for _, d := range ds {
		al := alerted[d.ID]
		if al == nil {
			al = []Alert{}
		}
		purpose := GoalBuy
		if d.Goal == catalog.GoalRent {
			purpose = GoalRent
		}
		x.Demands = append(x.Demands, ExportDemand{ID: d.ID, Purpose: purpose, Types: d.Types, Zones: s.zones(ctx).ZoneIDs(d.Zips),
			Postcodes: d.Zips, PriceMin: d.Price.Min, PriceMax: d.Price.Max, BedroomsMin: d.Bedrooms.Min, BedroomsMax: d.Bedrooms.Max,
			GaragesMin: d.Garages.Min, GaragesMax: d.Garages.Max, ParkingsMin: d.Parkings.Min, ParkingsMax: d.Parkings.Max,
			BathroomsMin: d.BathroomsMin, Language: d.Lang, Created: d.Created, Confirmed: d.Confirmed, Paused: d.Paused, Alerts: al})
	}
	return x, nil
}
