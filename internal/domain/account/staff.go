package account

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"immo/internal/domain/antispam"
	"immo/internal/domain/errs"
	"immo/internal/domain/field"
	"immo/internal/domain/i18n"
	"immo/internal/domain/mail"
)

// The agency's staff work the inbox under /admin/. A staff account (role
// Staff) is an admin, who also manages the staff, or an agent, who works
// every lead but manages nobody. The agency creates the first ones with
// `immo staff add`; then admins add the others in the inbox. A new staff
// account's password is unknown to anyone: a mailed single-use link (its
// own purpose, PurposeStaffPassword, so neither an owner's page nor a
// staff page takes the other's link) sets it.

// StaffRole is what a staff account may do in the inbox.
type StaffRole string

const (
	Admin StaffRole = "admin" // works the leads and manages the staff
	Agent StaffRole = "agent" // works the leads
	// Operator is the platform's operator (issue #35): an account of the
	// implicit agency, the platform's own, that adds, disables and watches
	// the agencies and reaches no agency's leads — its own agency's
	// included — unless that agency grants it. Not an agency's staff role
	// (Valid is false): every page and service that asks for staff refuses
	// it. Made on the command line only; the inbox never changes it.
	Operator StaffRole = "operator"
)

// Valid tells whether r is a staff role of the agency (admin or agent).
func (r StaffRole) Valid() bool { return r == Admin || r == Agent }

// ParseStaffRole is the role s names (admin, agent, or operator: the
// command line's, any case).
func ParseStaffRole(s string) (StaffRole, error) {
	r := StaffRole(strings.ToLower(strings.TrimSpace(s)))
	if !r.Valid() && r != Operator {
		return "", fmt.Errorf("account: %q is no staff role (admin, agent or operator)", s)
	}
	return r, nil
}

// StaffPasswordPath is the inbox's page a staff password link opens, its
// token in the query (?token=…, as the owners' /{lang}/password/): the
// mail's link and the page's route both read it here.
const StaffPasswordPath = "/admin/password/"

// StaffPasswordLink is the path (no origin) of the link carrying token.
func StaffPasswordLink(token string) string {
	return StaffPasswordPath + "?token=" + url.QueryEscape(token)
}

// StaffLinkValidity is how long a staff password link sets a password.
const StaffLinkValidity = InviteValidity

// Errors of the staff's management, each with its code (internal/domain/errs)
// and, a refusal the staff page shows, the field and key it is said on
// (a member's: "id", on its row).
var (
	// ErrForbidden: the one asking is no admin (or no staff at all).
	ErrForbidden = &errs.Error{Code: errs.Forbidden, Message: "account: only an admin manages the staff"}
	// ErrLastAdmin: the change would leave no enabled admin, and nobody to
	// manage the staff.
	ErrLastAdmin = &errs.Error{Code: errs.Conflict, Field: "id", Key: "admin.staff.error.lastAdmin", Message: "account: the last admin cannot be demoted or disabled"}
	// ErrNotStaff: no staff account has that ID.
	ErrNotStaff = &errs.Error{Code: errs.NotFound, Message: "account: no such staff account"}
	// ErrStaffTaken: the address has a staff account already.
	ErrStaffTaken = &errs.Error{Code: errs.Conflict, Field: "email", Key: "admin.staff.error.taken", Message: "account: the address has a staff account"}
	// ErrStaffDisabled: a link to a disabled account would open nothing.
	ErrStaffDisabled = &errs.Error{Code: errs.Conflict, Field: "id", Key: "admin.staff.error.disabled", Message: "account: the staff account is disabled"}
	// ErrOperatorManaged: the account is the platform's operator's, which
	// only the command line changes.
	ErrOperatorManaged = &errs.Error{Code: errs.Conflict, Field: "id", Key: "admin.staff.error.operator", Message: "account: the platform operator's account is changed on the command line only"}
)

// StaffMember is a staff account as the staff list shows it.
type StaffMember struct {
	Account
	TwoFactor   bool // a TOTP second factor is on
	PasswordSet bool // the account chose a password (its link was used)
	// LastLink is when the newest password link was mailed (its expiry
	// less StaffLinkValidity: every link is made valid that long); zero:
	// none.
	LastLink time.Time
}

// StaffAction names a change to the staff, for the audit log.
type StaffAction string

const (
	StaffAdded       StaffAction = "staff.add"
	StaffRoleChanged StaffAction = "staff.role"
	StaffDisabled    StaffAction = "staff.disable"
	StaffEnabled     StaffAction = "staff.enable"
	StaffLinkSent    StaffAction = "staff.link"     // a new password link mailed
	StaffPasswordSet StaffAction = "staff.password" // a link used
	StaffTOTPOn      StaffAction = "staff.totp-on"
	StaffTOTPOff     StaffAction = "staff.totp-off"   // turned off by its owner, with a code
	StaffTOTPReset   StaffAction = "staff.totp-reset" // removed by an admin (a lost device)
	StaffLang        StaffAction = "staff.lang"       // the inbox's language, chosen by its member
	StaffEditorOn    StaffAction = "staff.editor-on"  // an agent allowed to edit the site
	StaffEditorOff   StaffAction = "staff.editor-off" // the right taken back
)

