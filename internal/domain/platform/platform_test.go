package platform

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"immo/internal/domain/errs"
)

// memStore is a Store in memory, as the SQL one behaves.
type memStore struct {
	all  []Agency
	fail error
	read int
}

func (m *memStore) AddAgency(_ context.Context, a Agency) (int64, error) {
	for _, o := range m.all {
		for _, h := range a.Hosts {
			if slices.Contains(o.Hosts, h) {
				return 0, HostTaken(h)
			}
		}
	}
	a.ID = int64(len(m.all) + 1)
	m.all = append(m.all, a)
	return a.ID, nil
}

func (m *memStore) Agencies(context.Context) ([]Agency, error) {
	m.read++
	if m.fail != nil {
		return nil, m.fail
	}
	return slices.Clone(m.all), nil
}

func (m *memStore) SetDisabled(_ context.Context, id int64, d bool) error {
	for i := range m.all {
		if m.all[i].ID == id {
			m.all[i].Disabled = d
			return nil
		}
	}
	return ErrUnknown
}

func (m *memStore) SetHosts(_ context.Context, id int64, hosts []string) error {
	for i := range m.all {
		if m.all[i].ID == id {
			m.all[i].Hosts = hosts
			return nil
		}
	}
	return ErrUnknown
}

func (m *memStore) SetCaptchaSecret(_ context.Context, id int64, sealed string) error {
	for i := range m.all {
		if m.all[i].ID == id {
			m.all[i].CaptchaSecret = sealed
			return nil
		}
	}
	return ErrUnknown
}

func TestNormalizeHost(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"www.Immo-Arlon.be", "www.immo-arlon.be"},
		{" immo.be. ", "immo.be"},
		{"xn--mnchen-3ya.de", "xn--mnchen-3ya.de"},
		{"a1.b2.example", "a1.b2.example"},
	} {
		if got, err := NormalizeHost(c.in); err != nil || got != c.want {
			t.Errorf("NormalizeHost(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"", "localhost", "https://immo.be", "immo.be:443", "immo.be/fr", "-immo.be", "immo-.be",
		"im mo.be", "münchen.de", "192.168.1.10", "a..be", "*.immo.be", string(make([]byte, 300)) + ".be"} {
		if got, err := NormalizeHost(in); err == nil {
			t.Errorf("NormalizeHost(%q) = %q, want an error", in, got)
		} else if e, ok := errs.As(err); !ok || e.Code != errs.Invalid {
			t.Errorf("NormalizeHost(%q): %v, want an invalid error", in, err)
		}
	}
}

func TestAdd(t *testing.T) {
	ctx := context.Background()
	s := &Service{Store: &memStore{}, Now: func() time.Time { return time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC) }}
	for _, bad := range []struct {
		name, lang string
		hosts      []string
	}{
		{"", "fr", []string{"immo.be"}},
		{"Immo", "es", []string{"immo.be"}},
		{"Immo", "fr", nil},
		{"Immo", "fr", []string{"immo"}},
		{"Immo", "fr", []string{"a.be", "b.be", "c.be", "d.be", "e.be", "f.be", "g.be", "h.be", "i.be"}},
		{string(make([]rune, 121)), "fr", []string{"immo.be"}},
	} {
		if _, err := s.Add(ctx, bad.name, bad.lang, bad.hosts); err == nil {
			t.Errorf("Add(%q, %q, %v) accepted", bad.name, bad.lang, bad.hosts)
		}
	}
	if all, _ := s.List(ctx); len(all) != 0 {
		t.Fatalf("refusals stored %v", all)
	}
	a, err := s.Add(ctx, "  Immo   Arlon ", "fr", []string{"WWW.immo-arlon.be", "immo-arlon.be", "www.immo-arlon.be."})
	if err != nil {
		t.Fatal(err)
	}
	if a.ID != Implicit || a.Name != "Immo Arlon" || !slices.Equal(a.Hosts, []string{"www.immo-arlon.be", "immo-arlon.be"}) {
		t.Errorf("added %+v", a)
	}
	// A database that keeps one agency's keys (SQLite) holds one agency.
	if _, err := s.Add(ctx, "Other", "nl", []string{"other.be"}); !errors.Is(err, ErrOneAgency) {
		t.Errorf("a second agency: %v, want ErrOneAgency", err)
	}
	many := &Service{Store: s.Store, Many: true}
	if b, err := many.Add(ctx, "Other", "nl", []string{"other.be"}); err != nil || b.ID == a.ID {
		t.Errorf("a second agency where many are kept: %+v %v", b, err)
	}
	if _, err := many.Add(ctx, "Third", "de", []string{"WWW.immo-arlon.be"}); err == nil {
		t.Error("a host of another agency was given to a third")
	}
	if err := s.SetHosts(ctx, a.ID, []string{"nope"}); err == nil {
		t.Error("a host without a domain was set")
	}
	if err := s.SetHosts(ctx, 7, []string{"x.be"}); !errors.Is(err, ErrUnknown) {
		t.Errorf("hosts of no agency: %v", err)
	}
}

