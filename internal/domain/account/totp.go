package account

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"image/png"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"immo/internal/domain/agency"
	"immo/internal/domain/antispam"
	"immo/internal/domain/errs"
)

// A staff member may add a second factor: a TOTP authenticator app (RFC
// 6238: SHA-1, 6 digits, 30-second steps, what every app reads from a QR
// code). It is on only once its first code proved the app has it. A code
// is accepted one step either side of now (a phone's clock a little off)
// and once: the last step used is stored, and only a later one opens, so
// a code seen over a shoulder or in a proxy's log cannot be played again.
// An admin resets a lost one (ResetTOTP); its owner turns it off with a
// code (TurnOffTOTP).

// TOTP parameters: those of every authenticator app.
const (
	TOTPPeriod = 30 // seconds per step
	TOTPSkew   = 1  // steps accepted either side of now
	totpDigits = otp.DigitsSix
	totpSecret = 20 // bytes: 160 bits, RFC 4226's recommended length
)

// The brake on wrong codes: at most CodeBrakeMax a CodeBrakeWindow per
// account (the password login's window), asked only after the password.
// A code is 1 in a million and 3 steps are open: guessing through the
// brake finds one in about two years on average.
const (
	CodeBrakeMax    = 5
	CodeBrakeWindow = 15 * time.Minute
)

// Errors of the second factor, each with its code (internal/domain/errs) and the
// field and key a form says it on (admin.json): a code's on the code
// field, the factor's state on the form.
var (
	// ErrCode: a wrong code, a used one, or one that is no code.
	ErrCode = &errs.Error{Code: errs.Invalid, Field: "code", Key: "admin.login.codeWrong", Message: "account: wrong or used code"}
	// ErrCodeBraked: too many wrong codes for the account lately.
	ErrCodeBraked = &errs.Error{Code: errs.Limited, Field: "code", Key: "admin.login.codeLocked", Message: "account: too many wrong codes, wait a while"}
	// ErrTOTPOn: a second factor is on already (turn it off or have it
	// reset first; another tab turned it on).
	ErrTOTPOn = &errs.Error{Code: errs.Conflict, Field: "form", Key: "admin.account.error.on", Message: "account: the second factor is on already"}
	// ErrNoTOTP: no second factor waits for its first code (or is on): a
	// state the change clashes with (another tab turned it off, an admin
	// reset it).
	ErrNoTOTP = &errs.Error{Code: errs.Conflict, Field: "form", Key: "admin.account.error.none", Message: "account: no second factor"}
	// ErrNoSecretBox: the service was built without the server's key.
	ErrNoSecretBox = errors.New("account: no key to seal second factors with")
)

// TOTPState is a staff account's second factor as stored.
type TOTPState struct {
	Sealed   string // the secret, base32, sealed by a SecretBox for the account
	Enabled  bool   // its first code was given: logins ask for codes
	LastStep int64  // the step of the last code accepted (Unix time / TOTPPeriod)
}

// TOTPStore keeps the staff's second factors.
type TOTPStore interface {
	// PutPendingTOTP stores sealed as id's second factor waiting for its
	// first code, replacing one that waits: ErrTOTPOn when one is on,
	// ErrNotStaff when id is no staff account.
	PutPendingTOTP(ctx context.Context, id int64, sealed string) error
	// TOTP is id's second factor: ErrNoTOTP when none.
	TOTP(ctx context.Context, id int64) (TOTPState, error)
	// EnableTOTP turns on the factor waiting as sealed (not another that
	// replaced it meanwhile), step its first code's, and runs fn:
	// ErrNoTOTP when none waits as sealed.
	EnableTOTP(ctx context.Context, id int64, sealed string, step int64, fn TxFunc) error
	// UseTOTPStep records step as the last used of id's factor, which is
	// on, when it is later than the last: false when it is not (a code
	// replayed, or taken by another server a moment before).
	UseTOTPStep(ctx context.Context, id int64, step int64) (bool, error)
	// DeleteTOTP removes id's second factor, if any, and then runs fn
	// (none: nothing changed, fn is not run): ErrNotStaff when id is no
	// staff account.
	DeleteTOTP(ctx context.Context, id int64, fn TxFunc) error
}

// Enrolment is a second factor waiting for its first code, as the page
// shows it.
type Enrolment struct {
	Secret string // base32, to type into the app by hand
	URL    string // otpauth://totp/…, what the QR code holds
}