// StaffChange is one change to the staff: who made it (0: the command
// line; the account itself for its own password and second factor), whose
// account, what, the value before and after (the role: admin, agent; the
// state: enabled, disabled) and when.
type StaffChange struct {
	By            int64
	Account       int64
	Action        StaffAction
	Before, After string
	At            time.Time
}

// The states Before and After name for StaffDisabled and StaffEnabled.
const (
	stateEnabled  = "enabled"
	stateDisabled = "disabled"
)

func stateOf(disabled bool) string {
	if disabled {
		return stateDisabled
	}
	return stateEnabled
}

// StaffAuditTarget is the audit log's target kind of a change to the
// staff (the leads' is inbox.TargetLead); the target's ID is the account's.
const StaffAuditTarget = "staff"

// StaffAudit records a change in the transaction that makes it (tx is the
// store's, whose SQLTx() the audit table's writer inserts with), so a
// change and its record commit together or not at all. The inbox's audit
// log provides it; nil records nothing.
type StaffAudit func(ctx context.Context, tx mail.Tx, c StaffChange) error

// StaffStore keeps the staff: their accounts (role Staff and a StaffRole),
// their password links (LinkStore, of kind StaffLink) and their TOTP
// second factor. Every change runs fn in its write transaction, with the
// account as it was before (as created, for AddStaff); an error from fn
// undoes the change.
type StaffStore interface {
	// AddStaff creates the staff account a with the link t and runs fn
	// (which queues the mail): ErrStaffTaken when the address has one.
	AddStaff(ctx context.Context, a Account, t Token, fn TxFunc) (Account, error)
	// ListStaff is every staff account, admins first, then by address.
	ListStaff(ctx context.Context) ([]StaffMember, error)
	// StaffMember is the staff account id: ErrNotStaff when none.
	StaffMember(ctx context.Context, id int64) (StaffMember, error)
	// SetStaffRole changes id's role; ErrLastAdmin when it would leave no
	// enabled admin (checked under a lock: two admins demoting each other
	// at once cannot both succeed).
	SetStaffRole(ctx context.Context, id int64, role StaffRole, fn TxFunc) error
	// SetStaffDisabled disables or enables id, with SetStaffRole's rule.
	SetStaffDisabled(ctx context.Context, id int64, disabled bool, fn TxFunc) error
	// SetStaffSiteEditor gives id the editor right or takes it back; the
	// same again changes nothing and runs no fn.
	SetStaffSiteEditor(ctx context.Context, id int64, editor bool, fn TxFunc) error
	// SetStaffLang sets the language of id's inbox and mails; the same
	// again changes nothing and runs no fn.
	SetStaffLang(ctx context.Context, id int64, lang string, fn TxFunc) error
	LinkStore
	TOTPStore
}

// NewStaff is who an admin (or the command line) adds to the staff.
type NewStaff struct {
	Email, FirstName, LastName, Lang string
	Role                             StaffRole
}

// StaffService manages the staff and signs them in. Every management
// call takes the viewer asking, and only an admin may make it (Provision
// is the command line's, whose operator runs the server).
type StaffService struct {
	Store StaffStore
	// Accounts check the password (Service.Login, the same work whether
	// the address is known or not).
	Accounts *Service
	Queue    mail.Queue
	Mail     LinkMail   // a password link's
	Audit    StaffAudit // nil: nothing recorded
	// Seal keeps the TOTP secrets sealed in the database (the server's
	// key); nil: no second factor can be enrolled or checked.
	Seal *SecretBox
	// Issuer names the agency in the authenticator app when the request
	// carries none (agency.FromContext: its name as published).
	Issuer string
	// CodeBrake counts the failed codes per account (CodeBrakeMax per
	// CodeBrakeWindow in production); nil: no brake (tests).
	CodeBrake *antispam.Limiter
	Now       func() time.Time // nil: time.Now
}

func (s *StaffService) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// record writes c, dated now, in tx when the service has an audit.
func (s *StaffService) record(ctx context.Context, tx mail.Tx, c StaffChange) error {
	if s.Audit == nil {
		return nil
	}
	c.At = s.now()
	return s.Audit(ctx, tx, c)
}

// audited is the TxFunc recording c.
func (s *StaffService) audited(c StaffChange) TxFunc {
	return func(ctx context.Context, tx mail.Tx, _ Account) error { return s.record(ctx, tx, c) }
}

