// Package notify composes the mails of a visitor's request (package lead):
// the agency's notice with every field, the visitor's confirmation in their
// language, the fixed mail to a friend and the newsletter's opt-in
// confirmation. It only writes messages (package mail); the queue sends
// them. No HTTP, no SQL: the caller gives the links and the listings.
//
// A visitor's text reaches only a body, through html/template (escaped) or
// the plain-text part, and the Reply-To name; never a subject. A visitor
// chooses no recipient but themselves, and a friend only through the
// friend template (title, city, picture, link and a short message).
package notify

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"immo/internal/domain/agency"
	"immo/internal/domain/agenda"
	"immo/internal/domain/field"
	"immo/internal/domain/i18n"
	"immo/internal/domain/lead"
	"immo/internal/domain/listing"
	"immo/internal/domain/mail"
	"immo/internal/domain/site"
)

// Listing is what a mail shows of a property or a project, in one language
// (listing.Listing).
type Listing = listing.Listing

// Config is what the composer needs from the site and the caller.
type Config struct {
	Agency site.Agency
	// Lang is the site's default language: the agency reads its notices in it.
	Lang string
	// BaseURL is the public site ("https://www.immo-arlon.be"): it makes the
	// site's addresses (pages, logo, pictures) absolute.
	BaseURL string
	// Origin, when set, is the site's origin now in place of BaseURL (the
	// agency's preferred host, which may change while the site runs); ""
	// or an origin that does not parse keeps BaseURL.
	Origin func() string
	// Listings describe the catalog's listings, documents and list values
	// in a language (listing.Names on the site configured); nil: none is
	// known, every value as posted.
	Listings Listings
	// Links builds the site's addresses the mails carry (route.Resolver);
	// nil: no visit, no newsletter mail can be written.
	Links Links
	// Slots are the visits' slot rules now (the agency may change them in
	// the inbox): a visit's length for its calendar event (nil or a length
	// of 0: 30 min).
	Slots Slots
	// Zone is the time zone times are written in; nil is Belgium's
	// (agenda.Brussels).
	Zone *time.Location
	// Agencies is the agency as last published (agency.Service): a mail
	// no request asks for is written as it. Nil: as configured.
	Agencies Published
	// Catalog, when set, names the listings of a mail written as an agency
	// on that agency's site (listing.Names): Listings is the site
	// configured's.
	Catalog listing.Catalog
	// Sites give the links of an agency's site (route.Resolver): a mail
	// written as an agency links its pages. Nil: Links for every agency.
	Sites Sites
	// LeadURL is a request's page in the agency's inbox (inbox.LeadPath),
	// absolute or on the site: the agency's notices link to it. Nil: none.
	LeadURL func(id int64) string
}

// Listings are what the mails name of the catalog, in lang: the words are
// the catalog's (a property's heading, its postal address, a document's
// name, a type's name), the addresses the site configuration's rules
// (listing.Names).
type Listings interface {
	// PropertyListing and ProjectListing describe a listing; ok is false
	// when it is not (or no longer) online.
	PropertyListing(id int64, lang string) (Listing, bool)
	ProjectListing(id int64, lang string) (Listing, bool)
	// DocumentName names a property's document (a document request's
	// field holds its ID); not found: the ID is shown.
	DocumentName(property int64, document, lang string) (string, bool)
	// ListLabel names a value of a list field without options (a demand's
	// property type by its id, a zone by its id); false: the value as
	// posted.
	ListLabel(field, value, lang string) (string, bool)
}

// Published is the agency as last published (agency.Service).
type Published interface {
	Current() *agency.Agency
}

// Sites give an agency's site's Links (route.Resolver.LinksFor).
type Sites interface {
	LinksFor(a *agency.Agency) Links
}

var _ Listings = listing.Names{}

// Slots are the visits' slot rules in force (booking.Visits).
type Slots interface {
	Current() agenda.Rules
}

// Links are the site's addresses by a link's token, in lang: the server's
// router owns URLs, the composer asks it.
type Links interface {
	// NewsletterConfirmURL confirms a newsletter subscription.
	NewsletterConfirmURL(token, lang string) string
	// UnsubscribeURL unsubscribes: every newsletter mail carries it.
	UnsubscribeURL(token, lang string) string
	// VisitCancelURL cancels a visit (KindVisit needs it).
	VisitCancelURL(token, lang string) string
}

// Composer writes the mails of requests.
type Composer struct {
	cfg     Config
	base    *url.URL
	origins *originCache // Origin's last answer, parsed (shared by the composer's copies)
	// writesAs is the agency it writes as (as), whose site's links Sites
	// gives when a mail needs one; nil: Links.
	writesAs *agency.Agency
	// posted is the property the page of the request looked up
	// (listing.FromContext): its mails name it without a lookup.
	posted *listing.Described
}

