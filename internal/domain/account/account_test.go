package account

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"immo/internal/domain/field"
)

func TestHashAndVerify(t *testing.T) {
	h, err := HashPassword("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q", h)
	}
	if h2, _ := HashPassword("correct horse battery"); h2 == h {
		t.Fatal("two hashes of one password are equal: no salt")
	}
	for _, tc := range []struct {
		pw string
		ok bool
	}{
		{"correct horse battery", true},
		{"correct horse batterY", false},
		{"", false},
		{strings.Repeat("x", MaxPassword+1), false},
	} {
		ok, stale, err := VerifyPassword(h, tc.pw)
		if err != nil || ok != tc.ok || stale {
			t.Errorf("Verify(%q) = %v %v %v", tc.pw, ok, stale, err)
		}
	}
}

func TestVerifyStaleAndBadHashes(t *testing.T) {
	// A hash made with other parameters (t=1) still verifies, and says so.
	salt := []byte("saltsaltsaltsalt")
	old := "$argon2id$v=19$m=19456,t=1,p=1$" + b64(salt) + "$" + b64(argonKey("secret password", salt, 1))
	if ok, stale, err := VerifyPassword(old, "secret password"); !ok || !stale || err != nil {
		t.Fatalf("old parameters: ok %v stale %v err %v", ok, stale, err)
	}
	for _, bad := range []string{
		"", "plain", "$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA", // 4 GiB: refused, not computed
		"$argon2id$v=19$m=19456,t=99,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=19$m=19456,t=2,p=1$!!$aGFzaGhhc2hoYXNoaGFzaA",
	} {
		if _, _, err := VerifyPassword(bad, "x"); !errors.Is(err, ErrBadHash) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestRegistrationValidate(t *testing.T) {
	good := Registration{Email: "ann@example.be", FirstName: "Ann", LastName: "Peeters", Password: "ten chars!", PasswordConfirm: "ten chars!"}
	for _, tc := range []struct {
		name   string
		change func(*Registration)
		want   field.Errors
	}{
		{"valid", func(*Registration) {}, field.Errors{}},
		{"no password", func(r *Registration) { r.Password, r.PasswordConfirm = "", "" }, field.Errors{"password": field.KeyRequired}},
		{"nine characters", func(r *Registration) { r.Password, r.PasswordConfirm = "éééééééé9", "éééééééé9" }, field.Errors{"password": field.KeyPasswordShort}},
		{"ten accented characters", func(r *Registration) { r.Password, r.PasswordConfirm = "éééééééééé", "éééééééééé" }, field.Errors{}},
		{"too long", func(r *Registration) { r.Password = strings.Repeat("x", MaxPassword+1); r.PasswordConfirm = r.Password }, field.Errors{"password": field.KeyTooLong}},
		{"mismatch", func(r *Registration) { r.PasswordConfirm = "ten chars?" }, field.Errors{"passwordConfirm": field.KeyPasswordMatch}},
		{"email and names", func(r *Registration) { r.Email, r.FirstName, r.LastName = "ann", "", " " },
			field.Errors{"email": field.KeyEmail, "firstName": field.KeyRequired, "lastName": field.KeyRequired}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := good
			tc.change(&r)
			got := r.Validate()
			if !maps.Equal(got, tc.want) {
				t.Fatalf("Validate() = %v, want %v", got, tc.want)
			}
			for _, k := range got {
				if !slices.Contains(field.Keys, k) {
					t.Errorf("key %q not in field.Keys", k)
				}
			}
		})
	}
}

type memStore struct{ accounts []Account }

func (m *memStore) Create(_ context.Context, a Account) (int64, error) {
	for _, b := range m.accounts {
		if b.Role == a.Role && b.Email == a.Email {
			return 0, ErrEmailTaken
		}
	}
	a.ID = int64(len(m.accounts) + 1)
	m.accounts = append(m.accounts, a)
	return a.ID, nil
}

func (m *memStore) ByEmail(_ context.Context, role Role, email string) (Account, error) {
	for _, a := range m.accounts {
		if a.Role == role && a.Email == email {
			return a, nil
		}
	}
	return Account{}, ErrNotFound
}

func (m *memStore) ByID(_ context.Context, id int64) (Account, error) {
	if id < 1 || int(id) > len(m.accounts) {
		return Account{}, ErrNotFound
	}
	return m.accounts[id-1], nil
}

func (m *memStore) SetPasswordHash(_ context.Context, id int64, h string) error {
	m.accounts[id-1].PasswordHash = h
	return nil
}

func TestRegisterAndLogin(t *testing.T) {
	st := &memStore{}
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	s := &Service{Store: st, Now: func() time.Time { return now }}
	ctx := context.Background()
	reg := Registration{Email: " Ann@Example.be ", FirstName: "Ann", LastName: "Peeters", Password: "ten chars!", PasswordConfirm: "ten chars!"}
	a, errs, err := s.Register(ctx, Registrant, reg)
	if err != nil || len(errs) > 0 || a.Email != "ann@example.be" || strings.Contains(a.PasswordHash, "ten chars") {
		t.Fatalf("Register: %+v %v %v", a, errs, err)
	}
	if _, _, err := s.Register(ctx, Registrant, reg); !errors.Is(err, ErrEmailTaken) {
		t.Fatalf("second registration: %v", err)
	}
	for _, tc := range []struct {
		name        string
		role        Role
		email, pass string
	}{
		{"wrong password", Registrant, "ann@example.be", "ten chars?"},
		{"unknown address", Registrant, "bob@example.be", "ten chars!"},
		{"other role", Owner, "ann@example.be", "ten chars!"},
	} {
		if _, err := s.Login(ctx, tc.role, tc.email, tc.pass); !errors.Is(err, ErrLogin) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	// The right password, the address not yet proven: no session.
	if _, err := s.Login(ctx, Registrant, "ann@example.be", "ten chars!"); !errors.Is(err, ErrUnconfirmed) || errors.Is(err, ErrLogin) {
		t.Fatalf("an unconfirmed account: %v", err)
	}
	st.accounts[0].Confirmed = now
	got, err := s.Login(ctx, Registrant, "ANN@example.be", "ten chars!")
	if err != nil || got.ID != a.ID {
		t.Fatalf("Login: %+v %v", got, err)
	}
	st.accounts[0].Disabled = true
	if _, err := s.Login(ctx, Registrant, "ann@example.be", "ten chars!"); !errors.Is(err, ErrLogin) {
		t.Fatalf("a disabled account logged in: %v", err)
	}
}

func TestLoginRehashesStale(t *testing.T) {
	st := &memStore{}
	// Made with t=1: verifies, then is replaced by today's parameters.
	salt := []byte("saltsaltsaltsalt")
	old := "$argon2id$v=19$m=19456,t=1,p=1$" + b64(salt) + "$" + b64(argonKey("ten chars!", salt, 1))
	st.accounts = []Account{{ID: 1, Role: Owner, Email: "o@example.be", PasswordHash: old, Confirmed: time.Now()}}
	s := &Service{Store: st}
	if _, err := s.Login(context.Background(), Owner, "o@example.be", "ten chars!"); err != nil {
		t.Fatal(err)
	}
	if h := st.accounts[0].PasswordHash; !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("not rehashed: %q", h)
	}
}

func TestViewerInContext(t *testing.T) {
	if v := FromContext(context.Background()); v.LoggedIn() || v.Is(Registrant) {
		t.Fatalf("no middleware: %+v", v)
	}
	ctx := NewContext(context.Background(), Viewer{Account: Account{ID: 7, Role: Owner}})
	if v := FromContext(ctx); !v.LoggedIn() || !v.Is(Owner) || v.Is(Staff) {
		t.Fatalf("viewer %+v", v)
	}
}

func TestNames(t *testing.T) {
	for _, c := range []struct {
		a             Account
		name, display string
	}{
		{Account{FirstName: "Anne", LastName: "Dupont", Email: "anne@example.be"}, "Anne Dupont", "Anne Dupont"},
		{Account{FirstName: " ", LastName: "Dupont", Email: "anne@example.be"}, "Dupont", "Dupont"},
		{Account{Email: "anne@example.be"}, "", "anne@example.be"},
	} {
		if got := c.a.Name(); got != c.name {
			t.Errorf("Name of %+v = %q, want %q", c.a, got, c.name)
		}
		if got := c.a.DisplayName(); got != c.display {
			t.Errorf("DisplayName of %+v = %q, want %q", c.a, got, c.display)
		}
	}
}