// admin is nil when by may manage the staff.
func admin(by Viewer) error {
	if !by.IsAdmin() {
		return ErrForbidden
	}
	return nil
}

// manages is nil when the admin by may change the staff account id: not
// the platform operator's (ErrOperatorManaged), which only the command
// line makes and nothing makes an operator later.
func (s *StaffService) manages(ctx context.Context, by Viewer, id int64) error {
	if err := admin(by); err != nil {
		return err
	}
	m, err := s.Store.StaffMember(ctx, id)
	switch {
	case err != nil:
		return err
	case m.StaffRole == Operator:
		return ErrOperatorManaged
	}
	return nil
}

// Add adds a staff account as the admin by: the account (its password
// unknown) and, in the same transaction, its password link's mail and the
// audit record. Field errors say what is wrong with n.
func (s *StaffService) Add(ctx context.Context, by Viewer, n NewStaff) (Account, field.Errors, error) {
	if err := admin(by); err != nil {
		return Account{}, nil, err
	}
	return s.add(ctx, by.Account.ID, n, Admin, Agent)
}

// Provision adds a staff account from the command line (`immo staff add`),
// which needs no admin: it bootstraps the first one. It alone makes the
// platform's operators.
func (s *StaffService) Provision(ctx context.Context, n NewStaff) (Account, field.Errors, error) {
	return s.add(ctx, 0, n, Admin, Agent, Operator)
}

func (s *StaffService) add(ctx context.Context, by int64, n NewStaff, roles ...StaffRole) (Account, field.Errors, error) {
	e := field.Errors{}
	e.Email("email", strings.TrimSpace(n.Email), true)
	e.Plain("firstName", n.FirstName, false)
	e.Plain("lastName", n.LastName, false)
	e.Text("firstName", n.FirstName, false)
	e.Text("lastName", n.LastName, false)
	e.OneOf("lang", n.Lang, true, i18n.Languages...)
	names := make([]string, len(roles))
	for i, r := range roles {
		names[i] = string(r)
	}
	e.OneOf("role", string(n.Role), true, names...)
	if len(e) > 0 {
		return Account{}, e, nil
	}
	unknown, err := unknownPassword()
	if err != nil {
		return Account{}, nil, err
	}
	now := s.now()
	a := Account{Role: Staff, StaffRole: n.Role, Email: NormalEmail(n.Email), FirstName: strings.TrimSpace(n.FirstName),
		LastName: strings.TrimSpace(n.LastName), Lang: n.Lang, PasswordHash: unknown, Created: now, AlertFrequency: Instant}
	links, err := s.links()
	if err != nil {
		return Account{}, nil, err
	}
	token, t := StaffLink.New(now)
	a, err = s.Store.AddStaff(ctx, a, t, links.queue(token, func(ctx context.Context, tx mail.Tx, a Account) error {
		return s.record(ctx, tx, StaffChange{By: by, Account: a.ID, Action: StaffAdded, After: string(a.StaffRole)})
	}))
	return a, nil, err
}

// links are the staff's password links, each used with its audit record;
// an error when the service cannot mail one.
func (s *StaffService) links() (*Links, error) {
	if s.Mail == nil || s.Queue == nil {
		return nil, fmt.Errorf("account: no mail to send a staff password link with")
	}
	return s.follow(), nil
}

// follow are the staff's password links, to follow (no mail needed).
func (s *StaffService) follow() *Links {
	return &Links{Store: s.Store, Kind: StaffLink, Queue: s.Queue, Mail: s.Mail, Now: s.Now,
		Used: func(ctx context.Context, tx mail.Tx, a Account) error {
			return s.record(ctx, tx, StaffChange{By: a.ID, Account: a.ID, Action: StaffPasswordSet})
		}}
}

// List is the staff, admins first. Any staff member may read it (an
// agent sees who their colleagues are); only an admin changes it.
func (s *StaffService) List(ctx context.Context, by Viewer) ([]StaffMember, error) {
	if !by.IsStaff() {
		return nil, ErrForbidden
	}
	return s.Store.ListStaff(ctx)
}

// SetRole makes the staff account id an admin or an agent, as the admin
// by; ErrLastAdmin when it would demote the last enabled admin.
func (s *StaffService) SetRole(ctx context.Context, by Viewer, id int64, role StaffRole) error {
	if err := s.manages(ctx, by, id); err != nil {
		return err
	}
	if !role.Valid() {
		return &errs.Error{Code: errs.Invalid, Field: "role", Key: field.KeyChoice, Message: "account: no such staff role"}
	}
	return s.Store.SetStaffRole(ctx, id, role, func(ctx context.Context, tx mail.Tx, a Account) error {
		return s.record(ctx, tx, StaffChange{By: by.Account.ID, Account: id, Action: StaffRoleChanged,
			Before: string(a.StaffRole), After: string(role)})
	})
}

