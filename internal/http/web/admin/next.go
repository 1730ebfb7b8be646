package admin

import (
	"net/http"
	"net/url"
	"path"
	"strings"

	"immo/internal/domain/account"
)

// The login leads where the staff member was going: a page of the inbox
// asked while logged out sends to the login with ?next= its address, and
// the login's steps (the password, then the code) carry it to the end.

// nextParam is the login's parameter naming the page it leads to.
const nextParam = "next"

// maxNext bounds a next address (a list's filter fits well within).
const maxNext = 2000

// nextPage is the page the login leads to: q's next when it is a page of
// the inbox (safeNext), else the leads.
func nextPage(q url.Values) string {
	if next := q.Get(nextParam); safeNext(next) {
		return next
	}
	return leadsPath
}

// safeNext says whether s may be where a login leads: a local address of
// a page of the inbox — a path under Prefix, with no scheme, host or dot
// segment (never another site: no open redirect), ending in '/' (a page,
// not a file such as an export, which a login cannot show), not the
// login's own pages — and its query.
func safeNext(s string) bool {
	if len(s) > maxNext || !strings.HasPrefix(s, Prefix) {
		return false
	}
	for _, c := range []byte(s) { // as a request's address is written: printable ASCII
		if c <= ' ' || c >= 0x7f || c == '\\' || c == '#' {
			return false
		}
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return false
	}
	// The path as written and as decoded (a browser takes %2e%2e for ..).
	for _, p := range []string{u.EscapedPath(), u.Path} {
		if !strings.HasPrefix(p, Prefix) || !strings.HasSuffix(p, "/") || path.Clean(p)+"/" != p {
			return false
		}
	}
	p := u.Path
	return !strings.HasPrefix(p, loginPath) && !strings.HasPrefix(p, passwordPath) && p != logoutPath
}

// withNext is the login step at step's address leading to next: ?next=
// unless next is the leads, where the login leads anyway.
func withNext(step, next string) string {
	if next == leadsPath || !safeNext(next) {
		return step
	}
	return step + "?" + nextParam + "=" + url.QueryEscape(next)
}

// navigation says whether r is a browser opening an address (a link
// followed, an address typed), not a script's fetch or an event stream:
// Sec-Fetch-Mode, or, from a browser that sends none, an Accept taking
// HTML.
func navigation(r *http.Request) bool {
	if mode := r.Header.Get("Sec-Fetch-Mode"); mode != "" {
		return mode == "navigate"
	}
	return strings.Contains(r.Header.Get("Accept"), "text/html")
}

// filePage is the page a file of the inbox is found on: a list's CSV its
// list with the same filter (leads.csv?status=done: /admin/leads/?status=done),
// a lead's upload the lead; else the leads.
func filePage(u *url.URL) string {
	p := u.Path
	if list, ok := strings.CutSuffix(p, ".csv"); ok && strings.HasPrefix(p, Prefix) {
		page := list + "/"
		if u.RawQuery != "" {
			page += "?" + u.RawQuery
		}
		return page
	}
	if lead, _, ok := strings.Cut(strings.TrimPrefix(p, leadsPath), "/files/"); ok && strings.HasPrefix(p, leadsPath) {
		return leadsPath + lead + "/"
	}
	return leadsPath
}

// signedOut answers a file of the inbox a browser opened without a staff
// session (none, or a registrant's): 403, with the inbox's page in the
// browser's language saying to log in, the login leading back to the
// file's page (a file cannot be where a login lands).
func (h *Handler) signedOut(w http.ResponseWriter, r *http.Request) {
	b := h.base(r, account.Viewer{})
	h.render(w, r, ErrorProps{Base: b, Status: http.StatusForbidden, Login: withNext(loginPath, filePage(r.URL)), SignedOut: true}, b, http.StatusForbidden)
}
