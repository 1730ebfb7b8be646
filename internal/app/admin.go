package app

import (
	"html/template"
	"log/slog"
	"strings"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/storage"
	"immo/internal/domain/account"
	"immo/internal/domain/antispam"
	"immo/internal/domain/booking"
	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
	"immo/internal/domain/media"
	"immo/internal/domain/notify"
	"immo/internal/domain/platform"
	"immo/internal/domain/testimonial"
	"immo/internal/http/web"
	"immo/internal/http/web/admin"
	"immo/internal/http/web/assets"
	"immo/internal/http/web/route"
	"immo/internal/http/web/session"
)

// adminCookie is the inbox's session cookie, on /admin/ only: a browser may
// be a registrant on the site and staff in the inbox.
const adminCookie = "immo_staff"

// newAdmin is the agency's inbox (/admin/): the leads on store, the staff
// signing in through staff behind the site's login brakes, the mails about
// a lead read from queue.
func newAdmin(store storage.Store, staff *account.StaffService, queue *mailqueue.Queue, resolver *route.Resolver, says *testimonial.Service,
	desk *booking.Desk, requestMails *notify.Composer, abuse *antispam.Batch, ipKey []byte, secure bool, w *Web, now func() time.Time, log *slog.Logger,
	preview draftPreview, library *media.Library, feeds *feedJobs, refused func(account.Role, web.Refusal), console *platform.Console) (*admin.Handler, error) {
	ip, err := lead.NewIPHasher(ipKey)
	if err != nil {
		return nil, err
	}
	members := store.Staff()
	leads := &inbox.Service{Store: store.Inbox(), Mails: queue, Now: now, Staff: account.Members{Store: members}}
	sessions := session.New(session.Options{Store: store.Sessions(), Accounts: store.Accounts(), Now: now, Secure: secure,
		CookieName: adminCookie, Path: admin.Prefix, Log: log.With("component", "inbox-session")})
	tags, version := adminAssets(log)
	if w != nil && !w.built { // the tests' pages: their version, whatever web app is built
		version = w.AssetVersion
	}
	// The testimonials' moderation: audited, and the site's list refreshed
	// at once (the pages' generation follows).
	moderation := &testimonial.Moderation{Store: store, Shown: says, Now: now, Audit: testimonialAudit(store.Audit())}
	o := admin.Options{
		FieldWords: requestMails.FieldWords, Langs: resolver.Site.Languages.Enabled(), DefaultLang: resolver.Site.Languages.Default,
		Inbox: leads, Audit: store.Audit(), Newsletter: store.Newsletter(), Record: store.Audit().Log, SignIn: staff, Brakes: loginBrakes(ip, store, abuse, secure, now, refused), Staff: account.Members{Store: members}, StaffAdmin: staff, MyFactor: staff,
		Sessions: sessions, Assets: tags, Version: version, Log: log.With("component", "inbox"), Now: now,
		Testimonials: moderation, Mails: mailDesk{Queue: queue, log: store.Audit(), now: now},
		Abuse:   abuseDesk{Abuse: abuse, log: store.Audit().Log, now: now},
		Preview: preview,
		Agenda:  desk,
		Runs:    store,
		Feeds:   inboxFeeds{feeds},
		// The agency's leave for the platform's operator to read its leads.
		Access: &platform.Access{Store: store.Grants(), Audit: store.Audit(), Now: now},
	}
	if console != nil {
		o.Console = console
	}
	if preview.Service.Stored() {
		o.Site, o.Drafts = preview.Service, preview.Service
	}
	if library != nil {
		o.Media = library
	}
	if err := withPeople(&o, store, queue, resolver, preview.Service, now); err != nil {
		return nil, err
	}
	return admin.New(o), nil
}

// adminAssets are the head tags of the inbox's bundle (its stylesheets and
// its entry script; respond gives the script the response's nonce) and
// the build's version; none when web/ was not built.
func adminAssets(log *slog.Logger) (template.HTML, string) {
	m, ok := assets.Manifest()
	if !ok {
		return "", ""
	}
	e, err := assets.LoadEntry(assets.Dist(), admin.EntrySource)
	if err != nil {
		log.Error("inbox: no entry in the web build", "err", err)
		return "", m.Version()
	}
	var b strings.Builder
	for _, css := range e.CSS {
		b.WriteString(`<link rel="stylesheet" href="` + template.HTMLEscapeString(assets.URLPrefix+css) + `">`)
	}
	b.WriteString(`<script type="module" src="` + template.HTMLEscapeString(assets.URLPrefix+e.Script) + `"></script>`)
	return template.HTML(b.String()), m.Version()
}
