package app

import (
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"time"

	"immo/internal/adapter/captcha"
	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/account"
	"immo/internal/domain/agency"
	"immo/internal/domain/altcha"
	"immo/internal/domain/antispam"
	"immo/internal/domain/audit"
	"immo/internal/domain/booking"
	"immo/internal/domain/catalog"
	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
	"immo/internal/domain/listing"
	"immo/internal/domain/mail"
	"immo/internal/domain/newsletter"
	"immo/internal/domain/notify"
	"immo/internal/domain/offer"
	"immo/internal/domain/registrant"
	"immo/internal/domain/site"
	"immo/internal/domain/spam"
	"immo/internal/domain/testimonial"
	"immo/internal/http/web"
	"immo/internal/http/web/route"
)

// formKinds are the lead kinds whose forms the server answers; the others
// come with their pages.
var formKinds = []lead.Kind{lead.KindSiteContact, lead.KindInformation, lead.KindProject, lead.KindFriend, lead.KindValuation,
	lead.KindTestimonial, lead.KindJob, lead.KindDocument, lead.KindPurchaseOffer, lead.KindRentApplication}

// formDeps is what newForms builds the visitor forms from.
type formDeps struct {
	Requests *sqlstore.Requests
	// Audit logs each request received (the lead's history begins with it).
	Audit    audit.Logger
	Pending  testimonial.Pending // keeps a testimonial request's testimonial
	Pictures *testimonial.PictureSigner
	Spam     antispam.Store
	// Watch counts the refusals and the holds for the abuse page
	// (antispam.Batch).
	Watch    antispam.Watch
	Queue    mail.Queue
	Resolver *route.Resolver
	// Agencies is the agency as last published: the mails no request asks
	// for are written as it (nil: as Resolver's site says).
	Agencies  *agency.Service
	Catalog   *catalog.Service
	IPKey     []byte
	AltchaKey []byte
	Now       func() time.Time // nil: time.Now
	Log       *slog.Logger
	// Agenda books the visits (newVisitAgenda); a page offers them while
	// its version of the site takes visits (route.Resolver.For).
	Agenda *booking.Visits
	// Newsletter, when set, serves the footer's sign-up and the information
	// request's opt-in (newForms gives it its mails and clock).
	Newsletter *newsletter.Service
	// Captcha, when set (a provider configured), checks every post in place
	// of ALTCHA (NewCaptcha).
	Captcha *captcha.Checker
	// Registrants, when set and the site has zones, serve the demand
	// register (newForms gives it its mails, queue and clock).
	Registrants *registrant.Service
}

// NewCaptcha is the configured third-party captcha's checker with secret
// (IMMO_CAPTCHA_SECRET); nil without one in the configuration (ALTCHA). A
// provider without its secret is an error: the forms would refuse every post.
func NewCaptcha(cfg *site.Config, secret string, log *slog.Logger) (*captcha.Checker, error) {
	if cfg.Captcha == nil {
		if secret != "" {
			log.Warn("IMMO_CAPTCHA_SECRET is set but the configuration has no captcha: the forms use ALTCHA")
		}
		return nil, nil
	}
	c, err := captcha.New(cfg.Captcha.Provider, secret)
	if err != nil {
		return nil, err
	}
	log.Info("forms: a third-party captcha instead of ALTCHA", "provider", cfg.Captcha.Provider)
	return c, nil
}

// SealCaptchaSecret seals an agency's third-party captcha secret with its
// own key (Keys.TOTP, which seals its feeds' secrets too), bound to the
// agency: a sealed secret copied to another agency's row opens nothing.
func SealCaptchaSecret(key []byte, agency int64, secret string) (string, error) {
	box, err := account.NewSecretBox(key)
	if err != nil {
		return "", err
	}
	return box.SealFor(secret, captchaContext(agency)), nil
}

func captchaContext(agency int64) string { return "captcha:agency:" + strconv.FormatInt(agency, 10) }

// agencyCaptcha is the checker of cfg's provider with the agency's sealed
// secret; nil when cfg names no provider.
func agencyCaptcha(key []byte, agency int64, sealed string, cfg *site.Config, log *slog.Logger) (*captcha.Checker, error) {
	box, err := account.NewSecretBox(key)
	if err != nil {
		return nil, err
	}
	secret, err := box.OpenFor(sealed, captchaContext(agency))
	if err != nil {
		return nil, fmt.Errorf("the sealed secret does not open (IMMO_SECRET changed?): %w", err)
	}
	return NewCaptcha(cfg, secret, log)
}