// links are the site's links of the agency c writes as: asked of Sites
// only by a mail that carries one.
func (c *Composer) links() Links {
	if c.writesAs != nil && c.cfg.Sites != nil {
		return c.cfg.Sites.LinksFor(c.writesAs)
	}
	return c.cfg.Links
}

// Problems of a composer's configuration or of a request it cannot write.
var (
	ErrConfig      = errors.New("notify: bad configuration")
	ErrNoListing   = errors.New("notify: the property is not online")
	ErrNoToken     = errors.New("notify: a newsletter subscription needs a token")
	ErrUnknownKind = errors.New("notify: unknown request kind")
)

// New checks cfg: the agency's address, an absolute base URL.
func New(cfg Config) (*Composer, error) {
	if !field.ValidEmail(cfg.Agency.Email) {
		return nil, fmt.Errorf("%w: agency email %q", ErrConfig, cfg.Agency.Email)
	}
	base, err := url.Parse(strings.TrimSuffix(cfg.BaseURL, "/"))
	if err != nil || (base.Scheme != "https" && base.Scheme != "http") || base.Host == "" {
		return nil, fmt.Errorf("%w: base URL %q is not an absolute http(s) address", ErrConfig, cfg.BaseURL)
	}
	if cfg.Lang == "" {
		return nil, fmt.Errorf("%w: no default language", ErrConfig)
	}
	if cfg.Zone == nil {
		cfg.Zone = agenda.Brussels
	}
	return &Composer{cfg: cfg, base: base, origins: &originCache{}}, nil
}

// originCache is the last origin parsed.
type originCache struct {
	mu   sync.Mutex
	text string
	url  *url.URL
}

// baseURL is the site's origin now: Origin's, else BaseURL.
func (c *Composer) baseURL() *url.URL {
	if c.cfg.Origin == nil {
		return c.base
	}
	o := c.cfg.Origin()
	if o == "" {
		return c.base
	}
	oc := c.origins
	oc.mu.Lock()
	defer oc.mu.Unlock()
	if oc.text != o {
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return c.base
		}
		oc.text, oc.url = o, u
	}
	return oc.url
}

// Extra is what the caller makes for one request beyond the request itself.
type Extra struct {
	// Token confirms a newsletter subscription (KindNewsletter needs one).
	Token string
	// Unsubscribe is the newsletter's unsubscribe token (KindNewsletter
	// needs one too).
	Unsubscribe string
	// Attachments go with the visitor's confirmation (a visit's .ics).
	Attachments []mail.Attachment
}

// Compose is lead.Service.Compose for requests that need no Extra: the
// request's mails written as the agency of ctx (For).
func (c *Composer) Compose(ctx context.Context, r lead.Request) ([]mail.Message, error) {
	return c.For(ctx).ComposeWith(r, Extra{})
}

// For is c writing as the agency of ctx (agency.FromContext) — its name,
// address, telephone, default language and site, as its published or
// previewed configuration says them —, or as the agency last published
// when ctx carries none (Published); a property ctx carries (the one the
// page posted to looked up: listing.FromContext) is named without a
// lookup.
func (c *Composer) For(ctx context.Context) *Composer {
	var as *Composer
	if a := agency.FromContext(ctx); a != nil {
		as = c.as(a)
	} else {
		as = c.published()
	}
	if d := listing.FromContext(ctx); d != nil {
		if as == c {
			copied := *c
			as = &copied
		}
		as.posted = d
	}
	return as
}

// published is c writing as the agency last published (Config.Agencies):
// a mail no request asks for (a job's, a command's, an account's link)
// follows the configuration a server has noticed, without a restart. c
// itself when it follows none.
func (c *Composer) published() *Composer {
	if c.cfg.Agencies == nil {
		return c
	}
	return c.as(c.cfg.Agencies.Current())
}

// as is c writing as a; c itself for no agency or one without a valid
// address (the rules refuse it; a mail must still leave).
func (c *Composer) as(a *agency.Agency) *Composer {
	if a == nil || a.Site == nil || !field.ValidEmail(a.Site.Agency.Email) {
		return c
	}
	as := *c
	as.cfg.Agency, as.cfg.Lang = a.Site.Agency, a.Site.Languages.Default
	if c.cfg.Catalog != nil {
		as.cfg.Listings = listing.Names{Catalog: c.cfg.Catalog, Site: a.Site}
	}
	as.writesAs = a
	return &as
}

