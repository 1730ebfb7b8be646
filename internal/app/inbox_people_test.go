package app_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/audit"
	"immo/internal/http/web/session"
)

// The people pages' shared checks (staff, my sign-in, owners, demands,
// newsletter): who is let in, and what the audit log holds.

// peopleRegistrant is a browser logged in on the site as a registrant: its
// session cookie is the site's, which opens nothing of the inbox.
func peopleRegistrant(t *testing.T, s *apptest.Site) *staffClient {
	t.Helper()
	if _, err := s.Store.Accounts().ByEmail(t.Context(), account.Registrant, "reg@example.be"); errors.Is(err, account.ErrNotFound) {
		if _, err := s.Store.Accounts().Create(t.Context(), account.Account{Role: account.Registrant, Email: "reg@example.be",
			PasswordHash: mustHash(t, "registrant words"), Lang: "nl", Created: s.Clock.Now(), AlertFrequency: account.Instant,
			Confirmed: s.Clock.Now()}); err != nil {
			t.Fatal(err)
		}
	} else if err != nil {
		t.Fatal(err)
	}
	c := &client{h: s.Handler, ip: "192.0.2.50"}
	rec := c.do(t, "POST", "/nl/account/login/", url.Values{"email": {"reg@example.be"}, "password": {"registrant words"}})
	if rec.Code != http.StatusSeeOther || c.cookie == nil || c.cookie.Name != session.CookieName {
		t.Fatalf("the registrant's login: %d %v", rec.Code, c.cookie)
	}
	if rec := c.do(t, "GET", "/nl/account/", nil); rec.Code != http.StatusOK {
		t.Fatalf("the registrant's area: %d", rec.Code)
	}
	return &staffClient{h: s.Handler, ip: c.ip, cookies: map[string]*http.Cookie{c.cookie.Name: c.cookie}}
}

// shut checks that nobody but the staff reaches page (and, adminOnly, no
// agent): a visitor and a registrant are sent to the login when they ask
// for it and refused when they post (post: nil for a page that takes
// none); agent, when given, gets the
// forbidden page either way.
func shut(t *testing.T, s *apptest.Site, page string, agent *staffClient, post url.Values) {
	t.Helper()
	anon := &staffClient{h: s.Handler, ip: "203.0.113.9", cookies: map[string]*http.Cookie{}}
	for who, c := range map[string]*staffClient{"nobody": anon, "a registrant": peopleRegistrant(t, s)} {
		if rec := c.do(t, "GET", page, nil); rec.Code != http.StatusFound || rec.Header().Get("Location") != loginFor(page) {
			t.Errorf("%s GET %s: %d → %q, want the login", who, page, rec.Code, rec.Header().Get("Location"))
		}
		if post == nil { // a page that takes no post
			continue
		}
		if rec := c.do(t, "POST", page, post); rec.Code != http.StatusForbidden {
			t.Errorf("%s POST %s: %d, want 403", who, page, rec.Code)
		}
	}
	if agent == nil {
		return
	}
	if rec := agent.do(t, "GET", page, nil); rec.Code != http.StatusForbidden {
		t.Errorf("an agent GET %s: %d, want 403", page, rec.Code)
	}
	if rec := agent.do(t, "POST", page, post); rec.Code != http.StatusForbidden {
		t.Errorf("an agent POST %s: %d, want 403", page, rec.Code)
	}
}

// shutFile checks that nobody but the staff (and, given, no agent) gets
// file: 403 to a visitor, a registrant and the agent.
func shutFile(t *testing.T, s *apptest.Site, file string, agent *staffClient) {
	t.Helper()
	anon := &staffClient{h: s.Handler, ip: "203.0.113.9", cookies: map[string]*http.Cookie{}}
	clients := map[string]*staffClient{"nobody": anon, "a registrant": peopleRegistrant(t, s)}
	if agent != nil {
		clients["an agent"] = agent
	}
	for who, c := range clients {
		if rec := c.do(t, "GET", file, nil); rec.Code != http.StatusForbidden {
			t.Errorf("%s GET %s: %d, want 403", who, file, rec.Code)
		}
	}
}

// audited is the audit log's entries about target kind's id, newest first.
func audited(t *testing.T, s *apptest.Site, kind string, id int64) []audit.Entry {
	t.Helper()
	list, err := s.Store.Audit().List(t.Context(), audit.Query{TargetKind: kind, TargetID: id, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// jsonOf is v as JSON, for messages and substring checks.
func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