// BeginTOTP makes a new second factor for the staff member by (their own,
// never another's), waiting for its first code; the one waiting before is
// forgotten. ErrTOTPOn when one is on.
func (s *StaffService) BeginTOTP(ctx context.Context, by Viewer) (Enrolment, error) {
	if !by.InInbox() {
		return Enrolment{}, ErrForbidden
	}
	if s.Seal == nil {
		return Enrolment{}, ErrNoSecretBox
	}
	raw := make([]byte, totpSecret)
	rand.Read(raw)
	e, err := s.enrolment(ctx, by.Account, raw)
	if err != nil {
		return Enrolment{}, err
	}
	if err := s.Store.PutPendingTOTP(ctx, by.Account.ID, s.Seal.Seal(e.Secret, by.Account.ID)); err != nil {
		return Enrolment{}, err
	}
	return e, nil
}

// TOTPOf says where by's own second factor is: on, waiting for its first
// code, or neither (none).
func (s *StaffService) TOTPOf(ctx context.Context, by Viewer) (on, waiting bool, err error) {
	if !by.InInbox() {
		return false, false, ErrForbidden
	}
	st, err := s.Store.TOTP(ctx, by.Account.ID)
	switch {
	case errors.Is(err, ErrNoTOTP):
		return false, false, nil
	case err != nil:
		return false, false, err
	}
	return st.Enabled, !st.Enabled, nil
}

// PendingTOTP is the second factor waiting for by's first code, the same
// QR code again (a page shown again after a wrong code): ErrNoTOTP when
// none waits.
func (s *StaffService) PendingTOTP(ctx context.Context, by Viewer) (Enrolment, error) {
	st, secret, err := s.factor(ctx, by)
	if err != nil {
		return Enrolment{}, err
	}
	if st.Enabled {
		return Enrolment{}, ErrNoTOTP
	}
	raw, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(secret)
	if err != nil {
		return Enrolment{}, err
	}
	return s.enrolment(ctx, by.Account, raw)
}

// enrolment is the key of raw for a: the agency of ctx as issuer, the
// address as the account's name in the app.
func (s *StaffService) enrolment(ctx context.Context, a Account, raw []byte) (Enrolment, error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: s.issuer(ctx), AccountName: a.Email, Period: TOTPPeriod,
		Digits: totpDigits, Algorithm: otp.AlgorithmSHA1, Secret: raw})
	if err != nil {
		return Enrolment{}, err
	}
	return Enrolment{Secret: key.Secret(), URL: key.URL()}, nil
}

// issuer is the name of the agency of ctx (agency.FromContext), as
// published: an agency renamed since the start is enrolled under its new
// name; else Issuer.
func (s *StaffService) issuer(ctx context.Context) string {
	if a := agency.FromContext(ctx); a != nil && a.Site != nil {
		if i := strings.TrimSpace(a.Site.Agency.Name); i != "" {
			return i
		}
	}
	if i := strings.TrimSpace(s.Issuer); i != "" {
		return i
	}
	return "immo"
}

// factor is by's stored second factor and its secret opened.
func (s *StaffService) factor(ctx context.Context, by Viewer) (TOTPState, string, error) {
	if !by.InInbox() {
		return TOTPState{}, "", ErrForbidden
	}
	return s.openFactor(ctx, by.Account.ID)
}

func (s *StaffService) openFactor(ctx context.Context, id int64) (TOTPState, string, error) {
	if s.Seal == nil {
		return TOTPState{}, "", ErrNoSecretBox
	}
	st, err := s.Store.TOTP(ctx, id)
	if err != nil {
		return TOTPState{}, "", err
	}
	secret, err := s.Seal.Open(st.Sealed, id)
	return st, secret, err
}

// ConfirmTOTP turns on the second factor waiting for by's first code when
// code is one of its codes: ErrCode (counted against the brake),
// ErrCodeBraked, ErrNoTOTP. The step of code is used: it opens no login.
func (s *StaffService) ConfirmTOTP(ctx context.Context, by Viewer, code string) error {
	if !by.InInbox() {
		return ErrForbidden
	}
	id := by.Account.ID
	if err := s.braked(ctx, id); err != nil {
		return err
	}
	st, secret, err := s.openFactor(ctx, id)
	if err != nil {
		return err
	}
	if st.Enabled {
		return ErrTOTPOn
	}
	step, ok := s.matchStep(secret, code, 0)
	if !ok {
		return s.wrongCode(ctx, id)
	}
	return s.Store.EnableTOTP(ctx, id, st.Sealed, step, s.audited(StaffChange{By: id, Account: id, Action: StaffTOTPOn}))
}

// TurnOffTOTP removes by's own second factor when code is a current code
// of it, not used before (a stolen session alone cannot turn it off).
func (s *StaffService) TurnOffTOTP(ctx context.Context, by Viewer, code string) error {
	if !by.InInbox() {
		return ErrForbidden
	}
	id := by.Account.ID
	if err := s.checkCode(ctx, id, code); err != nil {
		return err
	}
	return s.Store.DeleteTOTP(ctx, id, s.audited(StaffChange{By: id, Account: id, Action: StaffTOTPOff}))
}

