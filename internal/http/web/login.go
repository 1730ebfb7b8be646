package web

import (
	"context"
	"errors"
	"net/http"

	"immo/internal/domain/account"
	"immo/internal/domain/field"
	"immo/internal/http/web/route"
)

// The site's account pages are the same for every role, written once: a
// login (siteLogin: its role's messages and where it leads), the page a
// password link opens (linkPage), each a form handler on a route that
// reads the viewer. The roles differ by what they see (the owner's portal,
// the registrant's area), not by copies of these.

// accountPage begins the answer of a role's account page: pages
// (route.Resolver.OwnerPage, RegistrantPage) says which of them the
// address is, in which language; not one of the site's languages, the
// site's page answers. Then the request is checked and a post read
// (accountRequest). ok false: answered already.
func (h *Handler) accountPage(w http.ResponseWriter, r *http.Request,
	pages func(*route.Resolver, string) (lang, which string, ok bool)) (lang, which string, post FormPost, ok bool) {
	if lang, which, ok = pages(h.routes(r.Context()), r.URL.EscapedPath()); !ok {
		h.servePage(w, r)
		return "", "", post, false
	}
	post, ok = h.accountRequest(w, r, lang)
	return lang, which, post, ok
}

// siteLogin is a role's login form on the site.
type siteLogin struct {
	role   account.Role
	brakes LoginBrakes
	logins Logins
	// failed and locked are the role's messages of a wrong address or
	// password and of a brake (KeyUnconfirmed is every role's).
	failed, locked string
	// home is where the login leads: the role's own page.
	home func(ctx context.Context, lang string) string
}

// serveLogin answers l's login page in lang: for someone logged in in l's
// role already, on to its home; else its form (page, with the notice done
// names, if any), whose post logs in (l.submit).
func (h *Handler) serveLogin(w http.ResponseWriter, r *http.Request, lang string, post FormPost, l siteLogin,
	page func(done string) route.Result) {
	home := l.home(r.Context(), lang)
	render := func(res route.Result, errs field.Errors, status int) { h.renderAccount(w, r, post, res, errs, status) }
	if r.Method != http.MethodPost {
		if account.FromContext(r.Context()).Is(l.role) {
			h.rs.Redirect(w, r, home, http.StatusFound)
			return
		}
		render(page(r.URL.Query().Get("done")), nil, 0)
		return
	}
	post.Form = string(l.role) + "-login"
	h.answer(w, r, FormHandlerFunc(l.submit(h)), post, home, func(errs field.Errors, status int) {
		render(page(""), errs, status)
	})
}

// submit is the login form's handler: the brakes, then the address and
// password; a good one starts the session, marks the browser a device of
// the account and leads to the role's home.
func (l siteLogin) submit(h *Handler) FormHandlerFunc {
	return func(ctx context.Context, p FormPost) (Outcome, error) {
		role := l.role
		at, err := l.brakes.Try(ctx, role, p.Value(fieldEmail), p.IP, p.cookie(deviceCookieName(role)),
			func(ctx context.Context, email string) (account.Account, error) {
				return l.logins.Login(ctx, role, email, p.Value(fieldPassword))
			})
		switch at.Refused {
		case LoginLocked:
			h.log.Warn("login over a limit", "role", role, "limit", at.Limit)
			return Refused(field.Errors{formField: l.locked}), err
		case LoginFailed:
			return Refused(field.Errors{formField: l.failed}), err
		case LoginUnconfirmed:
			return Refused(field.Errors{formField: KeyUnconfirmed}), err
		}
		if err != nil {
			return Outcome{}, err
		}
		a := at.Account
		return Outcome{Session: SessionStart, Account: a.ID, Role: role, Next: l.home(ctx, p.Lang),
			Cookie: l.brakes.DeviceCookie(role, a.Email)}, nil
	}
}

// PasswordLinks follow the password links of one kind (account.Links):
// the account a link opens, and the password it sets.
type PasswordLinks interface {
	Link(ctx context.Context, token string) (account.Account, error)
	SetPassword(ctx context.Context, token, password, confirm string) (account.Account, field.Errors, error)
}

// linkPage is a page a mailed link opens, its token in the address
// (?token=…) and posted back with its form.
type linkPage struct {
	name string // for the log
	form string // FormPost.Form
	// open is the account the link opens (account.ErrUnknownToken when
	// it is unknown, used or expired).
	open func(ctx context.Context, token string) (account.Account, error)
	// page is the page in its state: "form" (a the link's account),
	// "unknown" (no token, no account) or "failed" (our fault, no
	// account).
	page   func(state, token string, a account.Account) route.Result
	submit FormHandlerFunc
	next   string // where a post leads unless its outcome says
}

// serveLink answers l: the link unknown, used or expired, the page saying
// so; else its form, whose post l.submit answers.
func (h *Handler) serveLink(w http.ResponseWriter, r *http.Request, post FormPost, l linkPage) {
	render := func(res route.Result, errs field.Errors, status int) { h.renderAccount(w, r, post, res, errs, status) }
	token := r.URL.Query().Get(tokenField)
	if r.Method == http.MethodPost {
		token = post.Value(tokenField)
	}
	a, err := l.open(r.Context(), token)
	switch {
	case errors.Is(err, account.ErrUnknownToken):
		render(l.page("unknown", "", account.Account{}), nil, 0)
		return
	case err != nil:
		h.log.Error(l.name, "err", err)
		render(l.page("failed", token, account.Account{}), nil, 0)
		return
	}
	if r.Method != http.MethodPost {
		render(l.page("form", token, a), nil, 0)
		return
	}
	post.Form = l.form
	h.answer(w, r, l.submit, post, l.next, func(errs field.Errors, status int) {
		render(l.page("form", token, a), errs, status)
	})
}

// linkUsed is the outcome of a post that used a link: its account's
// session started (in role), on to next ("": the answer's default); the
// password's problems; the link used meanwhile (another tab), unknown (the
// role's message).
func linkUsed(a account.Account, errs field.Errors, err error, role account.Role, unknown, next string) (Outcome, error) {
	switch {
	case errors.Is(err, account.ErrUnknownToken):
		return Refused(field.Errors{formField: unknown}), nil
	case err != nil:
		return Outcome{}, err
	case len(errs) > 0:
		return Refused(errs), nil
	}
	return Outcome{Session: SessionStart, Account: a.ID, Role: role, Next: next}, nil
}

// setPassword is the form handler of links' page choosing a password.
func setPassword(links PasswordLinks, role account.Role, unknown string, next func(ctx context.Context, lang string) string) FormHandlerFunc {
	return func(ctx context.Context, p FormPost) (Outcome, error) {
		a, errs, err := links.SetPassword(ctx, p.Value(tokenField), p.Value(fieldPassword), p.Value(fieldPasswordConfirm))
		to := ""
		if next != nil {
			to = next(ctx, p.Lang)
		}
		return linkUsed(a, errs, err, role, unknown, to)
	}
}