// newForms wires the visitor forms: the lead service storing a request and
// queueing its mails (notify) in one transaction, the ALTCHA check with the
// store spending challenges, and the per-IP limits of docs/ARCHITECTURE.md
// ("Spam"). It returns the challenge service too: GET /api/altcha must sign
// with the same key.
func newForms(d formDeps) (web.Forms, *altcha.Service, error) {
	if d.Pending == nil || d.Pictures == nil {
		return nil, nil, fmt.Errorf("forms: no store or picture signer for the testimonials")
	}
	ip, err := lead.NewIPHasher(d.IPKey)
	if err != nil {
		return nil, nil, err
	}
	challenges, err := altcha.New(d.AltchaKey, d.Spam, altcha.Options{Now: d.Now})
	if err != nil {
		return nil, nil, err
	}
	composer, err := newComposer(d)
	if err != nil {
		return nil, nil, err
	}
	limit := func(r spam.Rate, site bool) spam.Limit { return rateLimit(d, r, site) }
	limits := func(rs []spam.Rate) []spam.Limit {
		out := make([]spam.Limit, len(rs))
		for i, r := range rs {
			out[i] = limit(r, false)
		}
		return out
	}
	policy := spam.DefaultPolicy
	cfg := d.Resolver.Site
	service := &lead.Service{Store: testimonial.Recording(d.Requests, d.Pending, d.Pictures), Queue: d.Queue, Mails: composer, IP: ip, Now: d.Now, Audit: d.Audit,
		Rules:  offer.CatalogRules(d.Catalog, offer.LimitsOf(cfg.RentApplication), cfg.Languages.Default),
		Repeat: offer.Repeats{Requested: d.Requests}}
	d.Agenda.IP = ip
	service.Steps = map[lead.Kind]lead.Step{lead.KindVisit: d.Agenda}
	kinds := append(slices.Clone(formKinds), lead.KindVisit)
	// The demand register's form is the kind's whatever the zones: its page
	// shows where the request's agency has zones, its rules read them.
	if reg := d.Registrants; reg != nil {
		reg.Queue, reg.Reset, reg.Now = d.Queue, composer.PasswordReset, d.Now
		service.Steps[lead.KindDemandRegister] = reg
		service.Rules = lead.KindRules{Kinds: map[lead.Kind]lead.Rules{lead.KindDemandRegister: reg}, Others: service.Rules}
		kinds = append(slices.Clone(kinds), lead.KindDemandRegister)
	}
	if news := d.Newsletter; news != nil {
		news.Mails, news.Queue, news.Now = notify.NewsletterMails{Composer: composer}, d.Queue, d.Now
		service.Mails = newsletter.SignUps{Mails: composer, News: news}
		kinds = append(slices.Clone(kinds), lead.KindNewsletter)
	}
	flood := limit(policy.Flood, true)
	addresses := mailsPerAddress(d)
	receivers := map[lead.Kind]spam.ReceiverLimit{}
	for kind, r := range policy.Receivers {
		receivers[kind] = spam.ReceiverLimit{Limit: limit(r.Rate, false), Field: r.Field}
	}
	gate := &spam.Gate{
		Requests:     service,
		Challenges:   challenges,
		IP:           ip,
		WithProof:    limits(policy.WithProof),
		WithoutProof: limits(policy.WithoutProof),
		Flood:        &flood,
		Receivers:    receivers,
		Addresses:    &addresses,
		// A post is one write transaction: proof spent, counters, request, mails.
		Tx:    d.Requests,
		Watch: d.Watch,
		Now:   d.Now,
		Log:   d.Log,
	}
	if d.Captcha != nil {
		// The third party is the proof where the agency shows its widget:
		// a post without its token is refused.
		gate.Captcha, gate.CaptchaProvider = d.Captcha, d.Captcha.Provider.Name
	}
	h := &web.LeadForms{Gate: gate}
	forms := web.Forms{}
	for _, k := range kinds {
		forms[string(k)] = h
	}
	return forms, challenges, nil
}

// mailsPerAddress is the one brake on the mails the site sends to an
// address typed in a form, whatever the form (spam.Gate.Addresses, the
// unsubscribe form): spam.DefaultPolicy.Addresses per lead.AddressKey.
func mailsPerAddress(d formDeps) spam.Limit { return rateLimit(d, spam.DefaultPolicy.Addresses, false) }

// rateLimit is the limit of r on the anti-spam counters: per sender, or
// the whole site's.
func rateLimit(d formDeps, r spam.Rate, site bool) spam.Limit {
	return spam.Limit{Limiter: &antispam.Limiter{Counter: d.Spam, Max: r.Max, Window: r.Window, Now: d.Now, Name: r.Name, Watch: d.Watch},
		Site: site}
}

// newComposer writes the mails of the site's requests.
func newComposer(d formDeps) (*notify.Composer, error) {
	site := d.Resolver.Site
	cfg := notify.Config{Agency: site.Agency, Lang: site.Languages.Default, BaseURL: d.Resolver.BaseURL, Origin: d.Resolver.Origin,
		Listings: listing.Names{Catalog: d.Resolver.Catalog, Site: site}, Links: d.Resolver, LeadURL: inbox.LeadPath,
		Agencies: published(d.Agencies), Catalog: d.Resolver.Catalog, Sites: d.Resolver, Slots: d.Agenda}
	return notify.New(cfg)
}