// ResetTOTP removes the second factor of the staff account id, as the
// admin by: the way back for someone who lost their phone, who then logs
// in with their password alone and may enrol again.
func (s *StaffService) ResetTOTP(ctx context.Context, by Viewer, id int64) error {
	if err := s.manages(ctx, by, id); err != nil {
		return err
	}
	return s.Store.DeleteTOTP(ctx, id, s.audited(StaffChange{By: by.Account.ID, Account: id, Action: StaffTOTPReset}))
}

// ProvisionResetTOTP is ResetTOTP from the command line (`immo staff
// reset-2fa`): the way back when no admin can log in (the last admin's
// phone lost, or the server's secret changed, which leaves every sealed
// secret unreadable).
func (s *StaffService) ProvisionResetTOTP(ctx context.Context, id int64) error {
	return s.Store.DeleteTOTP(ctx, id, s.audited(StaffChange{Account: id, Action: StaffTOTPReset}))
}

// braked is ErrCodeBraked when id had CodeBrakeMax wrong codes in the
// window, counting nothing.
func (s *StaffService) braked(ctx context.Context, id int64) error {
	if s.CodeBrake == nil {
		return nil
	}
	over, err := s.CodeBrake.Over(ctx, codeAttempt(id))
	if err != nil {
		return err
	}
	if over {
		return ErrCodeBraked
	}
	return nil
}

// wrongCode counts a wrong code of id against the brake: ErrCode.
func (s *StaffService) wrongCode(ctx context.Context, id int64) error {
	if s.CodeBrake != nil {
		if _, _, err := s.CodeBrake.Hit(ctx, codeAttempt(id)); err != nil {
			return err
		}
	}
	return ErrCode
}

// CodeArea is where a staff member's wrong codes are counted (the abuse
// page's antispam.Attempt.Area); their Who is the account's id, "#12".
const CodeArea = "staff-code"

func codeAttempt(id int64) antispam.Attempt {
	return antispam.Attempt{Key: "staff-code:" + itoa(id), Who: "#" + itoa(id), Area: CodeArea}
}

// checkCode accepts code once when it is a current code of id's second
// factor, which is on, later than the last used: ErrCode (counted),
// ErrCodeBraked, ErrNoTOTP.
func (s *StaffService) checkCode(ctx context.Context, id int64, code string) error {
	if err := s.braked(ctx, id); err != nil {
		return err
	}
	st, secret, err := s.openFactor(ctx, id)
	if err != nil {
		return err
	}
	if !st.Enabled {
		return ErrNoTOTP
	}
	step, ok := s.matchStep(secret, code, st.LastStep)
	if !ok {
		return s.wrongCode(ctx, id)
	}
	// Recorded by a guarded write: of two servers given the same code at
	// once, one accepts it.
	fresh, err := s.Store.UseTOTPStep(ctx, id, step)
	if err != nil {
		return err
	}
	if !fresh {
		return s.wrongCode(ctx, id)
	}
	return nil
}

// matchStep is the step, later than after, whose code is code, among now's
// and TOTPSkew either side (the latest first). Each step is checked by
// totp.ValidateCustom with no skew of its own: the same window as a skew
// of TOTPSkew, and it says which step matched, which replay protection
// needs.
func (s *StaffService) matchStep(secret, code string, after int64) (int64, bool) {
	code = strings.Join(strings.Fields(code), "") // "123 456" as apps show it
	if len(code) != int(totpDigits) {
		return 0, false
	}
	now := s.now()
	opts := totp.ValidateOpts{Period: TOTPPeriod, Skew: 0, Digits: totpDigits, Algorithm: otp.AlgorithmSHA1}
	for k := TOTPSkew; k >= -TOTPSkew; k-- {
		at := now.Add(time.Duration(k*TOTPPeriod) * time.Second)
		step := at.Unix() / TOTPPeriod
		if step <= after {
			break
		}
		if ok, err := totp.ValidateCustom(code, secret, at, opts); err == nil && ok {
			return step, true
		}
	}
	return 0, false
}

// QRCode is the PNG of a QR code holding an enrolment's URL, size pixels a
// side, for the page to show (an img of its own address, or a data: URL).
func QRCode(otpauthURL string, size int) ([]byte, error) {
	key, err := otp.NewKeyFromURL(otpauthURL)
	if err != nil {
		return nil, err
	}
	if key.Type() != "totp" || key.Secret() == "" {
		return nil, fmt.Errorf("account: %q is no TOTP key", otpauthURL)
	}
	img, err := key.Image(size, size)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