// ComposeWith writes the mails of the stored request r (its ID set): for
// most kinds the agency's notice and the visitor's confirmation; for a
// friend, the friend's mail and the agency's notice; for the newsletter,
// the opt-in confirmation only (the agency hears of a subscriber once it
// is confirmed). A request marked NoConfirmation gets the notice only.
func (c *Composer) ComposeWith(r lead.Request, x Extra) ([]mail.Message, error) {
	if _, ok := lead.Specs[r.Kind]; !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownKind, r.Kind)
	}
	var msgs []mail.Message
	add := func(m mail.Message, err error) error {
		msgs = append(msgs, m)
		return err
	}
	// A mail to an address typed in the form waits for r.MailLater; the
	// agency's notice goes at once.
	typed := func(m mail.Message, err error) error {
		m.NotBefore = r.MailLater
		return add(m, err)
	}
	var err error
	switch {
	case r.Kind == lead.KindNewsletter:
		err = typed(c.newsletter(r, x.Token, x.Unsubscribe))
	case r.Kind == lead.KindFriend:
		err = errors.Join(typed(c.friend(r)), add(c.notice(r)))
	case r.NoConfirmation:
		err = add(c.notice(r))
	case r.Kind == lead.KindVisit:
		err = errors.Join(add(c.notice(r)), typed(c.visitConfirmation(r, x.Attachments)))
	case r.Kind == lead.KindDemandRegister:
		err = errors.Join(add(c.notice(r)), typed(c.registration(r)))
	default:
		err = errors.Join(add(c.notice(r)), typed(c.confirmation(r, x.Attachments)))
	}
	if err != nil {
		return nil, err
	}
	for i, m := range msgs {
		if err := m.Validate(); err != nil {
			return nil, fmt.Errorf("notify: %s mail %d of request %d: %w", r.Kind, i, r.ID, err)
		}
	}
	return msgs, nil
}

// abs makes a site address absolute; an absolute http(s) address stays as
// it is, anything else (javascript:, mailto:…) becomes "".
func (c *Composer) abs(ref string) string {
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil || ref == "" {
		return ""
	}
	if u.IsAbs() {
		if u.Scheme == "https" || u.Scheme == "http" {
			return u.String()
		}
		return ""
	}
	if u.Host != "" { // "//host/path"
		return ""
	}
	if !strings.HasPrefix(u.Path, "/") {
		u.Path = "/" + u.Path
	}
	return c.baseURL().ResolveReference(u).String()
}

// inboxLink is the button of an agency's notice about request id: its
// page in the inbox; nil when none is known.
func (c *Composer) inboxLink(id int64, lang string) *link {
	if c.cfg.LeadURL == nil || id <= 0 {
		return nil
	}
	u := c.abs(c.cfg.LeadURL(id))
	if u == "" {
		return nil
	}
	return &link{Text: i18n.T(lang, "mail.notice.open"), URL: u}
}

// listing looks up the request's property or project in lang.
func (c *Composer) listing(r lead.Request, lang string) (Listing, bool) {
	var l Listing
	ok := false
	switch {
	case r.PropertyID > 0 && c.posted != nil && c.posted.ID() == r.PropertyID:
		l, ok = c.posted.In(lang), true // as the page posted to looked it up
	case r.PropertyID > 0 && c.cfg.Listings != nil:
		l, ok = c.cfg.Listings.PropertyListing(r.PropertyID, lang)
	case r.ProjectID > 0 && c.cfg.Listings != nil:
		l, ok = c.cfg.Listings.ProjectListing(r.ProjectID, lang)
	}
	if !ok {
		return Listing{}, false
	}
	l.URL, l.Picture = c.abs(l.URL), c.abs(l.Picture)
	return l, true
}

// agencyAddress is the agency as a recipient or a Reply-To.
func (c *Composer) agencyAddress() *mail.Address {
	return &mail.Address{Name: oneLine(c.cfg.Agency.Name, maxName), Email: c.cfg.Agency.Email}
}

// visitor is the sender of r as an address; the name is cleaned for the
// header (mail.Address.Header encodes it).
func visitor(r lead.Request) mail.Address {
	return mail.Address{Name: fullName(r.Person.FirstName, r.Person.LastName), Email: strings.TrimSpace(r.Person.Email)}
}

// maxName bounds a name that goes into a header.
const maxName = 100

// greet is a mail's greeting of first last in lang, or the nameless one.
func greet(lang, first, last string) string {
	if name := fullName(first, last); name != "" {
		return i18n.Tf(lang, "mail.confirm.greeting", "name", name)
	}
	return i18n.T(lang, "mail.friend.greetingNoName")
}

func fullName(first, last string) string {
	return oneLine(strings.TrimSpace(first+" "+last), maxName)
}

// oneLine turns control characters into spaces, runs of spaces into one,
// and keeps at most max characters.
func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)), " ")
	if r := []rune(s); len(r) > max {
		s = strings.TrimSpace(string(r[:max]))
	}
	return s
}
