package route

import (
	"encoding/json"
	"strings"
	"testing"

	"immo/internal/domain/site"
)

// Every page's shell carries a configured third-party captcha's provider,
// site key and script for the forms kit when the server checks that
// provider, and nothing of one by default (ALTCHA) nor when the server
// checks none (an agency without its secret) or another.
func TestShellCaptcha(t *testing.T) {
	r := demoResolver(t)
	res := resolve(r, "/fr/contact/")
	raw, _ := json.Marshal(res.Props)
	if res.Props.base().Site.Captcha != nil || strings.Contains(string(raw), `"captcha"`) {
		t.Fatalf("the demo, without a captcha: %s", raw)
	}
	cfg := *r.Site
	cfg.Captcha = &site.Captcha{Provider: "turnstile", SiteKey: "0x4AAAAAAABkMYinukE8nzY"}
	r.Site = &cfg
	for _, checked := range []string{"", "hcaptcha"} {
		r.Checked = checked
		if res := resolve(r, "/fr/contact/"); res.Props.base().Site.Captcha != nil {
			t.Errorf("a captcha the server checks not (it checks %q) offered", checked)
		}
	}
	r.Checked = "turnstile"
	for _, path := range []string{"/fr/contact/", "/nl/"} {
		res = resolve(r, path)
		got := res.Props.base().Site.Captcha
		want := Captcha{Provider: "turnstile", SiteKey: "0x4AAAAAAABkMYinukE8nzY",
			Script: "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"}
		if got == nil || *got != want {
			t.Errorf("%s: captcha %+v, want %+v", path, got, want)
		}
	}
}
