// Package admin is the agency's inbox at the HTTP edge: the pages under
// /admin/ where the staff work the requests the site receives. It is the
// second entry of the page protocol (package respond): its own view
// registry (views.Admin), its own client bundle (web/src/admin), rendered
// in the browser — the pages are private, never cached, read by a handful
// of people, and rendering them in QuickJS would take render slots from the
// visitors (docs/ARCHITECTURE.md, "The agency's inbox").
//
// Every route but the login reads the staff session (its own cookie, on
// /admin/ only) and refuses anyone who is not staff; what only an admin
// may do the domain refuses too (account.ErrForbidden).
package admin

import (
	"context"
	"html/template"
	"log/slog"
	"net/http"
	"slices"
	"sync"
	"time"

	"immo/internal/domain/audit"
	"immo/internal/domain/i18n"
	"immo/internal/domain/lead"
	"immo/internal/domain/listing"
	"immo/internal/domain/newsletter"
	"immo/internal/http/web/respond"
)

// Prefix is where the inbox lives.
const Prefix = "/admin/"

// Options configure the inbox's Handler.
type Options struct {
	Inbox  Inbox
	SignIn SignIn
	Brakes Brakes // nil: none
	Staff  StaffDirectory
	// Agenda is the visits booked and the slot rules (nil: the site
	// offers no visits).
	Agenda Agenda
	// Site is the agency's published versions (the site's section, an
	// admin's); nil: no section.
	Site SiteHistory
	// Drafts are the site editor's drafts; nil with Site.
	Drafts SiteDrafts
	// Media is the site's picture library; nil: none.
	Media MediaLibrary
	// Runs are the catalog's runs (its imports); nil: none.
	Runs CatalogRuns
	// Feeds are the CRM's feeds (on the runs' page); nil: none.
	Feeds CatalogFeeds
	// Console is the platform operator's pages' service (the implicit
	// agency's inbox); nil: none.
	Console PlatformConsole
	// Access is the agency's leave for the platform's operator (an
	// admin's page); nil: none.
	Access OperatorAccess
	// Audit reads the audit log (the admins' page).
	Audit AuditLog
	// Newsletter lists the newsletter's subscribers.
	Newsletter newsletter.Directory
	// Record writes an audit entry of the inbox's own (an export:
	// sqlstore.Inbox.Log).
	Record func(ctx context.Context, e audit.Entry) error
	// Testimonials moderates what visitors wrote (the testimonials page).
	Testimonials Testimonials
	// Mails is the mail queue (the mails page).
	Mails Mails
	// Abuse is what the anti-spam layer refused and holds (the abuse page).
	Abuse Abuse
	// StaffAdmin manages the staff (the staff page, admins only).
	StaffAdmin StaffAdmin
	// MyFactor is each staff member's own second factor (their sign-in page).
	MyFactor MyFactor
	// Owners are the owners' accounts (the owners page).
	Owners OwnerAdmin
	// Demands are the registered demands (the demands page).
	Demands DemandDesk
	// Langs are the site's languages: those a staff member's mails may be
	// written in (nil: every language the product speaks).
	Langs []string
	// DefaultLang is the site's default language: the inbox's for a
	// browser in none the product speaks ("": English).
	DefaultLang string
	// FieldWords is a request's field as the agency reads it in lang
	// (notify.Composer.FieldWords: an option's label, a slot's day and
	// time); nil or "": as stored.
	FieldWords func(r lead.Request, name, lang string) string
	// Catalog holds the listings the inbox names (by title, address and
	// page); nil: they are named by number.
	Catalog  listing.Catalog
	Sessions Sessions
	// Preview serves the site as a draft makes it to the staff; nil: none.
	Preview Preview
	// Assets are the head tags of the inbox's client bundle (EntryTags).
	Assets  template.HTML
	Version string // the client build's, for the protocol's asset check
	Log     *slog.Logger
	Now     func() time.Time // nil: time.Now
	// Poll is how often the new-lead stream looks for a new lead (0: 2 s).
	Poll time.Duration
}

// Handler serves /admin/.
type Handler struct {
	o   Options
	rs  *respond.Responder
	mux *http.ServeMux
	// ending closes when the server shuts down: the new-lead streams end
	// then (the browsers reconnect to the next server), rather than hold
	// the shutdown until its deadline.
	ending  chan struct{}
	endOnce sync.Once
	newest  newestLead
}

// EndStreams ends the new-lead streams open now and refuses new ones (the
// server is shutting down: http.Server.RegisterOnShutdown).
func (h *Handler) EndStreams() { h.endOnce.Do(func() { close(h.ending) }) }

// New returns the inbox's handler.
func New(o Options) *Handler {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Langs == nil {
		o.Langs = i18n.Languages
	}
	if !slices.Contains(i18n.Languages, o.DefaultLang) {
		o.DefaultLang = "en"
	}
	if o.Poll == 0 {
		o.Poll = 2 * time.Second
	}
	assets := o.Assets
	h := &Handler{o: o, mux: http.NewServeMux(), ending: make(chan struct{})}
	h.rs = respond.New(respond.Options{
		Renderer:   noscript{},
		Assets:     func(string, string) template.HTML { return assets },
		Version:    o.Version,
		CacheBytes: -1, // nothing of the inbox is cached
		Log:        o.Log,
	})
	h.routes()
	return h
}

// ServeHTTP answers every address under Prefix: never kept by a cache,
// never indexed, never sent on as a referrer.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Cache-Control", "private, no-store")
	hd.Set("X-Robots-Tag", "noindex, nofollow")
	hd.Set("Referrer-Policy", "no-referrer")
	h.mux.ServeHTTP(w, r)
}
