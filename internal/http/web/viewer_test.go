package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlite"
	"immo/internal/domain/account"
	"immo/internal/domain/field"
	"immo/internal/http/web/respond"
	"immo/internal/http/web/session"
)

// viewerSite is the site's handler with sessions and one page that reads
// the viewer, /nl/test-account/, whose form logs in ("login"), out
// ("logout"), or renews, as an account page's will.
func viewerSite(t *testing.T) (*Handler, int64) {
	t.Helper()
	db, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "immo.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	id, err := db.Accounts().Create(t.Context(), account.Account{Role: account.Registrant, Email: "ann@example.be", Lang: "nl",
		PasswordHash: "h", Created: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	sessions := session.New(session.Options{Store: db.Sessions(), Accounts: db.Accounts()})
	h, _, _ := newTestHandler(t, &fakeRenderer{}, func(o *Options) { o.Sessions = sessions })
	accountForm := FormHandlerFunc(func(_ context.Context, p FormPost) (Outcome, error) {
		switch p.Value("do") {
		case "login":
			if p.Value("password") != "right" {
				return Refused(field.Errors{"form": field.KeyLogin}), nil
			}
			return Outcome{Next: "/nl/test-account/", Session: SessionStart, Account: id}, nil
		case "renew":
			return Outcome{Next: "/nl/test-account/", Session: SessionRenew}, nil
		case "away":
			return Outcome{Next: "https://elsewhere.example/"}, nil
		}
		return Outcome{Next: "/nl/", Session: SessionEnd}, nil
	})
	h.mux.Handle("/nl/test-account/", h.viewerPage(func(w http.ResponseWriter, r *http.Request) {
		v := account.FromContext(r.Context())
		page := respond.Page{View: "Account", Lang: "nl", Private: true,
			Props: map[string]any{"viewer": fmt.Sprintf("%d:%s", v.Account.ID, v.Account.Role)}}
		if r.Method == http.MethodPost {
			r.ParseForm()
			h.answer(w, r, accountForm, FormPost{Form: "account", Lang: "nl", Values: r.PostForm}, "/nl/",
				func(errs field.Errors, status int) {
					page.Status, page.Props = status, map[string]any{"errors": errs}
					h.rs.Render(w, r, page)
				})
			return
		}
		h.rs.Render(w, r, page)
	}))
	return h, id
}

func sessionCookie(rec *httptest.ResponseRecorder) *http.Cookie {
	for _, c := range rec.Result().Cookies() {
		if c.Name == session.CookieName {
			return c
		}
	}
	return nil
}

func withCookie(c *http.Cookie) map[string]string {
	return map[string]string{"Cookie": c.Name + "=" + c.Value}
}

func TestFormOutcomeStartsAndEndsTheSession(t *testing.T) {
	h, id := viewerSite(t)
	form := "application/x-www-form-urlencoded"
	// Refused: the page again, no session, no cookie.
	rec := postForm(h, "/nl/test-account/", form, "do=login&password=wrong", nil)
	if rec.Code != http.StatusUnprocessableEntity || sessionCookie(rec) != nil || !strings.Contains(rec.Body.String(), field.KeyLogin) {
		t.Fatalf("wrong password: %d %v", rec.Code, rec.Header())
	}
	// Logged in: on to where the outcome leads, with a session cookie.
	rec = postForm(h, "/nl/test-account/", form, "do=login&password=right", nil)
	c := sessionCookie(rec)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/nl/test-account/" || c == nil {
		t.Fatalf("login: %d %v", rec.Code, rec.Header())
	}
	rec = do(h, "GET", "/nl/test-account/", withCookie(c))
	if !strings.Contains(rec.Body.String(), fmt.Sprintf("%d:registrant", id)) {
		t.Fatalf("the viewer page does not know who asks: %s", rec.Body)
	}
	if cc := rec.Header().Get("Cache-Control"); cc != "private, no-store" {
		t.Errorf("viewer page Cache-Control %q", cc)
	}
	// The client's router gets the same, as JSON, never cached either.
	rec = do(h, "GET", "/nl/test-account/", map[string]string{"Cookie": c.Name + "=" + c.Value, "X-Inertia": "true", "X-Inertia-Version": "v1"})
	if !strings.Contains(rec.Body.String(), fmt.Sprintf(`"viewer":"%d:registrant"`, id)) || rec.Header().Get("Cache-Control") != "private, no-store" {
		t.Fatalf("viewer page as JSON: %v %s", rec.Header(), rec.Body)
	}
	// Renewed: a new token.
	rec = postForm(h, "/nl/test-account/", form, "do=renew", withCookie(c))
	renewed := sessionCookie(rec)
	if rec.Code != http.StatusSeeOther || renewed == nil || renewed.Value == c.Value {
		t.Fatalf("renew: %d %v", rec.Code, rec.Header())
	}
	// Logged out: the cookie expires, the viewer is nobody.
	rec = postForm(h, "/nl/test-account/", form, "do=logout", withCookie(renewed))
	if out := sessionCookie(rec); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/nl/" || out == nil || out.MaxAge >= 0 {
		t.Fatalf("logout: %d %v", rec.Code, rec.Header())
	}
	if body := do(h, "GET", "/nl/test-account/", withCookie(renewed)).Body.String(); !strings.Contains(body, `"viewer":"0:"`) {
		t.Fatalf("after logout: %s", body)
	}
	// An outcome leading out of the site is a bug of ours, not a redirect.
	rec = postForm(h, "/nl/test-account/", form, "do=away", nil)
	if rec.Code != http.StatusInternalServerError || rec.Header().Get("Location") != "" {
		t.Fatalf("outcome out of the site: %d %v", rec.Code, rec.Header())
	}
}

// SPEC §1: the public pages are the same for everyone, logged in or not —
// served from the cache, no cookie set or read.
func TestPublicPagesStayAnonymous(t *testing.T) {
	h, _ := viewerSite(t)
	c := sessionCookie(postForm(h, "/nl/test-account/", "application/x-www-form-urlencoded", "do=login&password=right", nil))
	anonymous := do(h, "GET", "/nl/te-koop/", nil)
	logged := do(h, "GET", "/nl/te-koop/", withCookie(c))
	if logged.Code != 200 || logged.Body.String() != anonymous.Body.String() {
		t.Fatalf("a public page differs for a logged-in visitor: %d", logged.Code)
	}
	for _, rec := range []*httptest.ResponseRecorder{anonymous, logged} {
		if rec.Header().Get("Set-Cookie") != "" || rec.Header().Get("Cache-Control") != "no-cache" {
			t.Errorf("public page headers %v", rec.Header())
		}
	}
	if fresh, _ := h.rs.CacheCounts(); fresh != 1 {
		t.Errorf("%d pages cached, want the public one", fresh)
	}
	// A form on a public page cannot start a session: its route has none.
	h.forms = Forms{"site-contact": FormHandlerFunc(func(context.Context, FormPost) (Outcome, error) {
		return Outcome{Session: SessionStart, Account: 1}, nil
	})}
	rec := postForm(h, "/fr/contact/", "application/x-www-form-urlencoded", "remark=x", nil)
	if rec.Code != http.StatusInternalServerError || sessionCookie(rec) != nil {
		t.Fatalf("a session started on a public page: %d %v", rec.Code, rec.Header())
	}
}
