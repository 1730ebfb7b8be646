package account

import (
	"context"
	"time"

	"immo/internal/domain/mail"
)

// memStaff is a StaffStore in memory over memStore's accounts, for the
// service's rules (the SQL store passes storagetest.RunStaff).
type memStaff struct {
	*memStore
	tokens map[string]staffToken
	totp   map[int64]TOTPState
}

type staffToken struct {
	Token
	account int64
	used    bool
}

type memTx struct{}

func (memTx) StorageTx() {}

func newMemStaff() *memStaff {
	return &memStaff{memStore: &memStore{}, tokens: map[string]staffToken{}, totp: map[int64]TOTPState{}}
}

func (m *memStaff) staff(id int64) (*Account, error) {
	if id < 1 || int(id) > len(m.accounts) || m.accounts[id-1].Role != Staff {
		return nil, ErrNotStaff
	}
	return &m.accounts[id-1], nil
}

func (m *memStaff) member(a Account) StaffMember {
	st, ok := m.totp[a.ID]
	return StaffMember{Account: a, TwoFactor: ok && st.Enabled, PasswordSet: !a.PasswordChanged.IsZero()}
}

func (m *memStaff) AddStaff(ctx context.Context, a Account, t Token, fn TxFunc) (Account, error) {
	saved := len(m.accounts)
	id, err := m.Create(ctx, a)
	if err == ErrEmailTaken {
		return Account{}, ErrStaffTaken
	}
	a.ID = id
	if err := fn(ctx, memTx{}, a); err != nil {
		m.accounts = m.accounts[:saved]
		return Account{}, err
	}
	m.tokens[t.Hash] = staffToken{Token: t, account: id}
	return a, nil
}

func (m *memStaff) ListStaff(context.Context) ([]StaffMember, error) {
	var out []StaffMember
	for _, a := range m.accounts {
		if a.Role == Staff {
			out = append(out, m.member(a))
		}
	}
	return out, nil
}

func (m *memStaff) StaffMember(_ context.Context, id int64) (StaffMember, error) {
	a, err := m.staff(id)
	if err != nil {
		return StaffMember{}, err
	}
	return m.member(*a), nil
}

// otherAdmins are the enabled admins but id.
func (m *memStaff) otherAdmins(id int64) int {
	n := 0
	for _, a := range m.accounts {
		if a.Role == Staff && a.StaffRole == Admin && !a.Disabled && a.ID != id {
			n++
		}
	}
	return n
}

func (m *memStaff) SetStaffRole(ctx context.Context, id int64, role StaffRole, fn TxFunc) error {
	a, err := m.staff(id)
	if err != nil {
		return err
	}
	if a.StaffRole == Admin && role != Admin && !a.Disabled && m.otherAdmins(id) == 0 {
		return ErrLastAdmin
	}
	if err := fn(ctx, memTx{}, *a); err != nil {
		return err
	}
	a.StaffRole = role
	return nil
}

func (m *memStaff) SetStaffDisabled(ctx context.Context, id int64, disabled bool, fn TxFunc) error {
	a, err := m.staff(id)
	if err != nil {
		return err
	}
	if disabled && a.StaffRole == Admin && !a.Disabled && m.otherAdmins(id) == 0 {
		return ErrLastAdmin
	}
	if err := fn(ctx, memTx{}, *a); err != nil {
		return err
	}
	a.Disabled = disabled
	return nil
}

func (m *memStaff) SetStaffLang(ctx context.Context, id int64, lang string, fn TxFunc) error {
	a, err := m.staff(id)
	if err != nil || a.Lang == lang {
		return err
	}
	if err := fn(ctx, memTx{}, *a); err != nil {
		return err
	}
	a.Lang = lang
	return nil
}

func (m *memStaff) SetStaffSiteEditor(ctx context.Context, id int64, editor bool, fn TxFunc) error {
	a, err := m.staff(id)
	if err != nil || a.SiteEditor == editor {
		return err
	}
	if err := fn(ctx, memTx{}, *a); err != nil {
		return err
	}
	a.SiteEditor = editor
	return nil
}

