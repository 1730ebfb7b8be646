package web

import (
	"context"
	"net/http"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/catalog"
	"immo/internal/domain/field"
	"immo/internal/domain/portal"
	"immo/internal/http/web/route"
)

// OwnerPages are what the owners' pages need (owner.go): the login, the
// page a password link opens, the portal's overview. Without Login they
// are not served.
type OwnerPages struct {
	// Login checks an address and a password (account.Service).
	Login Logins
	// Links follows the owners' password links (account.Links of
	// account.OwnerInviteLink).
	Links PasswordLinks
	// Portal is the portal's figures of an owner's properties, every read
	// scoped by the owner (portal.Service on sqlstore.Portal); nil: the
	// portal lists no property.
	Portal interface {
		Overview(ctx context.Context, owner int64) ([]portal.Property, error)
	}
	// WeeklyReport turns an owner's Monday report on or off (the portal's
	// switch; the report's mail turns it off in one click too).
	WeeklyReport func(ctx context.Context, accountID int64, on bool) error
	Now          func() time.Time // nil: time.Now
	// The login's brakes.
	LoginBrakes
}

// The owners' forms' fields.
const (
	fieldEmail           = "email"
	fieldPassword        = "password"
	fieldPasswordConfirm = "passwordConfirm"
)

// The owners' forms' own messages (account.json, sent in the pages' props
// with their other words): SPEC §8's owner login message, and the lock.
const (
	KeyOwnerLogin  = "account.error.login"
	KeyLoginLocked = "account.error.locked"
	keyLinkUsed    = "account.password.unknown"
)

// The owners' forms, as FormPost.Form names them.
const (
	formPassword = "owner-password"
	formLogout   = "owner-logout"
)

// ServeOwners adds the owners' pages (serveOwner) to the handler, each on a
// route that reads the viewer; their answers are kept by no cache and sent
// on as no referrer (a password link's token is in its address). It needs
// the handler's Sessions; call it before serving.
func (h *Handler) ServeOwners(o OwnerPages) {
	if o.Login == nil || o.Links == nil || h.sessions == nil {
		return
	}
	h.owners = o
	for _, slug := range []string{route.LoginSlug, route.PasswordSlug, route.OwnerSlug} {
		h.mux.Handle("/{lang}/"+slug+"/{$}", h.tokenPage(h.viewerPage(h.serveOwner)))
	}
}

// serveOwner answers the owners' pages, each on a route that reads the
// viewer (viewerPage), every answer private:
//
//   - /{lang}/login/: the login form; a good address and password start a
//     session (a new token) and lead to the portal; anything else says
//     KeyOwnerLogin, the same for an unknown address after the same
//     work; past the brakes (LoginLimits) KeyLoginLocked.
//   - /{lang}/password/?token=…: the form choosing a password; the link
//     unknown, used or expired is a 404 page saying so. A good post sets
//     the password, spends the link, starts a session and leads to the
//     portal.
//   - /{lang}/owner/: the portal's overview, the viewer's properties and
//     their visits; anyone but a logged-in owner is sent to the login. Its
//     logout button posts here: the session ends, on to the home page.
func (h *Handler) serveOwner(w http.ResponseWriter, r *http.Request) {
	lang, which, post, ok := h.accountPage(w, r, (*route.Resolver).OwnerPage)
	if !ok {
		return
	}
	render := func(res route.Result, errs field.Errors, status int) { h.renderAccount(w, r, post, res, errs, status) }
	viewer := account.FromContext(r.Context())
	portal := h.routes(r.Context()).OwnerURL(lang)
	switch which {
	case route.LoginSlug:
		h.serveLogin(w, r, lang, post, h.ownerLogin(), func(done string) route.Result {
			res := h.routes(r.Context()).Login(lang)
			if done == "logged-out" { // a logout lands here, and says so
				res.Props.(*route.AccountProps).Notice = "account.portal.loggedOut"
			}
			return res
		})
	case route.PasswordSlug:
		h.serveLink(w, r, post, linkPage{name: "password link", form: formPassword, open: h.owners.Links.Link,
			page: func(state, token string, a account.Account) route.Result {
				return h.routes(r.Context()).Password(lang, state, token, a.Email)
			},
			submit: setPassword(h.owners.Links, account.Owner, keyLinkUsed, h.ownerHome), next: portal})
	default: // the portal
		if !viewer.Is(account.Owner) {
			h.rs.Redirect(w, r, h.routes(r.Context()).LoginURL(lang), http.StatusSeeOther)
			return
		}
		res, err := h.portal(r.Context(), lang, viewer.Account, portalNotices[r.URL.Query().Get("done")])
		if err != nil {
			h.log.Error("owner portal", "err", err)
			http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
			return
		}
		if r.Method != http.MethodPost {
			if props, ok := res.Props.(*route.AccountProps); ok {
				ids := make([]int64, len(props.Properties))
				for i, p := range props.Properties {
					ids[i] = p.ID
				}
				h.owners.LoginBrakes.tellOwns(w, ids)
			}
			render(res, nil, 0)
			return
		}
		post.Form = formLogout
		h.answer(w, r, FormHandlerFunc(func(ctx context.Context, p FormPost) (Outcome, error) {
			return h.portalPost(ctx, viewer.Account, p)
		}), post, "/"+lang+"/", func(errs field.Errors, status int) { render(res, errs, status) })
	}
}

