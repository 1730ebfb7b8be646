package admin

import (
	"context"
	"errors"
	"net/http"

	"immo/internal/domain/account"
	"immo/internal/http/web"
)

// The login's messages (admin.json).
const (
	keyLoginFailed = "admin.login.failed"  // wrong address or password
	keyLocked      = "admin.login.locked"  // too many failures lately
	keyFailure     = "admin.error.failure" // our fault: try again
)

// serveLogin answers the login's first step: the address and password. A
// staff member logged in already goes to the page asked (?next=, a page
// of the inbox: nextPage), else the leads. A good password starts the
// session and leads there, or, when the account has a second factor,
// waits for its code (serveCode, carrying next) with nobody logged in
// meanwhile.
func (h *Handler) serveLogin(w http.ResponseWriter, r *http.Request) {
	v := account.FromContext(r.Context())
	b := h.base(r, account.Viewer{})
	next := nextPage(r.URL.Query())
	props := LoginProps{Base: b, Step: "password", Action: withNext(loginPath, next)}
	values, posted, ok := formPage(w, r)
	switch {
	case !ok:
		return
	case !posted && v.InInbox():
		h.rs.Redirect(w, r, next, http.StatusFound)
		return
	case !posted:
		h.render(w, r, props, b, 0)
		return
	}
	refuse := func(field, key string, status int) {
		props.Errors, props.Form = map[string]string{field: key}, typed(values, "login")
		h.render(w, r, props, b, status)
	}
	ctx := r.Context()
	brakes := h.o.Brakes
	if brakes == nil {
		brakes = web.LoginBrakes{} // none
	}
	var codeNext bool
	at, err := brakes.Try(ctx, account.Staff, values["email"], web.RemoteIP(r), web.DeviceOf(r, account.Staff),
		func(ctx context.Context, email string) (a account.Account, err error) {
			a, codeNext, err = h.o.SignIn.Password(ctx, email, values["password"])
			return a, err
		})
	switch {
	case at.Refused == web.LoginLocked:
		h.o.Log.Warn("inbox login over a limit", "limit", at.Limit)
		refuse("form", keyLocked, http.StatusTooManyRequests)
		return
	case at.Refused == web.LoginFailed:
		if err != nil {
			h.o.Log.Error("inbox login: brakes", "err", err)
		}
		refuse("form", keyLoginFailed, http.StatusUnprocessableEntity)
		return
	case err != nil || at.Refused != "":
		h.o.Log.Error("inbox login", "err", err, "refused", at.Refused)
		refuse("form", keyFailure, http.StatusInternalServerError)
		return
	}
	a := at.Account
	to, start := next, h.o.Sessions.Start
	if codeNext {
		to, start = withNext(codePath, next), h.o.Sessions.Await
	}
	if err := start(ctx, a.ID); err != nil {
		h.o.Log.Error("inbox login: session", "err", err)
		refuse("form", keyFailure, http.StatusInternalServerError)
		return
	}
	// The password was right: this browser is the member's device.
	if c := brakes.DeviceCookie(account.Staff, a.Email); c != nil {
		http.SetCookie(w, c)
	}
	h.rs.Redirect(w, r, to, http.StatusSeeOther)
}

// serveCode answers the login's second step: a code of the second factor
// of the account whose password was right in this session; a good one
// leads to the page the login was asked for (?next=). Without one
// waiting, the login's first step.
func (h *Handler) serveCode(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	next := nextPage(r.URL.Query())
	id := h.o.Sessions.Awaiting(ctx)
	if id == 0 || account.FromContext(ctx).InInbox() {
		h.rs.Redirect(w, r, withNext(loginPath, next), http.StatusSeeOther)
		return
	}
	b := h.base(r, account.Viewer{})
	props := LoginProps{Base: b, Step: "code", Action: withNext(codePath, next)}
	values, posted, ok := formPage(w, r)
	if !ok {
		return
	}
	if !posted {
		h.render(w, r, props, b, 0)
		return
	}
	refuse := func(problems map[string]string, status int) {
		props.Errors, props.Form = problems, typed(values, "code")
		h.render(w, r, props, b, status)
	}
	a, err := h.o.SignIn.Code(ctx, id, values["code"])
	if errors.Is(err, account.ErrLogin) { // disabled meanwhile: start again
		if err := h.o.Sessions.End(ctx); err != nil {
			h.o.Log.Error("inbox login: session", "err", err)
		}
		h.rs.Redirect(w, r, withNext(loginPath, next), http.StatusSeeOther)
		return
	}
	if err != nil {
		if brakes := h.o.Brakes; brakes != nil {
			switch {
			case errors.Is(err, account.ErrCodeBraked):
				brakes.Refuse(account.Staff, web.LoginLocked)
			case errors.Is(err, account.ErrCode):
				brakes.Refuse(account.Staff, web.LoginCode)
			}
		}
		// The domain's refusal on its field (account.ErrCode; ErrCodeBraked: 429).
		status, problems, ok := refusal(err)
		if !ok {
			h.o.Log.Error("inbox login: code", "err", err)
			status, problems = http.StatusInternalServerError, map[string]string{"form": keyFailure}
		}
		refuse(problems, status)
		return
	}
	if err := h.o.Sessions.Start(ctx, a.ID); err != nil {
		h.o.Log.Error("inbox login: session", "err", err)
		refuse(map[string]string{"form": keyFailure}, http.StatusInternalServerError)
		return
	}
	h.rs.Redirect(w, r, next, http.StatusSeeOther)
}

// serveLogout ends the session (a post from the inbox's own pages only).
func (h *Handler) serveLogout(w http.ResponseWriter, r *http.Request) {
	if _, _, _, status := readForm(w, r, nil); status != 0 {
		http.Error(w, http.StatusText(status), status)
		return
	}
	if err := h.o.Sessions.End(r.Context()); err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	h.rs.Redirect(w, r, loginPath, http.StatusSeeOther)
}
