package session_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlite"
	"immo/internal/domain/account"
	"immo/internal/http/web/session"
)

// site is a viewer route that says who asks, and form routes that log in,
// renew and log out, on a real database.
func site(t *testing.T) (http.Handler, *sqlite.DB, int64) {
	t.Helper()
	db, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "immo.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	id, err := db.Accounts().Create(t.Context(), account.Account{Role: account.Owner, Email: "o@example.be", Lang: "nl",
		PasswordHash: "h", Created: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	m := session.New(session.Options{Store: db.Sessions(), Accounts: db.Accounts()})
	mux := http.NewServeMux()
	who := func(w http.ResponseWriter, r *http.Request) {
		v := account.FromContext(r.Context())
		fmt.Fprintf(w, "viewer %d %s", v.Account.ID, v.Account.Role)
	}
	mux.Handle("GET /account/", m.Viewer(http.HandlerFunc(who)))
	mux.Handle("POST /login/", m.Viewer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := m.Start(r.Context(), id); err != nil {
			t.Error(err)
		}
	})))
	mux.Handle("POST /renew/", m.Viewer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := m.Renew(r.Context()); err != nil {
			t.Error(err)
		}
	})))
	mux.Handle("POST /logout/", m.Viewer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := m.End(r.Context()); err != nil {
			t.Error(err)
		}
	})))
	mux.HandleFunc("GET /public/", who) // no middleware: anonymous whatever the cookie
	return mux, db, id
}

func do(h http.Handler, method, target string, cookie *http.Cookie) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	if cookie != nil {
		req.AddCookie(cookie)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func sessionCookie(rec *httptest.ResponseRecorder) *http.Cookie {
	for _, c := range rec.Result().Cookies() {
		if c.Name == session.CookieName {
			return c
		}
	}
	return nil
}

func TestLoginRenewLogout(t *testing.T) {
	h, _, id := site(t)
	// Anonymous: no cookie, on a viewer route or a public one.
	for _, path := range []string{"/account/", "/public/"} {
		rec := do(h, "GET", path, nil)
		if sessionCookie(rec) != nil || rec.Header().Get("Set-Cookie") != "" {
			t.Fatalf("%s: a cookie for a visitor who did not log in: %v", path, rec.Header())
		}
		if !strings.Contains(rec.Body.String(), "viewer 0 ") {
			t.Fatalf("%s: %s", path, rec.Body)
		}
	}
	// A cookie planted before the login opens nothing after it.
	planted := &http.Cookie{Name: session.CookieName, Value: "planted-by-someone-else"}
	rec := do(h, "POST", "/login/", planted)
	c := sessionCookie(rec)
	if c == nil || c.Value == planted.Value || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.MaxAge <= 0 {
		t.Fatalf("login cookie %+v", c)
	}
	if body := do(h, "GET", "/account/", c).Body.String(); body != fmt.Sprintf("viewer %d owner", id) {
		t.Fatalf("after login: %s", body)
	}
	if body := do(h, "GET", "/public/", c).Body.String(); body != "viewer 0 " {
		t.Fatalf("a public route read the viewer: %s", body)
	}
	// Renewed: a new token, the old one opens nothing.
	renewed := sessionCookie(do(h, "POST", "/renew/", c))
	if renewed == nil || renewed.Value == c.Value {
		t.Fatalf("renewed cookie %+v", renewed)
	}
	if body := do(h, "GET", "/account/", c).Body.String(); body != "viewer 0 " {
		t.Fatalf("the old token after a renewal: %s", body)
	}
	if body := do(h, "GET", "/account/", renewed).Body.String(); body != fmt.Sprintf("viewer %d owner", id) {
		t.Fatalf("the renewed token: %s", body)
	}
	// Logged out: the cookie expires and the token opens nothing.
	out := sessionCookie(do(h, "POST", "/logout/", renewed))
	if out == nil || out.MaxAge >= 0 {
		t.Fatalf("logout cookie %+v", out)
	}
	if body := do(h, "GET", "/account/", renewed).Body.String(); body != "viewer 0 " {
		t.Fatalf("after logout: %s", body)
	}
}

// The database holds the token's hash, not the token.
func TestStoreKeepsNoToken(t *testing.T) {
	h, db, _ := site(t)
	c := sessionCookie(do(h, "POST", "/login/", nil))
	if _, ok, err := db.Sessions().FindCtx(t.Context(), c.Value); ok || err != nil {
		t.Fatalf("the token itself is a key of the table: %v %v", ok, err)
	}
}

// A client gone before its session is written (a second click, a page
// left) is no error of ours: nothing is logged at ERROR for it.
func TestGoneClientNoError(t *testing.T) {
	db, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "immo.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	var logs strings.Builder
	m := session.New(session.Options{Store: db.Sessions(), Accounts: db.Accounts(),
		Log: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))})
	ctx, cancel := context.WithCancel(t.Context())
	h := m.Viewer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := m.Start(r.Context(), 1); err != nil {
			t.Error(err)
		}
		cancel() // the browser aborts while the answer is made
	}))
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/login/", nil).WithContext(ctx))
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Fatalf("a gone client logged an error:\n%s", logs.String())
	}
}
