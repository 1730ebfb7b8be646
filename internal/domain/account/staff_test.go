package account

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"immo/internal/domain/agency"
	"immo/internal/domain/antispam"
	"immo/internal/domain/errs"
	"immo/internal/domain/field"
	"immo/internal/domain/mail"
	"immo/internal/domain/site"
)

// staffFixture is a StaffService on memory: a clock tests move, the mails
// queued with their tokens, the audit's records, the code brake.
type staffFixture struct {
	s      *StaffService
	store  *memStaff
	queue  *memQueue
	tokens map[string]string // address → last token mailed
	audit  []StaffChange
	now    time.Time
}

func newStaffFixture(t *testing.T) *staffFixture {
	t.Helper()
	f := &staffFixture{store: newMemStaff(), queue: &memQueue{}, tokens: map[string]string{},
		now: time.Date(2026, 12, 1, 9, 0, 10, 0, time.UTC)}
	box, err := NewSecretBox(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	clock := func() time.Time { return f.now }
	f.s = &StaffService{Store: f.store, Accounts: &Service{Store: f.store.memStore, Now: clock}, Queue: f.queue,
		Mail: func(a Account, token string) (mail.Message, error) {
			f.tokens[a.Email] = token
			return mail.Message{To: []mail.Address{{Email: a.Email}}, Subject: "password", Text: token}, nil
		},
		Audit: func(_ context.Context, _ mail.Tx, c StaffChange) error { f.audit = append(f.audit, c); return nil },
		Seal:  box, Issuer: "Immo Arlon",
		CodeBrake: &antispam.Limiter{Counter: memCounter{}, Max: CodeBrakeMax, Window: CodeBrakeWindow, Now: clock},
		Now:       clock}
	return f
}

// add provisions a staff member who then chooses a password: their viewer.
func (f *staffFixture) add(t *testing.T, email string, role StaffRole) Viewer {
	t.Helper()
	a, fe, err := f.s.Provision(t.Context(), NewStaff{Email: email, Lang: "nl", Role: role})
	if err != nil || len(fe) > 0 {
		t.Fatalf("Provision %s: %v %v", email, fe, err)
	}
	if _, fe, err := f.s.SetPassword(t.Context(), f.tokens[a.Email], "ten chars!", "ten chars!"); err != nil || len(fe) > 0 {
		t.Fatalf("SetPassword %s: %v %v", email, fe, err)
	}
	return f.viewer(t, a.ID)
}

// viewer is the account id as the session middleware loads it.
func (f *staffFixture) viewer(t *testing.T, id int64) Viewer {
	t.Helper()
	a, err := f.store.ByID(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return Viewer{Account: a}
}

func code(t *testing.T, f *staffFixture, secret string, at time.Time) string {
	t.Helper()
	c, err := totp.GenerateCodeCustom(secret, at, totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// wrongCode is a code of none of the steps around now.
func wrongCode(t *testing.T, f *staffFixture, secret string) string {
	for _, w := range []string{"000000", "111111", "222222", "333333"} {
		if w != code(t, f, secret, f.now.Add(-30*time.Second)) && w != code(t, f, secret, f.now) &&
			w != code(t, f, secret, f.now.Add(30*time.Second)) {
			return w
		}
	}
	panic("unreachable")
}

func codeOf(err error) string {
	if e, ok := errs.As(err); ok {
		return e.Code
	}
	return ""
}

// An admin manages the staff; an agent, an owner or nobody may not, and
// gets the forbidden code with nothing changed. An agent reads the list.
func TestStaffRoles(t *testing.T) {
	f := newStaffFixture(t)
	ctx := t.Context()
	admin := f.add(t, "boss@example.be", Admin)
	agent := f.add(t, "agent@example.be", Agent)
	if !admin.IsAdmin() || !admin.IsStaff() || agent.IsAdmin() || !agent.IsStaff() {
		t.Fatalf("viewers: admin %+v agent %+v", admin, agent)
	}
	owner := Viewer{Account: Account{ID: 99, Role: Owner, StaffRole: Admin}} // a role column out of place opens nothing
	for _, v := range []Viewer{owner, {}} {
		if v.IsStaff() || v.IsAdmin() {
			t.Fatalf("%+v is staff", v)
		}
		if _, err := f.s.List(ctx, v); codeOf(err) != errs.Forbidden {
			t.Errorf("List as %+v: %v", v.Account, err)
		}
		if _, err := f.s.BeginTOTP(ctx, v); codeOf(err) != errs.Forbidden {
			t.Errorf("BeginTOTP as %+v: %v", v.Account, err)
		}
	}
	audited, mails := len(f.audit), len(f.queue.sent)
	for _, v := range []Viewer{agent, owner, {}} {
		for name, err := range map[string]error{
			"Add":       third(f.s.Add(ctx, v, NewStaff{Email: "new@example.be", Lang: "fr", Role: Admin})),
			"SetRole":   f.s.SetRole(ctx, v, agent.Account.ID, Admin),
			"Disable":   f.s.SetDisabled(ctx, v, admin.Account.ID, true),
			"Resend":    f.s.Resend(ctx, v, admin.Account.ID),
			"ResetTOTP": f.s.ResetTOTP(ctx, v, admin.Account.ID),
		} {
			if !errors.Is(err, ErrForbidden) || codeOf(err) != errs.Forbidden {
				t.Errorf("%s as %s: %v", name, v.Account.Role, err)
			}
		}
	}
	if len(f.audit) != audited || len(f.queue.sent) != mails {
		t.Fatal("a refused change was audited or mailed")
	}
	if _, err := f.store.ByEmail(ctx, Staff, "new@example.be"); !errors.Is(err, ErrNotFound) {
		t.Fatal("an agent added a staff member")
	}
	list, err := f.s.List(ctx, agent)
	if err != nil || len(list) != 2 || !list[0].PasswordSet {
		t.Fatalf("List as an agent: %+v %v", list, err)
	}
	// The admin does all of it, each change audited with who made it.
	if _, fe, err := f.s.Add(ctx, admin, NewStaff{Email: " New@Example.be ", Lang: "fr", Role: Agent}); err != nil || len(fe) > 0 {
		t.Fatalf("Add: %v %v", fe, err)
	}
	newbie, _ := f.store.ByEmail(ctx, Staff, "new@example.be")
	if newbie.StaffRole != Agent || newbie.Lang != "fr" || f.tokens["new@example.be"] == "" {
		t.Fatalf("added %+v, token %q", newbie, f.tokens["new@example.be"])
	}
	if ok, _, _ := VerifyPassword(newbie.PasswordHash, ""); ok {
		t.Fatal("a new staff account opens with an empty password")
	}
	first := f.tokens["new@example.be"]
	must(t, f.s.SetRole(ctx, admin, newbie.ID, Admin))
	must(t, f.s.SetDisabled(ctx, admin, newbie.ID, true))
	if err := f.s.Resend(ctx, admin, newbie.ID); !errors.Is(err, ErrStaffDisabled) {
		t.Fatalf("a link to a disabled account: %v", err)
	}
	must(t, f.s.SetDisabled(ctx, admin, newbie.ID, false))
	must(t, f.s.Resend(ctx, admin, newbie.ID))
	if f.tokens["new@example.be"] == first {
		t.Fatal("Resend mailed the same link")
	}
	must(t, f.s.ResetTOTP(ctx, admin, newbie.ID)) // none to reset: nothing changed, nothing audited
	must(t, f.store.PutPendingTOTP(ctx, newbie.ID, "sealed"))
	must(t, f.s.ResetTOTP(ctx, admin, newbie.ID))
	if _, _, err := f.s.Add(ctx, admin, NewStaff{Email: "new@example.be", Lang: "fr", Role: Agent}); !errors.Is(err, ErrStaffTaken) {
		t.Fatalf("the same address twice: %v", err)
	}
	var actions []string
	for _, c := range f.audit[audited:] {
		if c.By != admin.Account.ID || c.Account != newbie.ID || !c.At.Equal(f.now) {
			t.Errorf("audit %+v", c)
		}
		actions = append(actions, string(c.Action)+" "+c.Before+">"+c.After)
	}
	want := "staff.add >agent|staff.role agent>admin|staff.disable enabled>disabled|staff.enable disabled>enabled|staff.link >|staff.totp-reset >"
	if got := strings.Join(actions, "|"); got != want {
		t.Errorf("audit %q, want %q", got, want)
	}
	if err := f.s.SetRole(ctx, admin, 12345, Agent); !errors.Is(err, ErrNotStaff) || codeOf(err) != errs.NotFound {
		t.Errorf("unknown staff: %v", err)
	}
	if err := f.s.SetRole(ctx, admin, newbie.ID, "boss"); codeOf(err) != errs.Invalid {
		t.Errorf("unknown role: %v", err)
	}
}

func third[A, B any](_ A, _ B, err error) error { return err }

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestStaffAddValidates(t *testing.T) {
	f := newStaffFixture(t)
	for _, tc := range []struct {
		n    NewStaff
		want field.Errors
	}{
		{NewStaff{Email: "ann", Lang: "nl", Role: Agent}, field.Errors{"email": field.KeyEmail}},
		{NewStaff{Email: "ann@example.be", Lang: "es", Role: Agent}, field.Errors{"lang": field.KeyChoice}},
		{NewStaff{Email: "ann@example.be", Lang: "nl", Role: "owner"}, field.Errors{"role": field.KeyChoice}},
		{NewStaff{Email: "ann@example.be", FirstName: "a\x00b", LastName: "x\u202e", Lang: "nl", Role: Agent}, field.Errors{"firstName": field.KeyControl, "lastName": field.KeyControl}},
		{NewStaff{Email: "", Lang: "", Role: ""}, field.Errors{"email": field.KeyRequired, "lang": field.KeyRequired, "role": field.KeyRequired}},
	} {
		_, fe, err := f.s.Provision(t.Context(), tc.n)
		if err != nil || !maps.Equal(fe, tc.want) {
			t.Errorf("%+v: %v %v, want %v", tc.n, fe, err, tc.want)
		}
	}
	if len(f.store.accounts) != 0 || len(f.queue.sent) != 0 {
		t.Fatal("an invalid staff member was added")
	}
	for _, s := range []string{"admin", " Agent "} {
		if _, err := ParseStaffRole(s); err != nil {
			t.Error(s, err)
		}
	}
	if _, err := ParseStaffRole("staff"); err == nil {
		t.Error("staff is no staff role")
	}
}

// The last enabled admin can be neither demoted nor disabled, even by
// themselves; with two, either may go, then the other stays.
func TestLastAdmin(t *testing.T) {
	f := newStaffFixture(t)
	ctx := t.Context()
	ann := f.add(t, "ann@example.be", Admin)
	for name, err := range map[string]error{
		"demote":  f.s.SetRole(ctx, ann, ann.Account.ID, Agent),
		"disable": f.s.SetDisabled(ctx, ann, ann.Account.ID, true),
	} {
		if !errors.Is(err, ErrLastAdmin) || codeOf(err) != errs.Conflict {
			t.Errorf("%s the last admin: %v", name, err)
		}
	}
	bob := f.add(t, "bob@example.be", Admin)
	must(t, f.s.SetRole(ctx, ann, bob.Account.ID, Agent))
	if err := f.s.SetRole(ctx, ann, ann.Account.ID, Agent); !errors.Is(err, ErrLastAdmin) {
		t.Fatalf("demote the last admin after another: %v", err)
	}
	must(t, f.s.SetRole(ctx, ann, bob.Account.ID, Admin))
	must(t, f.s.SetDisabled(ctx, ann, bob.Account.ID, true))
	// A disabled admin is no admin to fall back on.
	if err := f.s.SetRole(ctx, ann, ann.Account.ID, Agent); !errors.Is(err, ErrLastAdmin) {
		t.Fatalf("demote the last enabled admin: %v", err)
	}
	must(t, f.s.SetDisabled(ctx, ann, bob.Account.ID, false))
	must(t, f.s.SetRole(ctx, ann, ann.Account.ID, Agent)) // bob is admin again
}

// The password link: opens while valid, once; only a staff link; the
// password's rule; then the password login, with no code to follow.
func TestStaffPasswordLink(t *testing.T) {
	f := newStaffFixture(t)
	ctx := t.Context()
	a, _, err := f.s.Provision(ctx, NewStaff{Email: "ann@example.be", FirstName: " Ann ", Lang: "fr", Role: Admin})
	if err != nil || a.FirstName != "Ann" || a.Role != Staff || a.StaffRole != Admin {
		t.Fatalf("Provision: %+v %v", a, err)
	}
	tok := f.tokens["ann@example.be"]
	if len(f.queue.sent) != 1 || f.queue.sent[0].To[0].Email != "ann@example.be" {
		t.Fatalf("mails %+v", f.queue.sent)
	}
	if _, _, err := f.s.Password(ctx, "ann@example.be", "anything at all"); !errors.Is(err, ErrLogin) {
		t.Fatalf("a login before any password: %v", err)
	}
	for _, bad := range []string{"", "short", tok + "x", strings.Repeat("A", len(tok))} {
		if _, err := f.s.Link(ctx, bad); !errors.Is(err, ErrUnknownToken) {
			t.Errorf("link %q: %v", bad, err)
		}
	}
	if got, err := f.s.Link(ctx, tok); err != nil || got.ID != a.ID {
		t.Fatalf("Link: %+v %v", got, err)
	}
	if _, fe, err := f.s.SetPassword(ctx, tok, "short", "short"); err != nil || fe["password"] != field.KeyPasswordShort {
		t.Fatalf("a short password: %v %v", fe, err)
	}
	if _, fe, err := f.s.SetPassword(ctx, tok, "ten chars!", "ten chars!"); err != nil || len(fe) > 0 {
		t.Fatalf("SetPassword: %v %v", fe, err)
	}
	if _, _, err := f.s.SetPassword(ctx, tok, "ten chars?", "ten chars?"); !errors.Is(err, ErrUnknownToken) {
		t.Fatalf("a link used twice: %v", err)
	}
	got, codeNext, err := f.s.Password(ctx, "Ann@example.be", "ten chars!")
	if err != nil || codeNext || got.ID != a.ID || got.StaffRole != Admin {
		t.Fatalf("Password: %+v %v %v", got, codeNext, err)
	}
	if _, _, err := f.s.Password(ctx, "ann@example.be", "ten chars?"); !errors.Is(err, ErrLogin) {
		t.Fatalf("a wrong password: %v", err)
	}
	// A link expires after StaffLinkValidity.
	ann := f.viewer(t, a.ID)
	must(t, f.s.Resend(ctx, ann, a.ID))
	f.now = f.now.Add(StaffLinkValidity)
	if _, err := f.s.Link(ctx, f.tokens["ann@example.be"]); !errors.Is(err, ErrUnknownToken) {
		t.Fatalf("an expired link: %v", err)
	}
}

// The second factor: on only after a first code; then every login asks a
// code, each accepted once, one step either side of now.
func TestStaffTOTP(t *testing.T) {
	f := newStaffFixture(t)
	ctx := t.Context()
	ann := f.add(t, "ann@example.be", Agent)
	id := ann.Account.ID
	if on, waiting, err := f.s.TOTPOf(ctx, ann); on || waiting || err != nil {
		t.Fatalf("TOTPOf before: %v %v %v", on, waiting, err)
	}
	if _, _, err := f.s.TOTPOf(ctx, Viewer{}); !errors.Is(err, ErrForbidden) {
		t.Fatalf("TOTPOf of nobody: %v", err)
	}
	e, err := f.s.BeginTOTP(ctx, ann)
	if err != nil || !strings.HasPrefix(e.URL, "otpauth://totp/Immo%20Arlon:ann@example.be?") || len(e.Secret) != 32 {
		t.Fatalf("BeginTOTP: %+v %v", e, err)
	}
	if st := f.store.totp[id]; st.Enabled || strings.Contains(st.Sealed, e.Secret) {
		t.Fatalf("stored %+v: enabled, or the secret in clear", st)
	}
	// The agency renamed since the start, as the request carries it: the
	// same key, under its new name.
	renamed := agency.NewContext(ctx, &agency.Agency{Site: &site.Config{Agency: site.Agency{Name: "Immo Virton"}}, Version: 2})
	if e2, err := f.s.PendingTOTP(renamed, ann); err != nil || !strings.HasPrefix(e2.URL, "otpauth://totp/Immo%20Virton:ann@example.be?") ||
		e2.Secret != e.Secret {
		t.Fatalf("PendingTOTP for the agency renamed: %+v %v", e2, err)
	}
	if again, err := f.s.PendingTOTP(ctx, ann); err != nil || again != e {
		t.Fatalf("PendingTOTP: %+v %v", again, err)
	}
	// Not on yet: the login asks no code.
	if _, codeNext, err := f.s.Password(ctx, "ann@example.be", "ten chars!"); err != nil || codeNext {
		t.Fatalf("a waiting factor asks a code: %v %v", codeNext, err)
	}
	if err := f.s.ConfirmTOTP(ctx, ann, wrongCode(t, f, e.Secret)); !errors.Is(err, ErrCode) {
		t.Fatalf("a wrong first code: %v", err)
	}
	if on, waiting, _ := f.s.TOTPOf(ctx, ann); on || !waiting {
		t.Fatalf("TOTPOf waiting: %v %v", on, waiting)
	}
	must(t, f.s.ConfirmTOTP(ctx, ann, code(t, f, e.Secret, f.now)))
	if on, waiting, _ := f.s.TOTPOf(ctx, ann); !on || waiting {
		t.Fatalf("TOTPOf on: %v %v", on, waiting)
	}
	if _, err := f.s.BeginTOTP(ctx, ann); !errors.Is(err, ErrTOTPOn) {
		t.Fatalf("BeginTOTP with one on: %v", err)
	}
	if list, _ := f.s.List(ctx, ann); !list[0].TwoFactor {
		t.Fatal("the list says no second factor")
	}
	_, codeNext, err := f.s.Password(ctx, "ann@example.be", "ten chars!")
	if err != nil || !codeNext {
		t.Fatalf("Password with a factor on: %v %v", codeNext, err)
	}
	// The confirmation's code was used: it opens no login.
	if _, err := f.s.Code(ctx, id, code(t, f, e.Secret, f.now)); !errors.Is(err, ErrCode) {
		t.Fatalf("the confirmation's code replayed: %v", err)
	}
	f.now = f.now.Add(30 * time.Second)
	c := code(t, f, e.Secret, f.now)
	if a, err := f.s.Code(ctx, id, c[:3]+" "+c[3:]); err != nil || a.ID != id {
		t.Fatalf("Code: %+v %v", a, err)
	}
	if _, err := f.s.Code(ctx, id, c); !errors.Is(err, ErrCode) || codeOf(err) != errs.Invalid {
		t.Fatalf("a code replayed: %v", err)
	}
	// One step late (a slow phone) is accepted; an earlier step than the
	// last used is not, even within the window.
	f.now = f.now.Add(60 * time.Second)
	if _, err := f.s.Code(ctx, id, code(t, f, e.Secret, f.now.Add(-30*time.Second))); err != nil {
		t.Fatalf("a code one step late: %v", err)
	}
	if _, err := f.s.Code(ctx, id, code(t, f, e.Secret, f.now.Add(-60*time.Second))); !errors.Is(err, ErrCode) {
		t.Fatalf("a code two steps late: %v", err)
	}
	if _, err := f.s.Code(ctx, id, code(t, f, e.Secret, f.now.Add(30*time.Second))); err != nil {
		t.Fatalf("a code one step early: %v", err)
	}
	if _, err := f.s.Code(ctx, id, code(t, f, e.Secret, f.now)); !errors.Is(err, ErrCode) {
		t.Fatalf("a code before the last used: %v", err)
	}
	// Five wrong codes so far: the brake holds until the window ends.
	if _, err := f.s.Code(ctx, id, code(t, f, e.Secret, f.now.Add(30*time.Second))); !errors.Is(err, ErrCodeBraked) {
		t.Fatalf("a sixth try: %v", err)
	}
	// Turned off with a current code; reset by an admin.
	f.now = f.now.Add(CodeBrakeWindow)
	if err := f.s.TurnOffTOTP(ctx, ann, "12345x"); !errors.Is(err, ErrCode) {
		t.Fatalf("TurnOffTOTP with no code: %v", err)
	}
	must(t, f.s.TurnOffTOTP(ctx, ann, code(t, f, e.Secret, f.now)))
	if _, codeNext, _ := f.s.Password(ctx, "ann@example.be", "ten chars!"); codeNext {
		t.Fatal("a factor turned off still asks a code")
	}
	e2, err := f.s.BeginTOTP(ctx, ann)
	if err != nil || e2.Secret == e.Secret {
		t.Fatalf("enrol again: %+v %v", e2, err)
	}
	must(t, f.s.ConfirmTOTP(ctx, ann, code(t, f, e2.Secret, f.now)))
	boss := f.add(t, "boss@example.be", Admin)
	must(t, f.s.ResetTOTP(ctx, boss, id))
	if _, codeNext, _ := f.s.Password(ctx, "ann@example.be", "ten chars!"); codeNext {
		t.Fatal("a factor reset still asks a code")
	}
	// A disabled account's code opens nothing.
	e3, _ := f.s.BeginTOTP(ctx, ann)
	must(t, f.s.ConfirmTOTP(ctx, ann, code(t, f, e3.Secret, f.now)))
	must(t, f.s.SetDisabled(ctx, boss, id, true))
	f.now = f.now.Add(30 * time.Second)
	if _, err := f.s.Code(ctx, id, code(t, f, e3.Secret, f.now)); !errors.Is(err, ErrLogin) {
		t.Fatalf("a disabled account's code: %v", err)
	}
}

// Wrong codes are braked per account: past CodeBrakeMax in a window even
// the right code is refused, until the window ends.
func TestStaffCodeBrake(t *testing.T) {
	f := newStaffFixture(t)
	ctx := t.Context()
	ann := f.add(t, "ann@example.be", Agent)
	bob := f.add(t, "bob@example.be", Agent)
	e, _ := f.s.BeginTOTP(ctx, ann)
	must(t, f.s.ConfirmTOTP(ctx, ann, code(t, f, e.Secret, f.now)))
	eb, _ := f.s.BeginTOTP(ctx, bob)
	must(t, f.s.ConfirmTOTP(ctx, bob, code(t, f, eb.Secret, f.now)))
	f.now = f.now.Add(30 * time.Second)
	wrong := wrongCode(t, f, e.Secret)
	for i := range CodeBrakeMax {
		if _, err := f.s.Code(ctx, ann.Account.ID, wrong); !errors.Is(err, ErrCode) {
			t.Fatalf("wrong code %d: %v", i+1, err)
		}
	}
	if _, err := f.s.Code(ctx, ann.Account.ID, code(t, f, e.Secret, f.now)); !errors.Is(err, ErrCodeBraked) || codeOf(err) != errs.Limited {
		t.Fatalf("the right code past the brake: %v", err)
	}
	// Another account is not braked.
	if _, err := f.s.Code(ctx, bob.Account.ID, code(t, f, eb.Secret, f.now)); err != nil {
		t.Fatalf("another account: %v", err)
	}
	f.now = f.now.Add(CodeBrakeWindow)
	if _, err := f.s.Code(ctx, ann.Account.ID, code(t, f, e.Secret, f.now)); err != nil {
		t.Fatalf("after the window: %v", err)
	}
}

func TestSecretBox(t *testing.T) {
	box, _ := NewSecretBox(bytes.Repeat([]byte{1}, 32))
	other, _ := NewSecretBox(bytes.Repeat([]byte{2}, 32))
	sealed := box.Seal("JBSWY3DPEHPK3PXP", 7)
	if sealed == box.Seal("JBSWY3DPEHPK3PXP", 7) || strings.Contains(sealed, "JBSWY3DPEHPK3PXP") {
		t.Fatalf("sealed %q: no nonce, or in clear", sealed)
	}
	if got, err := box.Open(sealed, 7); err != nil || got != "JBSWY3DPEHPK3PXP" {
		t.Fatalf("Open: %q %v", got, err)
	}
	flipped := []byte(sealed)
	flipped[len(flipped)-3] ^= 1
	for name, tc := range map[string]struct {
		b  *SecretBox
		s  string
		id int64
	}{"another account": {box, sealed, 8}, "another key": {other, sealed, 7}, "damaged": {box, string(flipped), 7},
		"not sealed": {box, "JBSWY3DPEHPK3PXP", 7}, "short": {box, "v1:AAAA", 7}} {
		if _, err := tc.b.Open(tc.s, tc.id); !errors.Is(err, ErrSealed) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := NewSecretBox([]byte("short")); err == nil {
		t.Error("a short key")
	}
}

func TestQRCode(t *testing.T) {
	f := newStaffFixture(t)
	ann := f.add(t, "ann@example.be", Agent)
	e, err := f.s.BeginTOTP(t.Context(), ann)
	if err != nil {
		t.Fatal(err)
	}
	b, err := QRCode(e.URL, 240)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil || img.Bounds().Dx() != 240 || img.Bounds().Dy() != 240 {
		t.Fatalf("QR PNG: %v %v", img.Bounds(), err)
	}
	if _, err := QRCode("https://example.com/", 240); err == nil {
		t.Error("a QR code of no otpauth URL")
	}
}
