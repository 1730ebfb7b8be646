package app_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"immo/internal/app"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/http/web"
	"immo/internal/http/web/session"
)

// Strangers failing from many addresses hold an account (account.LoginPerAccount
// failures a window): a new browser meets the lock even with the right
// password, but the browser its owner logged in with before (its device
// cookie) gets in; that device's own failures still brake it.
func TestLoginDeviceOutlastsLock(t *testing.T) {
	s := apptest.New(t, apptest.Options{})
	strangers := func(page, email string) {
		for i := 0; i*account.LoginPerAccountAddress <= account.LoginPerAccount; i++ {
			c := &staffClient{h: s.Handler, ip: "198.51.100." + strconv.Itoa(10+i), cookies: map[string]*http.Cookie{}}
			for range account.LoginPerAccountAddress {
				if rec := c.do(t, "POST", page, url.Values{"email": {email}, "password": {"a wrong guess"}}); rec.Code < 400 {
					t.Fatalf("a stranger's guess: %d", rec.Code)
				}
			}
		}
	}
	login := func(c *staffClient, page, email, password string) *http.Response {
		delete(c.cookies, session.CookieName)
		delete(c.cookies, "immo_staff")
		return c.do(t, "POST", page, url.Values{"email": {email}, "password": {password}}).Result()
	}
	for _, tc := range []struct {
		role              account.Role
		page, email, home string
		device            func() *staffClient
	}{
		{account.Owner, "/nl/login/", "ann@example.be", "/nl/owner/", func() *staffClient {
			ann := invite(t, s, "ann@example.be", "nl", annProperty1)
			expect(t, "password", setPassword(t, &client{h: s.Handler, ip: "192.0.2.1"}, ann.Link, "ann's good password"), http.StatusSeeOther, "/nl/owner/")
			return &staffClient{h: s.Handler, ip: "192.0.2.1", cookies: map[string]*http.Cookie{}}
		}},
		{account.Staff, "/admin/login/", "agent@agency.test", "/admin/leads/", func() *staffClient {
			c := newStaff(t, s, "agent@agency.test", account.Agent, "192.0.2.2")
			for name := range c.cookies {
				if strings.HasPrefix(name, web.DeviceCookiePrefix) {
					t.Fatalf("a device before any login: %s", name)
				}
			}
			return c
		}},
	} {
		t.Run(string(tc.role), func(t *testing.T) {
			dev := tc.device()
			password := map[account.Role]string{account.Owner: "ann's good password", account.Staff: "a long enough one"}[tc.role]
			if res := login(dev, tc.page, tc.email, password); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), tc.home) {
				t.Fatalf("the first login: %d %q", res.StatusCode, res.Header.Get("Location"))
			}
			if dev.cookies[web.DeviceCookiePrefix+string(tc.role)] == nil {
				t.Fatal("no device cookie after a good login")
			}
			strangers(tc.page, tc.email)
			fresh := &staffClient{h: s.Handler, ip: "192.0.2.200", cookies: map[string]*http.Cookie{}}
			if res := login(fresh, tc.page, tc.email, password); res.StatusCode == http.StatusSeeOther {
				t.Fatal("a new browser got through the account's lock")
			}
			if res := login(dev, tc.page, tc.email, password); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), tc.home) {
				t.Fatalf("the owner's own device, locked out: %d %q", res.StatusCode, res.Header.Get("Location"))
			}
			// Another account's device cookie is no device of this one.
			forged := &staffClient{h: s.Handler, ip: "192.0.2.201", cookies: map[string]*http.Cookie{}}
			forged.cookies[web.DeviceCookiePrefix+string(tc.role)] = &http.Cookie{Name: web.DeviceCookiePrefix + string(tc.role),
				Value: dev.cookies[web.DeviceCookiePrefix+string(tc.role)].Value + "x"}
			if res := login(forged, tc.page, tc.email, password); res.StatusCode == http.StatusSeeOther {
				t.Fatal("a forged device cookie got through the lock")
			}
			// The device's own failures brake it.
			for range account.LoginPerAccountAddress {
				login(dev, tc.page, tc.email, "the device guessing")
			}
			if res := login(dev, tc.page, tc.email, password); res.StatusCode == http.StatusSeeOther {
				t.Fatal("a device's own failures are not braked")
			}
			// The operator releases the account: a new browser gets in again.
			roles, err := app.UnlockLogin(t.Context(), app.Config{Store: s.Store, Keys: app.Keys{IPHash: []byte(strings.Repeat("i", 32))},
				Now: s.Clock.Now}, strings.ToUpper(tc.email))
			if err != nil || len(roles) != 1 || roles[0] != tc.role {
				t.Fatalf("unlock: %v %v", roles, err)
			}
			if res := login(fresh, tc.page, tc.email, password); res.StatusCode != http.StatusSeeOther {
				t.Fatalf("released, a new browser: %d", res.StatusCode)
			}
		})
	}
}