func TestResolve(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	store := &memStore{}
	r := &Resolver{Store: store, Now: func() time.Time { return now }}

	// No agency: the implicit one answers every host.
	for _, h := range []string{"localhost:8080", "127.0.0.1", "anything.example"} {
		if a, err := r.Resolve(ctx, h); err != nil || a.Agency == nil || a.Agency.ID != Implicit || a.Redirect != "" {
			t.Errorf("without agencies %q: %+v, %v", h, a, err)
		}
	}

	store.all = []Agency{{ID: 1, Name: "Arlon", Hosts: []string{"www.immo-arlon.be", "immo-arlon.be"}}}
	// The copy is fresh for 5 s: the change is not seen yet, nor read.
	reads := store.read
	if a, _ := r.Resolve(ctx, "elsewhere.be"); a.Agency == nil || store.read != reads {
		t.Errorf("a fresh copy was read again (%d reads) or dropped: %+v", store.read-reads, a)
	}
	now = now.Add(DefaultFresh)
	for _, c := range []struct {
		host, redirect string
		known          bool
	}{
		{"www.immo-arlon.be", "", true},
		{"WWW.Immo-Arlon.be:443", "", true},
		{"www.immo-arlon.be.", "", true},
		{"immo-arlon.be", "www.immo-arlon.be", true},
		{"immo-arlon.be:8080", "www.immo-arlon.be", true},
		{"elsewhere.be", "", false},
		{"127.0.0.1", "", false},
		{"www.immo-arlon.be:abc", "", false},
		{"www.immo-arlon.be:", "", false},
		{"", "", false},
	} {
		a, err := r.Resolve(ctx, c.host)
		if err != nil || (a.Agency != nil) != c.known || a.Redirect != c.redirect {
			t.Errorf("%q: %+v, %v; want known %v, redirect %q", c.host, a, err, c.known, c.redirect)
		}
	}

	// Disabled: its hosts answer as unknown ones.
	store.all[0].Disabled = true
	now = now.Add(DefaultFresh)
	if a, _ := r.Resolve(ctx, "www.immo-arlon.be"); a.Agency != nil {
		t.Errorf("a disabled agency answered: %+v", a)
	}

	// A store that fails keeps the last copy; with none, the error.
	store.all[0].Disabled = false
	store.fail = errors.New("database down")
	now = now.Add(DefaultFresh)
	if a, err := r.Resolve(ctx, "www.immo-arlon.be"); err != nil || a.Agency != nil {
		t.Errorf("the last copy (disabled) should stand: %+v, %v", a, err)
	}
	if _, err := (&Resolver{Store: store}).Resolve(ctx, "www.immo-arlon.be"); err == nil {
		t.Error("no copy and a failing store answered")
	}
}
