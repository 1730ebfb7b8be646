package admin

import (
	"context"
	"html/template"
	"net/http"
	"slices"
	"strings"
	"sync"

	"immo/internal/domain/account"
	"immo/internal/domain/agency"
	"immo/internal/domain/i18n"
	"immo/internal/http/web/respond"
)

// langOf is the language the inbox speaks to r: the one its staff member
// chose (their account's: `immo staff add --lang`, the add form, their
// sign-in page), else the one of the browser's the product speaks that it
// prefers most, else the site's default (a browser in Spanish).
func (h *Handler) langOf(r *http.Request) string {
	if v := account.FromContext(r.Context()); v.InInbox() && slices.Contains(i18n.Languages, v.Account.Lang) {
		return v.Account.Lang
	}
	if l := i18n.Preferred(r.Header.Get("Accept-Language")); l != "" {
		return l
	}
	return h.defaultLang(r.Context())
}

// texts are each language's admin.* words and the forms' error messages
// (a password's), made once: the translations are embedded. Shared by
// every page, never changed.
var texts = sync.OnceValue(func() map[string]Texts { return wordsOf("admin.", "forms.error.") })

// wordsOf are each language's words whose keys start with one of prefixes.
func wordsOf(prefixes ...string) map[string]Texts {
	all := map[string]Texts{}
	for _, lang := range i18n.Languages {
		t := Texts{}
		for _, k := range i18n.Keys(lang) {
			if slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(k, p) }) {
				t[k] = i18n.T(lang, k)
			}
		}
		all[lang] = t
	}
	return all
}

// The inbox's addresses.
const (
	loginPath         = Prefix + "login/"
	passwordPath      = account.StaffPasswordPath
	codePath          = Prefix + "login/code/"
	logoutPath        = Prefix + "logout/"
	leadsPath         = Prefix + "leads/"
	exportPath        = Prefix + "leads.csv"
	eventsPath        = Prefix + "events"
	testimonialsPath  = Prefix + "testimonials/"
	mailsPath         = Prefix + "mails/"
	staffPath         = Prefix + "staff/"
	accountPath       = Prefix + "account/"
	ownersPath        = Prefix + "owners/"
	demandsPath       = Prefix + "demands/"
	demandsExportPath = Prefix + "demands.csv"
)

// section is one entry of the inbox's menu.
type section struct {
	href, label string // label: a translation key
	adminOnly   bool   // shown to admins only
	editorsOnly bool   // shown to who may edit the site (account.Viewer.CanEditSite)
	// operator: shown to the platform's operator (and staff unless
	// operatorOnly); every other section is staff's only.
	operator, operatorOnly bool
	// within are other pages of the section (the menu marks it on them).
	within []string
	// served says whether the inbox serves the section (its part wired); nil: always.
	served func(o Options) bool
}

// sections are the inbox's menu, in its order.
var sections = []section{
	{href: platformPath, label: "admin.nav.platform", operator: true, operatorOnly: true, served: func(o Options) bool { return o.Console != nil }},
	{href: leadsPath, label: "admin.nav.leads"},
	{href: ownersPath, label: "admin.nav.owners"},
	{href: demandsPath, label: "admin.nav.demands"},
	{href: agendaPath, label: "admin.nav.agenda"},
	{href: testimonialsPath, label: "admin.nav.testimonials"},
	{href: newsletterPath, label: "admin.nav.newsletter"},
	{href: mailsPath, label: "admin.nav.mails"},
	{href: abusePath, label: "admin.nav.abuse"},
	{href: sitePath, label: "admin.nav.site", editorsOnly: true, served: func(o Options) bool { return o.Site != nil }},
	{href: runsPath, label: "admin.nav.catalog", adminOnly: true, served: func(o Options) bool { return o.Runs != nil }},
	{href: staffPath, label: "admin.nav.staff", adminOnly: true, within: []string{accessPath}},
	{href: auditPath, label: "admin.nav.audit", adminOnly: true},
	{href: accountPath, label: "admin.nav.account", operator: true},
}

// base is what every page of r carries, for viewer v (none on the login).
func (h *Handler) base(r *http.Request, v account.Viewer) Base {
	lang := h.langOf(r)
	b := Base{Lang: lang, Texts: texts()[lang]}
	if !v.InInbox() {
		return b
	}
	a := v.Account
	b.Viewer = &Viewer{ID: a.ID, Name: a.Name(), Email: a.Email,
		Admin: v.IsAdmin(), Logout: logoutPath}
	if b.Viewer.Name == "" {
		b.Viewer.Name = a.Email
	}
	for _, s := range sections {
		if s.adminOnly && !v.IsAdmin() || s.editorsOnly && !v.CanEditSite() || s.served != nil && !s.served(h.o) ||
			v.IsOperator() && !s.operator || v.IsStaff() && s.operatorOnly {
			continue
		}
		current := strings.HasPrefix(r.URL.Path, s.href) || slices.ContainsFunc(s.within, func(p string) bool { return strings.HasPrefix(r.URL.Path, p) })
		b.Nav = append(b.Nav, NavLink{Href: s.href, Label: s.label, Current: current})
	}
	return b
}

// titled is a page whose title is its own, not its view's (a lead's: its
// kind and sender), so each tab says which it is.
type titled interface{ PageTitle() string }

// render answers a page of the inbox: private, never cached, never
// indexed, its title the page's own or its view's, then the inbox's name
// (the client's Shell writes the same when the router changes page).
func (h *Handler) render(w http.ResponseWriter, r *http.Request, props interface{ View() string }, b Base, status int) {
	own := b.Texts["admin.title."+props.View()]
	if p, ok := props.(titled); ok {
		own = p.PageTitle()
	}
	title := template.HTMLEscapeString(own + " · " + b.Texts["admin.brand"])
	h.rs.Render(w, r, respond.Page{View: props.View(), Props: props, Status: status, Lang: b.Lang, Private: true,
		Head: func() template.HTML {
			return template.HTML(`<title>` + title + `</title><meta name="robots" content="noindex, nofollow">`)
		}})
}

// fail answers the inbox's error page with status (403, 404; a 500 is
// logged first). It leads somewhere: to the leads (the menu's first
// section) for staff, to the login for anyone else.
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, status int, err error) {
	h.failFor(w, r, status, err, "")
}

// failFor is fail saying why (reason: a translation key; "": the status's
// words only).
func (h *Handler) failFor(w http.ResponseWriter, r *http.Request, status int, err error, reason string) {
	if status >= 500 {
		h.o.Log.Error("inbox", "url", r.URL.Path, "err", err)
	}
	v := account.FromContext(r.Context())
	b := h.base(r, v)
	p := ErrorProps{Base: b, Status: status, Reason: reason}
	if !v.InInbox() {
		p.Login = loginPath
	}
	h.render(w, r, p, b, status)
}

// langs are the languages of the request's agency's site (a staff
// member's mails may be written in them), else Options.Langs.
func (h *Handler) langs(ctx context.Context) []string {
	if a := agency.FromContext(ctx); a != nil && a.Site != nil {
		return a.Site.Languages.Enabled()
	}
	return h.o.Langs
}

// defaultLang is the request's agency's default language when the product
// speaks it, else Options.DefaultLang.
func (h *Handler) defaultLang(ctx context.Context) string {
	if a := agency.FromContext(ctx); a != nil && a.Site != nil && slices.Contains(i18n.Languages, a.Site.Languages.Default) {
		return a.Site.Languages.Default
	}
	return h.o.DefaultLang
}
