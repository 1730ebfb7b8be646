package storagetest

import (
	"errors"
	"slices"
	"testing"
	"time"

	"immo/internal/domain/errs"
	"immo/internal/domain/platform"
)

// RunPlatform is the contract of platform.Store: agencies numbered from
// the implicit one, their hosts the preferred first, a host one agency's
// only, disabling and replacing hosts.
func RunPlatform(t *testing.T, open func(t *testing.T) platform.Store) {
	ctx := t.Context()
	s := open(t)
	if all, err := s.Agencies(ctx); err != nil || len(all) != 0 {
		t.Fatalf("a new database holds agencies %v (%v); want none: the implicit one", all, err)
	}
	created := time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC)
	arlon := platform.Agency{Name: "Immo Arlon", Lang: "fr", Hosts: []string{"www.immo-arlon.be", "immo-arlon.be"}, Created: created}
	id, err := s.AddAgency(ctx, arlon)
	if err != nil {
		t.Fatal(err)
	}
	if id != platform.Implicit {
		t.Errorf("the first agency is number %d, want %d (whose data the tables hold)", id, platform.Implicit)
	}
	// The store keeps many: the one-agency limit is the service's.
	gent := platform.Agency{Name: "Immo Gent", Lang: "nl", Hosts: []string{"immogent.be"}, Created: created}
	gentID, err := s.AddAgency(ctx, gent)
	if err != nil {
		t.Fatal(err)
	}
	// A host is one agency's: refused whole, nothing stored.
	_, err = s.AddAgency(ctx, platform.Agency{Name: "Thief", Lang: "en", Hosts: []string{"thief.be", "immo-arlon.be"}, Created: created})
	if e, ok := errs.As(err); !ok || e.Code != errs.Conflict {
		t.Errorf("a taken host: %v, want a conflict", err)
	}
	all, err := s.Agencies(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []platform.Agency{{ID: id, Name: "Immo Arlon", Lang: "fr", Hosts: []string{"www.immo-arlon.be", "immo-arlon.be"}, Created: created},
		{ID: gentID, Name: "Immo Gent", Lang: "nl", Hosts: []string{"immogent.be"}, Created: created}}
	if !agenciesEqual(all, want) {
		t.Fatalf("agencies %+v, want %+v", all, want)
	}

	// Hosts replaced whole, the first preferred; another's host refused.
	if err := s.SetHosts(ctx, gentID, []string{"www.immogent.be", "immogent.be"}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetHosts(ctx, gentID, []string{"www.immo-arlon.be"}); err == nil {
		t.Error("an agency took another's host")
	}
	if err := s.SetHosts(ctx, id, []string{"immo-arlon.be", "www.immo-arlon.be"}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetHosts(ctx, 999, []string{"nobody.be"}); !errors.Is(err, platform.ErrUnknown) {
		t.Errorf("hosts of no agency: %v", err)
	}
	if err := s.SetDisabled(ctx, gentID, true); err != nil {
		t.Fatal(err)
	}
	if err := s.SetDisabled(ctx, 999, true); !errors.Is(err, platform.ErrUnknown) {
		t.Errorf("disabling no agency: %v", err)
	}
	if err := s.SetCaptchaSecret(ctx, gentID, "sealed-secret"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetCaptchaSecret(ctx, 999, "sealed-secret"); !errors.Is(err, platform.ErrUnknown) {
		t.Errorf("a captcha secret for no agency: %v", err)
	}
	all, err = s.Agencies(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want[0].Hosts = []string{"immo-arlon.be", "www.immo-arlon.be"}
	want[1].Hosts, want[1].Disabled, want[1].CaptchaSecret = []string{"www.immogent.be", "immogent.be"}, true, "sealed-secret"
	if !agenciesEqual(all, want) {
		t.Fatalf("after changes %+v, want %+v", all, want)
	}
	// A second server sees the same.
	if again, err := open(t).Agencies(ctx); err != nil || !agenciesEqual(again, want) {
		t.Errorf("another open reads %+v (%v)", again, err)
	}
}

func agenciesEqual(a, b []platform.Agency) bool {
	return slices.EqualFunc(a, b, func(x, y platform.Agency) bool {
		return x.ID == y.ID && x.Name == y.Name && x.Lang == y.Lang && x.Disabled == y.Disabled &&
			slices.Equal(x.Hosts, y.Hosts) && x.Created.Equal(y.Created) && x.CaptchaSecret == y.CaptchaSecret
	})
}