// ownerLogin is the owners' login: SPEC §8's owner message, on to the
// portal.
func (h *Handler) ownerLogin() siteLogin {
	o := h.owners
	return siteLogin{role: account.Owner, brakes: o.LoginBrakes, logins: o.Login, failed: KeyOwnerLogin, locked: KeyLoginLocked,
		home: h.ownerHome}
}

// ownerHome is the owners' portal in lang.
func (h *Handler) ownerHome(ctx context.Context, lang string) string {
	return h.routes(ctx).OwnerURL(lang)
}

// The portal's notices, as its address says them (?done=…).
var portalNotices = map[string]string{"report-on": "account.portal.reportOn", "report-off": "account.portal.reportOff"}

// portalPost is one of the portal's two forms: the weekly report's switch
// (report=on|off), or the logout.
func (h *Handler) portalPost(ctx context.Context, a account.Account, p FormPost) (Outcome, error) {
	switch report := p.Value("report"); report {
	case "on", "off":
		if h.owners.WeeklyReport == nil {
			return Refused(field.Errors{formField: field.KeyChoice}), nil
		}
		if err := h.owners.WeeklyReport(ctx, a.ID, report == "on"); err != nil {
			return Outcome{}, err
		}
		return Outcome{Next: h.routes(ctx).OwnerURL(p.Lang) + "?done=report-" + report}, nil
	}
	return Outcome{Session: SessionEnd, Next: h.routes(ctx).LoginURL(p.Lang) + "?done=logged-out"}, nil
}

// portal is the overview of owner a: their properties (only theirs: the
// session's account scopes every read), each with its page's visits and
// their sources, the matching demands and the requests about it. The page
// holds no property ID that a post or an address could change: it is the
// viewer's, whole.
func (h *Handler) portal(ctx context.Context, lang string, a account.Account, notice string) (route.Result, error) {
	var props []portal.Property
	if h.owners.Portal != nil {
		var err error
		if props, err = h.owners.Portal.Overview(ctx, a.ID); err != nil {
			return route.Result{}, err
		}
	}
	owned := make([]route.OwnedProperty, 0, len(props))
	for _, p := range props {
		o := route.OwnedProperty{ID: p.ID, Today: p.Stats.Today, Week: p.Stats.Week, Month: p.Stats.Month, Total: p.Stats.Total,
			Requests: p.Requests}
		o.Last30 = make([]route.DayVisits, len(p.Stats.Last30))
		for i, d := range p.Stats.Last30 {
			o.Last30[i] = route.DayVisits{Day: string(d.Day), Count: d.Count}
		}
		o.Sources = make([]route.SourceVisits, len(p.Sources))
		for i, sc := range p.Sources {
			o.Sources[i] = route.SourceVisits{Source: string(sc.Source), Count: sc.Count}
		}
		if p.Listed {
			goal := "sale"
			if p.Goal != catalog.GoalSale {
				goal = "rent"
			}
			d := p.Demands
			o.Demands = &route.DemandTally{Goal: goal, Searching: d.Searching, Matching: d.Matching, Budget: d.Budget, Zone: d.Zone,
				Type: d.Type, Rooms: d.Rooms}
		}
		o.History = make([]route.HistoryRow, len(p.History))
		for i, r := range p.History {
			row := route.HistoryRow{Time: r.Time.UTC().Format(time.RFC3339), Date: route.DateTime(r.Time, lang), Kind: string(r.Kind),
				Contact: r.Contact, Comment: r.Comment, Status: string(r.Status)}
			if !r.Visit.IsZero() {
				row.Visit, row.VisitDate = r.Visit.UTC().Format(time.RFC3339), route.DateTime(r.Visit, lang)
			}
			o.History[i] = row
		}
		owned = append(owned, o)
	}
	name := a.Name()
	if name == "" {
		name = a.Email
	}
	return h.routes(ctx).OwnerPortal(lang, name, owned, a.WeeklyReport, notice), nil
}
