package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"immo/internal/domain/account"
	"immo/internal/domain/antispam"
	"immo/internal/domain/demand"
	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/domain/registrant"
	"immo/internal/domain/spam"
	"immo/internal/http/web/route"
)

// RegistrantPages are what the registrants' pages need (registrant.go):
// the login, the forgotten password and its link, the demand's
// confirmation link, the area. Without Service they are not served.
type RegistrantPages struct {
	Service *registrant.Service
	// Forgot asks for the links of an address's forgotten passwords, one
	// per account (a registrant's, an owner's), mailed in the background:
	// the same work whether the address has an account or not.
	Forgot func(ctx context.Context, email string) error
	Login  Logins
	// The login's brakes, and the forgotten password's (per sender; per
	// address, the account mails' own budget), whose counters
	// LoginBrakes.IP keys too (none without it).
	LoginBrakes
	ForgotPerSender, ForgotPerAddress spam.Limit
}

// The registrants' forms, as FormPost.Form names them.
const (
	formForgot  = "forgot-password"
	formReset   = "reset-password"
	formConfirm = "confirm-demand"
	formArea    = "registrant-area"
)

// The area's actions (its forms' "action" field) and its notices.
const (
	actionEdit, actionPause, actionResume, actionDelete = "edit", "pause", "resume", "delete"
	actionAdd, keyTooManyDemands                        = "add", "registrant.error.tooMany"
	actionDetails, actionPassword, actionDeleteAccount  = "details", "password", "delete-account"
	actionLogout                                        = "logout"
	noticeSaved, noticeDeleted                          = "registrant.notice.saved", "registrant.notice.deleted"
	noticePassword, noticeConfirmed                     = "registrant.notice.password", "registrant.notice.confirmed"
	keyLoginLocked                                      = "registrant.error.locked"
)

// notices are the area's notices as its address says them (?done=…).
var notices = map[string]string{"saved": noticeSaved, "deleted": noticeDeleted, "password": noticePassword,
	"confirmed": noticeConfirmed, "account-deleted": "registrant.notice.accountDeleted", "logged-out": "registrant.notice.loggedOut", "added": "registrant.notice.added"}

// ServeRegistrants adds the registrants' pages (serveRegistrant) to the
// handler on routes that read the viewer; their answers are kept by no
// cache and sent on with no referrer (a link's token is in its address).
// It needs the handler's Sessions; call it before serving.
func (h *Handler) ServeRegistrants(p RegistrantPages) {
	if p.Service == nil || p.Login == nil || p.Forgot == nil || h.sessions == nil {
		return
	}
	h.registrants = p
	h.mux.Handle("/{lang}/"+route.RegistrantSlug+"/{$}", h.tokenPage(h.viewerPage(h.serveRegistrant)))
	h.mux.Handle("/{lang}/"+route.RegistrantSlug+"/{page}/{$}", h.tokenPage(h.viewerPage(h.serveRegistrant)))
}

