package app_test

import (
	"bytes"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"

	"github.com/pquerna/otp/totp"
)

// TestInboxAccount walks a staff member's own sign-in page on both
// databases: their second factor begun (the QR code and its key shown),
// refused with a wrong code, turned on with the app's code (the login then
// asks one), and turned off only with a current code (the one used before
// is refused), each change audited as the member's own; too many wrong
// codes are braked (429).
func TestInboxAccount(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			id := agentID(t, s, "agent@agency.test")
			shut(t, s, "/admin/account/", nil, url.Values{"action": {"begin"}})

			page := func() map[string]any {
				t.Helper()
				speaks(t, s, "agent@agency.test", "fr") // the inbox speaks the member's language, not the browser's
				rec := agent.do(t, "GET", "/admin/account/", nil, "Accept-Language", "fr")
				view, props := inboxPage(t, rec)
				if rec.Code != http.StatusOK || view != "AdminAccount" {
					t.Fatalf("the sign-in page: %d %s", rec.Code, view)
				}
				return props
			}
			post := func(form url.Values, status int) map[string]any {
				t.Helper()
				rec := agent.do(t, "POST", "/admin/account/", form)
				if rec.Code != status {
					t.Fatalf("%v: %d, want %d\n%.300s", form, rec.Code, status, rec.Body.String())
				}
				if status == http.StatusSeeOther {
					if want := "/admin/account/?done=" + form.Get("action"); rec.Header().Get("Location") != want {
						t.Fatalf("%v: → %q, want %q", form, rec.Header().Get("Location"), want)
					}
					return nil
				}
				_, props := inboxPage(t, rec)
				errs, _ := props["errors"].(map[string]any)
				return errs
			}
			if p := page(); p["twoFactor"] != "off" || p["email"] != "agent@agency.test" || p["role"] != "agent" || p["qr"] != "" {
				t.Fatalf("before: %v", p)
			}
			if !strings.Contains(jsonOf(page()["nav"]), `"/admin/account/"`) {
				t.Errorf("the menu has no sign-in page: %s", jsonOf(page()["nav"]))
			}

			// Begun: the QR code (a PNG) and its key.
			post(url.Values{"action": {"begin"}}, http.StatusSeeOther)
			p := page()
			qr, _ := p["qr"].(string)
			png, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(qr, "data:image/png;base64,"))
			secret, _ := p["secret"].(string)
			if p["twoFactor"] != "waiting" || err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) || len(secret) != 32 {
				t.Fatalf("waiting: %v, %d bytes of PNG (%v)", p["twoFactor"], len(png), err)
			}
			if _, props := inboxPage(t, agent.do(t, "GET", "/admin/account/?done=begin", nil)); props["notice"] != "admin.account.done.begin" {
				t.Errorf("notice: %v", props["notice"])
			}
			// A wrong code: refused, still waiting, nothing audited.
			entries := s.Count(t, "audit_log")
			if errs := post(url.Values{"action": {"confirm"}, "code": {"000000"}}, http.StatusUnprocessableEntity); errs["code"] != "admin.login.codeWrong" {
				t.Errorf("a wrong code: %v", errs)
			}
			if p := page(); p["twoFactor"] != "waiting" || p["secret"] != secret || s.Count(t, "audit_log") != entries {
				t.Fatalf("after a wrong code: %v", p["twoFactor"])
			}
			// The app's code: on, audited; the login asks for a code.
			code, _ := totp.GenerateCode(secret, s.Clock.Now())
			post(url.Values{"action": {"confirm"}, "code": {code[:3] + " " + code[3:]}}, http.StatusSeeOther)
			if p := page(); p["twoFactor"] != "on" || p["qr"] != "" || p["secret"] != "" {
				t.Fatalf("on: %v", p)
			}
			if got := lastAudit(t, s, id); got != "staff.totp-on > by "+itoa(id) {
				t.Errorf("audit of the factor on: %q", got)
			}
			login := &staffClient{h: s.Handler, ip: "198.51.100.30", cookies: map[string]*http.Cookie{}}
			if rec := login.do(t, "POST", "/admin/login/", url.Values{"email": {"agent@agency.test"}, "password": {"a long enough one"}}); rec.Header().Get("Location") != "/admin/login/code/" {
				t.Errorf("the login with the factor on: %d → %q", rec.Code, rec.Header().Get("Location"))
			}
			if errs := post(url.Values{"action": {"begin"}}, http.StatusConflict); errs["form"] != "admin.account.error.on" {
				t.Errorf("begin with one on: %v", errs)
			}
			// Off: not with the code used already, with a current one.
			if errs := post(url.Values{"action": {"off"}, "code": {code}}, http.StatusUnprocessableEntity); errs["code"] != "admin.login.codeWrong" {
				t.Errorf("a used code: %v", errs)
			}
			if errs := post(url.Values{"action": {"off"}}, http.StatusUnprocessableEntity); errs["code"] != "admin.login.codeWrong" {
				t.Errorf("no code: %v", errs)
			}
			if page()["twoFactor"] != "on" {
				t.Fatal("turned off without a good code")
			}
			s.Clock.Add(time.Minute)
			code, _ = totp.GenerateCode(secret, s.Clock.Now())
			post(url.Values{"action": {"off"}, "code": {code}}, http.StatusSeeOther)
			if p := page(); p["twoFactor"] != "off" {
				t.Fatalf("off: %v", p["twoFactor"])
			}
			if got := lastAudit(t, s, id); got != "staff.totp-off > by "+itoa(id) {
				t.Errorf("audit of the factor off: %q", got)
			}
			if errs := post(url.Values{"action": {"off"}, "code": {"123456"}}, http.StatusConflict); errs["form"] != "admin.account.error.none" {
				t.Errorf("off with none: %v", errs)
			}
			if errs := post(url.Values{"action": {"confirm"}, "code": {"123456"}}, http.StatusConflict); errs["form"] != "admin.account.error.none" {
				t.Errorf("confirm with none waiting: %v", errs)
			}
			if errs := post(url.Values{"action": {"steal"}}, http.StatusUnprocessableEntity); errs["form"] != "admin.error.action" {
				t.Errorf("an unknown action: %v", errs)
			}
			// Too many wrong codes: 429, said on the code (account.ErrCodeBraked's key).
			post(url.Values{"action": {"begin"}}, http.StatusSeeOther)
			for i := 0; ; i++ {
				rec := agent.do(t, "POST", "/admin/account/", url.Values{"action": {"confirm"}, "code": {"000000"}})
				if rec.Code == http.StatusUnprocessableEntity && i < account.CodeBrakeMax {
					continue
				}
				_, props := inboxPage(t, rec)
				if errs, _ := props["errors"].(map[string]any); rec.Code != http.StatusTooManyRequests || errs["code"] != "admin.login.codeLocked" {
					t.Errorf("wrong code %d: %d %v, want 429 and the brake's words", i+1, rec.Code, errs)
				}
				break
			}
		})
	}
}
