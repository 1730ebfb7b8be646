package web

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"time"

	"immo/internal/domain/account"
)

// A browser that logged in to an account before carries a device cookie
// naming that account (OWASP's device cookie): the account's own lock —
// strangers' failures from many addresses, meant to hold it for ever —
// does not hold it; its failures count against that device alone. So
// nobody can lock the rightful person out of a device they used, while a
// new device still meets every brake.

// DeviceCookiePrefix names a role's device cookie: immo_device_owner, …
const DeviceCookiePrefix = "immo_device_"

// DeviceLifetime is how long a device stays known after its last login.
const DeviceLifetime = 180 * 24 * time.Hour

// deviceCookieName is role's device cookie.
func deviceCookieName(role account.Role) string { return DeviceCookiePrefix + string(role) }

// device is the device id the cookie value names for role's email, ""
// when it names another account or is forged.
func (b LoginBrakes) device(role account.Role, email, value string) string {
	if b.IP == nil || value == "" {
		return ""
	}
	id, mac, ok := strings.Cut(value, ".")
	if !ok || len(id) != 22 || subtle.ConstantTimeCompare([]byte(mac), []byte(b.deviceMAC(role, email, id))) != 1 {
		return ""
	}
	return id
}

func (b LoginBrakes) deviceMAC(role account.Role, email, id string) string {
	return b.IP.Hash("device|" + string(role) + "|" + account.NormalEmail(email) + "|" + id)
}

// DeviceCookie is the cookie a good login of role's email sets: this
// browser is a device of the account from now on. nil without brakes.
func (b LoginBrakes) DeviceCookie(role account.Role, email string) *http.Cookie {
	if b.IP == nil {
		return nil
	}
	raw := make([]byte, 16)
	_, _ = rand.Read(raw)
	id := base64.RawURLEncoding.EncodeToString(raw)
	return &http.Cookie{Name: deviceCookieName(role), Value: id + "." + b.deviceMAC(role, email, id), Path: "/",
		MaxAge: int(DeviceLifetime / time.Second), HttpOnly: true, Secure: b.Secure, SameSite: http.SameSiteLaxMode}
}

// DeviceOf is the device cookie's value of role in r, "" when none.
func DeviceOf(r *http.Request, role account.Role) string {
	c, err := r.Cookie(deviceCookieName(role))
	if err != nil {
		return ""
	}
	return c.Value
}

// AccountKey is the key of the brake on role's email from anywhere
// (PerAccount): the one strangers hold an account with, which `immo
// unlock` releases.
func (b LoginBrakes) AccountKey(role account.Role, email string) string {
	return b.brakes(role, account.NormalEmail(email), "", "")[2].a.Key
}

// ViewerCookie tells the browser, not the server, who is logged in: the
// public pages stay cached, identical and cookie-free, and their header
// learns in the browser to offer "My account" instead of "Log in"
// (web/src/lib/viewer). Its value is a role, nothing secret: the session
// cookie alone opens an account.
const ViewerCookie = "immo_viewer"

// tellViewer sets or clears ViewerCookie as out changes the session.
func (h *Handler) tellViewer(w http.ResponseWriter, out Outcome) {
	switch {
	case out.Session == SessionStart && out.Role != "":
		http.SetCookie(w, &http.Cookie{Name: ViewerCookie, Value: string(out.Role), Path: "/", Secure: h.secure,
			SameSite: http.SameSiteLaxMode})
	case out.Session == SessionEnd:
		http.SetCookie(w, &http.Cookie{Name: ViewerCookie, Value: "", Path: "/", MaxAge: -1, Secure: h.secure,
			SameSite: http.SameSiteLaxMode})
	}
}

// OwnsCookie names the properties the browser's owner owns, keyed by the
// server's secret (set by the portal): the visits of their own property's
// page are not visits (SPEC §1's counts are the public's), and the public
// pages read no session to know it.
const OwnsCookie = "immo_owns"

// tellOwns sets OwnsCookie to ids (none: nothing to say).
func (b LoginBrakes) tellOwns(w http.ResponseWriter, ids []int64) {
	if b.IP == nil || len(ids) == 0 || len(ids) > maxOwned {
		return
	}
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	list := strings.Join(parts, "-")
	http.SetCookie(w, &http.Cookie{Name: OwnsCookie, Value: list + "." + b.IP.Hash("owns|"+list), Path: "/",
		MaxAge: int(DeviceLifetime / time.Second), HttpOnly: true, Secure: b.Secure, SameSite: http.SameSiteLaxMode})
}

// maxOwned bounds the properties OwnsCookie names (a cookie stays small).
const maxOwned = 100

// owns says whether r's OwnsCookie, genuine, names property.
func (b LoginBrakes) owns(r *http.Request, property int64) bool {
	c, err := r.Cookie(OwnsCookie)
	if b.IP == nil || err != nil {
		return false
	}
	list, mac, ok := strings.Cut(c.Value, ".")
	if !ok || len(list) > maxOwned*20 || subtle.ConstantTimeCompare([]byte(mac), []byte(b.IP.Hash("owns|"+list))) != 1 {
		return false
	}
	want := strconv.FormatInt(property, 10)
	for _, id := range strings.Split(list, "-") {
		if id == want {
			return true
		}
	}
	return false
}
