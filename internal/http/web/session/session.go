// Package session keeps who is logged in, at the HTTP edge: a cookie
// carrying a session token (alexedwards/scs), the session in the database
// (its token's SHA-256), the account by ID. Its middleware runs only on the
// routes that read the viewer — the account pages, the owner portal, the
// inbox — and puts the viewer in the request's context
// (account.FromContext). The public pages never run it: they stay the same
// for everyone, cached and cookie-free. No cookie is set until a form
// outcome starts a session (a login, a registration).
package session

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/alexedwards/scs/v2"

	"immo/internal/domain/account"
)

// CookieName is the session cookie's name.
const CookieName = "immo_session"

// Lifetime bounds a session from its login; IdleTimeout ends one unused
// that long.
const (
	Lifetime    = 30 * 24 * time.Hour
	IdleTimeout = 7 * 24 * time.Hour
)

// accountKey holds the logged-in account's ID in the session's data;
// sinceKey when it logged in or last changed its password (Unix
// nanoseconds): a session from before the account's last password change
// is over (account.Account.PasswordChanged).
const (
	accountKey = "account"
	sinceKey   = "since"
	// pendingKey holds the account whose password was right but whose
	// second factor is still to give (the inbox's staff): logged in once
	// the code is.
	pendingKey = "pending"
	pendingAt  = "pendingAt"
)

// AwaitFor is how long a second factor's code may follow the password: past
// it, the login starts again.
const AwaitFor = 5 * time.Minute

// Accounts finds a session's account.
type Accounts interface {
	ByID(ctx context.Context, id int64) (account.Account, error)
}

// Manager loads and changes sessions.
type Manager struct {
	sm       *scs.SessionManager
	accounts Accounts
	log      *slog.Logger
	now      func() time.Time
}

// Options configure a Manager.
type Options struct {
	Store    scs.CtxStore // the sessions' table (sqlstore.Sessions)
	Accounts Accounts
	// Secure marks the cookie for HTTPS only: set when the site's public
	// address is https.
	Secure bool
	// CookieName and Path give the cookie another name and scope: the
	// inbox's staff session is its own cookie on /admin/, so a browser may
	// be a registrant on the site and staff in the inbox. "": CookieName
	// and "/".
	CookieName, Path string
	Log              *slog.Logger
	Now              func() time.Time // nil: time.Now
}

// New returns a Manager.
func New(o Options) *Manager {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	sm := scs.New()
	sm.Store = o.Store
	sm.HashTokenInStore = true
	sm.Lifetime, sm.IdleTimeout = Lifetime, IdleTimeout
	sm.Cookie.Name = CookieName
	if o.CookieName != "" {
		sm.Cookie.Name = o.CookieName
	}
	if o.Path != "" {
		sm.Cookie.Path = o.Path
	}
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Secure = o.Secure
	sm.Cookie.Persist = true
	if o.Now == nil {
		o.Now = time.Now
	}
	m := &Manager{sm: sm, accounts: o.Accounts, log: o.Log, now: o.Now}
	sm.ErrorFunc = func(w http.ResponseWriter, r *http.Request, err error) {
		if r.Context().Err() != nil {
			// The client went away (a second click, a page left): nobody
			// reads the answer, and no error of ours to report.
			m.log.Debug("session: the request ended first", "url", r.URL.RequestURI(), "err", err)
			return
		}
		m.log.Error("session", "url", r.URL.RequestURI(), "err", err)
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
	}
	return m
}

// Viewer is the middleware of the routes that read the viewer: it loads
// the request's session and puts its account, when one is logged in and
// not disabled, in the context as the account.Viewer.
func (m *Manager) Viewer(next http.Handler) http.Handler {
	return m.sm.LoadAndSave(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		var v account.Viewer
		if id := m.sm.GetInt64(ctx, accountKey); id != 0 {
			a, err := m.accounts.ByID(ctx, id)
			switch {
			case errors.Is(err, account.ErrNotFound) || err == nil && a.Disabled ||
				err == nil && time.Unix(0, m.sm.GetInt64(ctx, sinceKey)).Before(a.PasswordChanged):
				// The account is gone or shut, or its password changed since
				// this session logged in: so is its session.
				if err := m.sm.Destroy(ctx); err != nil {
					m.log.Error("session: end a gone account's", "err", err)
				}
			case err != nil:
				m.sm.ErrorFunc(w, r, err)
				return
			default:
				v.Account = a
			}
		}
		next.ServeHTTP(w, r.WithContext(account.NewContext(ctx, v)))
	}))
}

// Start logs account in: a new token (never one the browser had before a
// login, so a planted cookie opens nothing) carrying the account.
func (m *Manager) Start(ctx context.Context, accountID int64) error {
	if err := m.sm.RenewToken(ctx); err != nil {
		return err
	}
	m.sm.Remove(ctx, pendingKey)
	m.sm.Remove(ctx, pendingAt)
	m.sm.Put(ctx, accountKey, accountID)
	m.sm.Put(ctx, sinceKey, m.now().UnixNano())
	return nil
}

// Renew gives the session a new token, its account kept, dated now: after
// a password change, this session goes on and the others are over.
func (m *Manager) Renew(ctx context.Context) error {
	if err := m.sm.RenewToken(ctx); err != nil {
		return err
	}
	m.sm.Put(ctx, sinceKey, m.now().UnixNano())
	return nil
}

// Await remembers, on a new token, that accountID gave its password and
// owes its second factor; nobody is logged in meanwhile.
func (m *Manager) Await(ctx context.Context, accountID int64) error {
	if err := m.sm.RenewToken(ctx); err != nil {
		return err
	}
	m.sm.Remove(ctx, accountKey)
	m.sm.Put(ctx, pendingKey, accountID)
	m.sm.Put(ctx, pendingAt, m.now().UnixNano())
	return nil
}

// Awaiting is the account Await remembered within AwaitFor (0: none).
func (m *Manager) Awaiting(ctx context.Context) int64 {
	id := m.sm.GetInt64(ctx, pendingKey)
	if id == 0 || m.now().Sub(time.Unix(0, m.sm.GetInt64(ctx, pendingAt))) > AwaitFor {
		return 0
	}
	return id
}

// Flash keeps value under key for the session's next Pop: what a page
// shows once after a redirect (a new feed's push token).
func (m *Manager) Flash(ctx context.Context, key, value string) { m.sm.Put(ctx, "flash:"+key, value) }

// Pop is what Flash kept under key, forgotten; "": none.
func (m *Manager) Pop(ctx context.Context, key string) string {
	return m.sm.PopString(ctx, "flash:"+key)
}

// End logs out: the session is deleted and the cookie expired.
func (m *Manager) End(ctx context.Context) error { return m.sm.Destroy(ctx) }
