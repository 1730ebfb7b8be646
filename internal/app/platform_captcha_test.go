package app_test

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/storage"
	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/app"
	"immo/internal/app/apptest"
	"immo/internal/domain/agency"
	"immo/internal/domain/platform"
)

// Each agency of a platform checks its own third-party captcha with its
// own secret (immo agencies set-captcha), sealed with its key: its pages
// offer its provider's widget; an agency whose configuration names a
// provider without a secret that opens — none, or another agency's
// sealed one copied to its row — offers none, and its forms use ALTCHA.
func TestPlatformCaptcha(t *testing.T) {
	const turnstile = "challenges.cloudflare.com/turnstile"
	p := apptest.NewPlatform(t, apptest.Options{DatabaseURL: pgtest.URL(t)}, func(store storage.Store) {
		ctx := t.Context()
		svc := &platform.Service{Store: store.Platform(), Many: true}
		for _, a := range []struct{ name, host string }{{"Immo Arlon", "www.arlon.test"}, {"Immo Gent", "www.gent.test"},
			{"Immo Brugge", "www.brugge.test"}, {"Immo Hasselt", "www.hasselt.test"}} {
			added, err := svc.Add(ctx, a.name, "nl", []string{a.host})
			if err != nil {
				t.Fatal(err)
			}
			if added.ID == platform.Implicit {
				continue
			}
			raw, err := demo.StarterSiteJSON(a.name, "nl", a.host)
			if err != nil {
				t.Fatal(err)
			}
			var cfg map[string]any
			if err := json.Unmarshal(raw, &cfg); err != nil {
				t.Fatal(err)
			}
			if added.ID != 4 { // Hasselt names no provider
				cfg["captcha"] = map[string]any{"provider": "turnstile", "siteKey": "0x4AAAAAAABkMYinukE8nzY"}
			}
			data, _ := json.Marshal(cfg)
			if _, err := agency.Open(ctx, storage.Bound(store, added.ID), agency.Source{Name: "site.json", Data: data}, nil); err != nil {
				t.Fatal(err)
			}
		}
		sealed, err := app.SealCaptchaSecret(apptest.KeysOf(2).TOTP, 2, "0x4AAAAAAAturnstile-secret")
		if err != nil {
			t.Fatal(err)
		}
		// Gent's secret; Brugge's row holds a copy of it, which Brugge's key does not open.
		for _, id := range []int64{2, 3} {
			if err := store.Platform().SetCaptchaSecret(ctx, id, sealed); err != nil {
				t.Fatal(err)
			}
		}
		if err := store.Platform().SetCaptchaSecret(ctx, 9, sealed); err == nil {
			t.Error("a secret kept for no agency")
		}
	})
	for _, c := range []struct {
		host   string
		widget bool
	}{{"www.gent.test", true}, {"www.brugge.test", false}, {"www.hasselt.test", false}, {"www.arlon.test", false}} {
		rec := httptest.NewRecorder()
		p.ServeHTTP(rec, httptest.NewRequest("GET", "https://"+c.host+"/nl/contact/", nil))
		if rec.Code != 200 || strings.Contains(rec.Body.String(), turnstile) != c.widget {
			t.Errorf("%s: %d, the provider's widget offered: %v, want %v", c.host, rec.Code, !c.widget, c.widget)
		}
	}
}