// SetLang sets the language by's own inbox and staff mails are in (the
// one an admin or `immo staff add --lang` chose first), one of langs (the
// site's): a staff member's own choice, audited. The same again changes
// and logs nothing.
func (s *StaffService) SetLang(ctx context.Context, by Viewer, lang string, langs []string) error {
	if !by.InInbox() {
		return ErrForbidden
	}
	if !slices.Contains(langs, lang) || !slices.Contains(i18n.Languages, lang) {
		return &errs.Error{Code: errs.Invalid, Field: "lang", Key: field.KeyChoice, Message: "account: no such language"}
	}
	return s.Store.SetStaffLang(ctx, by.Account.ID, lang, func(ctx context.Context, tx mail.Tx, a Account) error {
		return s.record(ctx, tx, StaffChange{By: by.Account.ID, Account: by.Account.ID, Action: StaffLang, Before: a.Lang, After: lang})
	})
}

// SetDisabled disables (or enables again) the staff account id, as the
// admin by: a disabled account logs in no more and its sessions end at
// their next request. ErrLastAdmin when it would disable the last
// enabled admin.
func (s *StaffService) SetDisabled(ctx context.Context, by Viewer, id int64, disabled bool) error {
	if err := s.manages(ctx, by, id); err != nil {
		return err
	}
	action := StaffEnabled
	if disabled {
		action = StaffDisabled
	}
	return s.Store.SetStaffDisabled(ctx, id, disabled, func(ctx context.Context, tx mail.Tx, a Account) error {
		return s.record(ctx, tx, StaffChange{By: by.Account.ID, Account: id, Action: action,
			Before: stateOf(a.Disabled), After: stateOf(disabled)})
	})
}

// ProvisionSetDisabled is SetDisabled from the command line (`immo staff
// disable|enable`): the way to end the platform's operator's access
// (which the inbox never changes), or a member's when no admin can sign
// in. The last enabled admin stays (ErrLastAdmin).
func (s *StaffService) ProvisionSetDisabled(ctx context.Context, id int64, disabled bool) error {
	action := StaffEnabled
	if disabled {
		action = StaffDisabled
	}
	return s.Store.SetStaffDisabled(ctx, id, disabled, func(ctx context.Context, tx mail.Tx, a Account) error {
		return s.record(ctx, tx, StaffChange{Account: id, Action: action, Before: stateOf(a.Disabled), After: stateOf(disabled)})
	})
}

// SetSiteEditor gives the staff account id the right to edit the site (or
// takes it back), as the admin by; an admin has it anyway.
func (s *StaffService) SetSiteEditor(ctx context.Context, by Viewer, id int64, editor bool) error {
	if err := s.manages(ctx, by, id); err != nil {
		return err
	}
	action := StaffEditorOff
	if editor {
		action = StaffEditorOn
	}
	return s.Store.SetStaffSiteEditor(ctx, id, editor, func(ctx context.Context, tx mail.Tx, a Account) error {
		return s.record(ctx, tx, StaffChange{By: by.Account.ID, Account: id, Action: action})
	})
}

// Resend mails the staff account id a new password link, as the admin by
// (a lost invitation, or a forgotten password); earlier links stay valid
// until they expire or one is used.
func (s *StaffService) Resend(ctx context.Context, by Viewer, id int64) error {
	if err := s.manages(ctx, by, id); err != nil {
		return err
	}
	links, err := s.links()
	if err != nil {
		return err
	}
	_, err = links.Send(ctx, Account{Role: Staff, ID: id}, func(ctx context.Context, tx mail.Tx, _ Account) error {
		return s.record(ctx, tx, StaffChange{By: by.Account.ID, Account: id, Action: StaffLinkSent})
	})
	switch {
	case errors.Is(err, ErrNotFound):
		return ErrNotStaff
	case errors.Is(err, ErrDisabled):
		return ErrStaffDisabled
	}
	return err
}

// Link is the staff account a password link opens: ErrUnknownToken when
// it is unknown, used, expired, another kind of link or its account
// disabled. The /admin/ password page asks it before showing its form.
func (s *StaffService) Link(ctx context.Context, token string) (Account, error) {
	return s.follow().Link(ctx, token)
}

// SetPassword sets the password of the link's staff account, spending the
// link (the account's other sessions end; staff.password audited): the
// password's problems (CheckPassword's fields), or the account, whom the
// page then signs in (or asks for a code first, when its second factor is
// on: Password's answer). ErrUnknownToken when the link does not open.
func (s *StaffService) SetPassword(ctx context.Context, token, password, confirm string) (Account, field.Errors, error) {
	return s.follow().SetPassword(ctx, token, password, confirm)
}
