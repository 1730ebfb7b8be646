package admin

import (
	"net/url"
	"testing"
)

// TestNextPage: the login leads only to a page of the inbox on this site —
// never another site, a file, a dot segment or the login itself.
func TestNextPage(t *testing.T) {
	for next, want := range map[string]string{
		"":                 leadsPath,
		"/admin/mails/":    "/admin/mails/",
		"/admin/leads/42/": "/admin/leads/42/",
		"/admin/leads/?status=done&kind=visit&q=jan+pee": "/admin/leads/?status=done&kind=visit&q=jan+pee",
		"/admin/":                          "/admin/",
		"https://evil.example/admin/":      leadsPath,
		"//evil.example/admin/":            leadsPath,
		"/\\evil.example/":                 leadsPath,
		"/admin/\\evil.example/":           leadsPath,
		"/admin//evil.example/":            leadsPath,
		"/admin/../fr/":                    leadsPath,
		"/admin/%2e%2e/fr/":                leadsPath,
		"/admin/%2E%2E/%2E%2E/evil/":       leadsPath,
		"/admin/./leads/":                  leadsPath,
		"/admin/leads/%2F%2Fevil.example/": leadsPath,
		"/fr/":                             leadsPath,
		"admin/leads/":                     leadsPath,
		"javascript:alert(1)//admin/":      leadsPath,
		"/admin/leads.csv":                 leadsPath,
		"/admin/events":                    leadsPath,
		"/admin/login/":                    leadsPath,
		"/admin/login/code/":               leadsPath,
		"/admin/password/?token=x":         leadsPath,
		"/admin/mails/\r\nSet-Cookie: x=1": leadsPath,
		"/admin/mails/ x":                  leadsPath,
		"/admin/mails/#x":                  leadsPath,
		"/admin/mails/?q=é":                leadsPath,
		"/admin/mails/?q=%C3%A9":           "/admin/mails/?q=%C3%A9",
	} {
		if got := nextPage(url.Values{"next": {next}}); got != want {
			t.Errorf("next=%q: %q, want %q", next, got, want)
		}
	}
	if got := withNext(loginPath, "/admin/leads/?status=new"); got != "/admin/login/?next=%2Fadmin%2Fleads%2F%3Fstatus%3Dnew" {
		t.Errorf("the login's address: %q", got)
	}
	if got := withNext(codePath, leadsPath); got != codePath {
		t.Errorf("the leads need no next: %q", got)
	}
	if got := withNext(loginPath, "https://evil.example/"); got != loginPath {
		t.Errorf("another site is no next: %q", got)
	}
}