func (m *memStaff) AddLink(ctx context.Context, to Account, t Token, fn TxFunc) (Account, error) {
	if to.Role != Staff {
		return Account{}, ErrNotFound
	}
	a, err := m.staff(to.ID)
	if err != nil {
		return Account{}, ErrNotFound
	}
	if a.Disabled {
		return Account{}, ErrDisabled
	}
	if err := fn(ctx, memTx{}, *a); err != nil {
		return Account{}, err
	}
	m.tokens[t.Hash] = staffToken{Token: t, account: a.ID}
	return *a, nil
}

func (m *memStaff) LinkAccount(_ context.Context, kind LinkKind, hash string, now time.Time) (Account, error) {
	t, ok := m.tokens[hash]
	if !ok || t.used || !now.Before(t.Expires) || t.Purpose != kind.Purpose || kind.Role != Staff {
		return Account{}, ErrUnknownToken
	}
	a, err := m.staff(t.account)
	if err != nil || a.Disabled {
		return Account{}, ErrUnknownToken
	}
	return *a, nil
}

func (m *memStaff) UseLink(ctx context.Context, kind LinkKind, hash string, now time.Time, passwordHash string,
	fn TxFunc) (Account, error) {
	a, err := m.LinkAccount(ctx, kind, hash, now)
	if err != nil {
		return Account{}, err
	}
	if err := fn(ctx, memTx{}, a); err != nil {
		return Account{}, err
	}
	t := m.tokens[hash]
	t.used = true
	m.tokens[hash] = t
	p := &m.accounts[a.ID-1]
	p.PasswordHash, p.PasswordChanged = passwordHash, now
	if p.Confirmed.IsZero() { // the link proved the address (sqlstore's setPassword)
		p.Confirmed = now
	}
	return *p, nil
}

func (m *memStaff) PutPendingTOTP(_ context.Context, id int64, sealed string) error {
	if _, err := m.staff(id); err != nil {
		return err
	}
	if m.totp[id].Enabled {
		return ErrTOTPOn
	}
	m.totp[id] = TOTPState{Sealed: sealed}
	return nil
}

func (m *memStaff) TOTP(_ context.Context, id int64) (TOTPState, error) {
	st, ok := m.totp[id]
	if !ok {
		return TOTPState{}, ErrNoTOTP
	}
	return st, nil
}

func (m *memStaff) EnableTOTP(ctx context.Context, id int64, sealed string, step int64, fn TxFunc) error {
	st, ok := m.totp[id]
	if !ok || st.Enabled || st.Sealed != sealed {
		return ErrNoTOTP
	}
	a, err := m.staff(id)
	if err != nil {
		return err
	}
	if err := fn(ctx, memTx{}, *a); err != nil {
		return err
	}
	m.totp[id] = TOTPState{Sealed: sealed, Enabled: true, LastStep: step}
	return nil
}

func (m *memStaff) UseTOTPStep(_ context.Context, id int64, step int64) (bool, error) {
	st, ok := m.totp[id]
	if !ok || !st.Enabled || step <= st.LastStep {
		return false, nil
	}
	st.LastStep = step
	m.totp[id] = st
	return true, nil
}

func (m *memStaff) DeleteTOTP(ctx context.Context, id int64, fn TxFunc) error {
	a, err := m.staff(id)
	if err != nil {
		return err
	}
	if _, ok := m.totp[id]; !ok {
		return nil
	}
	if err := fn(ctx, memTx{}, *a); err != nil {
		return err
	}
	delete(m.totp, id)
	return nil
}

// memQueue keeps what is queued.
type memQueue struct{ sent []mail.Message }

func (q *memQueue) Enqueue(_ context.Context, _ mail.Tx, msgs ...mail.Message) error {
	q.sent = append(q.sent, msgs...)
	return nil
}

// memCounter counts attempts per key and window (antispam.Counter).
type memCounter map[string]int

func (c memCounter) Hit(_ context.Context, key string, w time.Time) (int, error) {
	c[key+w.String()]++
	return c[key+w.String()], nil
}

func (c memCounter) Count(_ context.Context, key string, w time.Time) (int, error) {
	return c[key+w.String()], nil
}

func (c memCounter) PurgeHits(context.Context, time.Time) (int64, error) { return 0, nil }