// serveRegistrant answers the registrants' pages, every answer private:
//
//   - login/: the login; a good address and password start a session and
//     lead to the area; anything else says field.KeyLogin ("Invalid email
//     or password"), past the brakes keyLoginLocked.
//   - forgot-password/: asks for an address; its post mails a reset link
//     when the address has an account and answers the same either way
//     (303 to ?sent).
//   - reset-password/?token=…: the new password; the link unknown, used or
//     expired is a 404 page saying so. A good post sets the password (the
//     other sessions end), spends the link, starts a session.
//   - confirm/?token=…: a button confirming the link's demand (a mail
//     scanner following the link confirms nothing); its post confirms,
//     spends the link and starts a session.
//   - the area: the viewer's demands, alerts, details and account, each
//     change a form posting here; anyone but a logged-in registrant is
//     sent to the login.
//   - export/: the viewer's data as a JSON download.
func (h *Handler) serveRegistrant(w http.ResponseWriter, r *http.Request) {
	lang, which, post, ok := h.accountPage(w, r, (*route.Resolver).RegistrantPage)
	if !ok {
		return
	}
	render := func(res route.Result, errs field.Errors, status int) { h.renderAccount(w, r, post, res, errs, status) }
	viewer := account.FromContext(r.Context())
	area := h.routes(r.Context()).RegistrantURL(route.RegistrantArea, lang)
	reg := h.registrants.Service
	switch which {
	case route.RegistrantLogin:
		h.serveLogin(w, r, lang, post, h.registrantLogin(), func(done string) route.Result {
			return h.routes(r.Context()).RegistrantLoginPage(lang, notices[done])
		})
	case route.RegistrantForgot:
		state := ""
		if r.URL.Query().Has("sent") {
			state = "sent"
		}
		if r.Method != http.MethodPost {
			render(h.routes(r.Context()).ForgotPage(lang, state), nil, 0)
			return
		}
		post.Form = formForgot
		h.answer(w, r, FormHandlerFunc(h.forgot), post, h.routes(r.Context()).ForgotPasswordURL(lang)+"?sent", func(errs field.Errors, status int) {
			render(h.routes(r.Context()).ForgotPage(lang, ""), errs, status)
		})
	case route.RegistrantReset:
		resets := reg.Resets()
		h.serveLink(w, r, post, linkPage{name: "registrant link", form: formReset, open: resets.Link, page: h.registrantLink(r.Context(), lang, "reset"),
			submit: setPassword(resets, account.Registrant, keyRegistrantLinkUnknown, nil), next: area + "?done=password"})
	case route.RegistrantConfirm:
		h.serveLink(w, r, post, linkPage{name: "registrant link", form: formConfirm,
			open: func(ctx context.Context, token string) (account.Account, error) {
				a, _, err := reg.Confirmation(ctx, token)
				return a, err
			},
			page: h.registrantLink(r.Context(), lang, "confirm"), submit: h.confirmDemand, next: area + "?done=confirmed"})
	case route.RegistrantExport:
		if !viewer.Is(account.Registrant) || r.Method == http.MethodPost {
			h.rs.Redirect(w, r, h.routes(r.Context()).RegistrantURL(route.RegistrantLogin, lang), http.StatusSeeOther)
			return
		}
		x, err := reg.Export(r.Context(), viewer.Account)
		if err != nil {
			h.log.Error("registrant export", "err", err)
			render(h.routes(r.Context()).RegistrantFailed(lang), nil, 0)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Content-Disposition", `attachment; filename="my-data.json"`)
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		_ = enc.Encode(x)
	default: // the area
		if !viewer.Is(account.Registrant) {
			h.rs.Redirect(w, r, h.routes(r.Context()).RegistrantURL(route.RegistrantLogin, lang), http.StatusSeeOther)
			return
		}
		page := func() (route.Result, error) {
			return h.registrantArea(r.Context(), lang, viewer.Account, notices[r.URL.Query().Get("done")])
		}
		if r.Method != http.MethodPost {
			res, err := page()
			if err != nil {
				h.log.Error("registrant area", "err", err)
				render(h.routes(r.Context()).RegistrantFailed(lang), nil, 0)
				return
			}
			render(res, nil, 0)
			return
		}
		post.Form = formArea
		h.answer(w, r, FormHandlerFunc(func(ctx context.Context, p FormPost) (Outcome, error) {
			return h.areaPost(ctx, viewer.Account, p)
		}), post, area, func(errs field.Errors, status int) {
			res, err := page()
			if err != nil {
				h.log.Error("registrant area", "err", err)
				render(h.routes(r.Context()).RegistrantFailed(lang), nil, 0)
				return
			}
			render(res, errs, status)
		})
	}
}

// registrantLogin is the registrants' login: "Invalid email or password"
// (field.KeyLogin), on to the area.
func (h *Handler) registrantLogin() siteLogin {
	rp := h.registrants
	return siteLogin{role: account.Registrant, brakes: rp.LoginBrakes, logins: rp.Login, failed: field.KeyLogin, locked: keyLoginLocked,
		home: func(ctx context.Context, lang string) string {
			return h.routes(ctx).RegistrantURL(route.RegistrantArea, lang)
		}}
}

// registrantLink is the page in lang of a registrant's link, which names
// (reset, confirm), in a state of linkPage.page: the form asks a password
// of an account never confirmed.
func (h *Handler) registrantLink(ctx context.Context, lang, which string) func(state, token string, a account.Account) route.Result {
	return func(state, token string, a account.Account) route.Result {
		return h.routes(ctx).LinkPage(lang, which, state, token, a.Email, a.ID != 0 && a.Confirmed.IsZero())
	}
}

// ForgotArea is where the forgotten password's attempts are counted
// (antispam.Attempt.Area).
const ForgotArea = "forgot"

// forgot is the forgotten password's handler: a valid address, the
// brakes, then the link mailed when the address has an account.
func (h *Handler) forgot(ctx context.Context, p FormPost) (Outcome, error) {
	email := strings.TrimSpace(p.Value(fieldEmail))
	e := field.Errors{}
	if e.Email(fieldEmail, email, true); len(e) > 0 {
		return Refused(e), nil
	}
	if rp := h.registrants; rp.IP != nil {
		if ok, err := rp.ForgotPerSender.Allow(ctx, antispam.Attempt{Key: rp.ForgotPerSender.Key(rp.IP.Hash(p.IP)),
			Who: p.IP, Area: ForgotArea}); err != nil || !ok {
			return Refused(field.Errors{formField: rp.ForgotPerSender.TooMany()}), err
		}
		if rp.ForgotPerAddress.Limiter != nil {
			ok, err := rp.ForgotPerAddress.Allow(ctx, antispam.Attempt{Key: rp.ForgotPerAddress.Key(rp.IP.Hash("forgot-to:" + lead.AddressKey(email))),
				Who: email, Area: ForgotArea})
			if err != nil {
				return Outcome{}, err
			}
			if !ok { // answered as if mailed: the address learns nothing more today
				h.log.Warn("forgotten password: the address got as many mails as it may today")
				return Outcome{}, nil
			}
		}
	}
	return Outcome{}, h.registrants.Forgot(ctx, email)
}

// keyRegistrantLinkUnknown refuses a registrant's link used meanwhile.
const keyRegistrantLinkUnknown = "registrant.link.unknown"

// confirmDemand is the confirmation link's form handler.
func (h *Handler) confirmDemand(ctx context.Context, p FormPost) (Outcome, error) {
	a, _, errs, err := h.registrants.Service.Confirm(ctx, p.Value(tokenField), p.Value(fieldPassword), p.Value(fieldPasswordConfirm))
	return linkUsed(a, errs, err, account.Registrant, keyRegistrantLinkUnknown, "")
}

// areaPost is one of the area's forms: its action field says which.
func (h *Handler) areaPost(ctx context.Context, a account.Account, p FormPost) (Outcome, error) {
	reg := h.registrants.Service
	area := h.routes(ctx).RegistrantURL(route.RegistrantArea, p.Lang)
	done := func(notice string) (Outcome, error) { return Outcome{Next: area + "?done=" + notice}, nil }
	id, _ := strconv.ParseInt(p.Value("demand"), 10, 64)
	switch action := p.Value("action"); action {
	case actionEdit:
		d, errs := reg.CheckSearch(ctx, lead.DecodeValues(lead.KindDemandRegister, p.Lang, p.Page, p.Values).Fields)
		if len(errs) > 0 {
			return Refused(errs), nil
		}
		d.ID = id
		if err := reg.Store.UpdateDemand(ctx, a.ID, d); err != nil {
			return notFoundIsRefused(err)
		}
		return done("saved")
	case actionAdd:
		d, errs := reg.CheckSearch(ctx, lead.DecodeValues(lead.KindDemandRegister, p.Lang, p.Page, p.Values).Fields)
		if len(errs) > 0 {
			return Refused(errs), nil
		}
		if err := reg.AddSearch(ctx, a, d); errors.Is(err, registrant.ErrTooMany) {
			return Refused(field.Errors{formField: keyTooManyDemands}), nil
		} else if err != nil {
			return Outcome{}, err
		}
		return done("added")
	case actionPause, actionResume:
		if err := reg.Store.Pause(ctx, a.ID, id, action == actionPause); err != nil {
			return notFoundIsRefused(err)
		}
		return done("saved")
	case actionDelete:
		if err := reg.Store.DeleteDemand(ctx, a.ID, id); err != nil {
			return notFoundIsRefused(err)
		}
		return done("deleted")
	case actionDetails:
		d := registrant.Details{FirstName: strings.TrimSpace(p.Value("firstName")), LastName: strings.TrimSpace(p.Value("lastName")),
			Lang: p.Value("lang"), AlertFrequency: account.Frequency(p.Value("alertFrequency"))}
		if e := d.Validate(h.routes(ctx).Site.Languages.Enabled()); len(e) > 0 {
			return Refused(e), nil
		}
		if err := reg.Store.SetDetails(ctx, a.ID, d); err != nil {
			return Outcome{}, err
		}
		return done("saved")
	case actionPassword:
		errs, err := reg.ChangePassword(ctx, a, p.Value("current"), p.Value(fieldPassword), p.Value(fieldPasswordConfirm))
		if err != nil || len(errs) > 0 {
			return Refused(errs), err
		}
		// This session goes on with a new token; the others are over.
		return Outcome{Session: SessionRenew, Next: area + "?done=password"}, nil
	case actionDeleteAccount:
		if err := reg.DeleteAccount(ctx, a); err != nil && !errors.Is(err, account.ErrNotFound) {
			return Outcome{}, err
		}
		return Outcome{Session: SessionEnd, Next: h.routes(ctx).RegistrantURL(route.RegistrantLogin, p.Lang) + "?done=account-deleted"}, nil
	case actionLogout:
		return Outcome{Session: SessionEnd, Next: h.routes(ctx).RegistrantURL(route.RegistrantLogin, p.Lang) + "?done=logged-out"}, nil
	}
	return Refused(field.Errors{formField: field.KeyChoice}), nil
}

// registrantArea is the area of registrant a: their account and demands.
func (h *Handler) registrantArea(ctx context.Context, lang string, a account.Account, notice string) (route.Result, error) {
	reg := h.registrants.Service
	ds, err := reg.Store.Demands(ctx, a.ID)
	if err != nil {
		return route.Result{}, err
	}
	alerted, err := reg.Store.Alerted(ctx, a.ID)
	if err != nil {
		return route.Result{}, err
	}
	out := make([]route.RegistrantDemand, 0, len(ds))
	for _, d := range ds {
		out = append(out, route.RegistrantDemand{ID: d.ID, Values: reg.SearchFields(ctx, d), Summary: h.routes(ctx).DemandSummary(d, lang),
			Confirmed: !d.Confirmed.IsZero(), Paused: d.Paused, Alerts: len(alerted[d.ID]), Created: route.Date(d.Created, lang)})
	}
	acc := route.RegistrantAccount{Email: a.Email, FirstName: a.FirstName, LastName: a.LastName, Lang: a.Lang,
		AlertFrequency: string(a.AlertFrequency.OrInstant())}
	return h.routes(ctx).RegistrantAreaPage(lang, acc, out, notice), nil
}

// keyDemandGone refuses a change of a demand the viewer does not have.
const keyDemandGone = "registrant.error.gone"

// notFoundIsRefused: a demand that is not the viewer's (gone meanwhile,
// or another's id typed in) is refused as gone.
func notFoundIsRefused(err error) (Outcome, error) {
	if errors.Is(err, demand.ErrNotFound) {
		return Refused(field.Errors{formField: keyDemandGone}), nil
	}
	return Outcome{}, err
}
