package main

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"immo/internal/altcha"
	"immo/internal/antispam"
	"immo/internal/captcha"
	"immo/internal/catalog"
	"immo/internal/i18n"
	"immo/internal/lead"
	"immo/internal/mail"
	"immo/internal/newsletter"
	"immo/internal/notify"
	"immo/internal/offer"
	"immo/internal/site"
	"immo/internal/storage/sqlstore"
	"immo/internal/testimonial"
	"immo/internal/web"
	"immo/internal/web/route"
)

// formKinds are the lead kinds whose forms the server answers; the others
// come with their pages.
var formKinds = []lead.Kind{lead.KindSiteContact, lead.KindInformation, lead.KindProject, lead.KindFriend, lead.KindValuation,
	lead.KindTestimonial, lead.KindJob, lead.KindDocument, lead.KindPurchaseOffer, lead.KindRentApplication}

type antispamStore interface {
	antispam.Challenges
	antispam.Counter
}

// formDeps is what newForms builds the visitor forms from.
type formDeps struct {
	Requests  *sqlstore.Requests
	Pending   testimonial.Pending // keeps a testimonial request's testimonial
	Pictures  *testimonial.PictureSigner
	Spam      antispamStore
	Queue     mail.Queue
	Resolver  *route.Resolver
	Catalog   *catalog.Service
	IPKey     []byte
	AltchaKey []byte
	Now       func() time.Time // nil: time.Now
	Log       *slog.Logger
	// Agenda books the visits (newVisitAgenda); nil: the site offers none.
	Agenda *visitAgenda
	// Newsletter, when set, serves the footer's sign-up and the information
	// request's opt-in (newForms gives it its mails and clock).
	Newsletter *newsletter.Service
	// Captcha, when set (a provider configured), checks every post in place
	// of ALTCHA (newCaptcha).
	Captcha *captcha.Checker
}

// newCaptcha is the configured third-party captcha's checker with secret
// (IMMO_CAPTCHA_SECRET); nil without one in the configuration (ALTCHA). A
// provider without its secret is an error: the forms would refuse every post.
func newCaptcha(cfg *site.Config, secret string, log *slog.Logger) (*captcha.Checker, error) {
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
	limit := func(name string, max int, window time.Duration, site bool) web.Limit {
		return web.Limit{Limiter: &antispam.Limiter{Counter: d.Spam, Max: max, Window: window, Now: d.Now}, Name: name, Site: site}
	}
	service := &lead.Service{Store: testimonial.Recording(d.Requests, d.Pending, d.Pictures), Queue: d.Queue, Compose: composer.Compose, IP: ip, Now: d.Now,
		Rules: offerRules(d.Catalog, d.Resolver.Site).Check, Repeat: offer.Repeat(d.Requests)}
	kinds := formKinds
	if d.Agenda != nil {
		d.Agenda.Visitor = func(email string) string { return ip.Hash("to:" + lead.AddressKey(email)) }
		service.Steps = map[lead.Kind]lead.Step{lead.KindVisit: d.Agenda.step()}
		kinds = append(slices.Clone(kinds), lead.KindVisit)
	}
	if news := d.Newsletter; news != nil {
		news.Mails, news.Queue, news.Now = newsletterMails{composer}, d.Queue, d.Now
		service.ComposeIn = withNewsletter(composer, news)
		kinds = append(slices.Clone(kinds), lead.KindNewsletter)
	}
	flood := limit("noproof-site", 100, time.Hour, true)
	addresses := mailsPerAddress(d)
	h := &web.LeadForms{
		Requests:   service,
		Challenges: challenges,
		IP:         ip,
		// Per sender (keyed IP hash): 10 posts an hour with a proof; without
		// one (no JavaScript) 3 an hour and 10 a day.
		WithProof: []web.Limit{limit("proof-hour", 10, time.Hour, false)},
		WithoutProof: []web.Limit{
			limit("noproof-hour", 3, time.Hour, false),
			limit("noproof-day", 10, 24*time.Hour, false),
		},
		// Past 100 posts without a proof in an hour on the whole site, the
		// mails to typed addresses go out at 100 an hour: nobody is refused.
		Flood: &flood,
		// A friend's address and a sign-up's: 3 a day each.
		Receivers: map[lead.Kind]web.ReceiverLimit{
			lead.KindFriend:     {Limit: limit("friend-day", 3, 24*time.Hour, false), Field: "friendEmail"},
			lead.KindNewsletter: {Limit: limit("newsletter-day", 3, 24*time.Hour, false), Field: lead.FieldEmail},
		},
		// Any address typed in a form gets at most 10 mails a day from the site.
		Addresses: &addresses,
		Log:       d.Log,
	}
	if d.Captcha != nil {
		// The third party is the proof: a post without its token is refused.
		h.Challenges, h.ProofRequired = d.Captcha, true
	}
	forms := web.Forms{}
	for _, k := range kinds {
		forms[string(k)] = h
	}
	return forms, challenges, nil
}

// mailsPerAddress is the one brake on the mails the site sends to an
// address typed in a form, whatever the form (web.LeadForms.Addresses, the
// unsubscribe form): 10 a day per lead.AddressKey.
func mailsPerAddress(d formDeps) web.Limit {
	return web.Limit{Limiter: &antispam.Limiter{Counter: d.Spam, Max: 10, Window: 24 * time.Hour, Now: d.Now}, Name: "mailto-day"}
}

// newComposer writes the mails of the site's requests.
func newComposer(d formDeps) (*notify.Composer, error) {
	site := d.Resolver.Site
	cfg := notify.Config{
		Agency:   site.Agency,
		Lang:     site.Languages.Default,
		BaseURL:  d.Resolver.BaseURL,
		Property: propertyListing(d.Catalog, d.Resolver),
		Project:  projectListing(d.Catalog, d.Resolver),
		Document: documentName(d.Catalog),
		Links:    d.Resolver,
	}
	if d.Agenda != nil {
		cfg.VisitLength = d.Agenda.Rules.Length
	}
	return notify.New(cfg)
}

// propertyListing is a property's title, city, picture and page for the
// mails, from the catalog's current index.
func propertyListing(cat *catalog.Service, r *route.Resolver) func(id int64, lang string) (notify.Listing, bool) {
	return func(id int64, lang string) (notify.Listing, bool) {
		ix := cat.Index()
		p, err := ix.Property(id, lang)
		if err != nil {
			return notify.Listing{}, false
		}
		typeName := ix.TypeName(p.WebID, lang)
		if typeName == "" {
			typeName = p.TypeDescription
		}
		title := p.Title.In(lang)
		if strings.TrimSpace(title) == "" {
			key := "property.titleRent"
			if p.IsSale() {
				key = "property.titleSale"
			}
			title = i18n.Tf(lang, key, "type", typeName, "city", p.City)
		}
		address := strings.TrimSpace(p.Zip + " " + p.City)
		if street := strings.TrimSpace(p.Street + " " + p.HouseNumber); p.PublishAddress && street != "" {
			address = street + ", " + address
		}
		return notify.Listing{Title: title, City: p.City, Picture: p.XLargePictureItem.Url, Address: address,
			URL: r.PropertyURL(p.ID, p.Goal, p.City, typeName, lang)}, true
	}
}

// projectListing is projectListing's twin for projects.
func projectListing(cat *catalog.Service, r *route.Resolver) func(id int64, lang string) (notify.Listing, bool) {
	return func(id int64, lang string) (notify.Listing, bool) {
		p, err := cat.Index().Project(id)
		if err != nil {
			return notify.Listing{}, false
		}
		return notify.Listing{Title: p.Name.In(lang), City: p.City, Picture: p.XLargePictureItem.Url,
			URL: r.ProjectURL(p.ID, lang)}, true
	}
}

// purgeSpam deletes the spent challenges that expired and the rate counters
// of windows over a day old (the longest limit's), and forgets the
// fingerprints of the requests of over a day ago, as of now.
func purgeSpam(ctx context.Context, spam antispamStore, requests fingerprints, now time.Time) error {
	if _, err := spam.PurgeSpent(ctx, now); err != nil {
		return fmt.Errorf("purge spent challenges: %w", err)
	}
	if _, err := spam.PurgeHits(ctx, now.Add(-48*time.Hour)); err != nil {
		return fmt.Errorf("purge rate counters: %w", err)
	}
	if _, err := requests.ForgetFingerprints(ctx, now.Add(-24*time.Hour)); err != nil {
		return fmt.Errorf("forget the requests' fingerprints: %w", err)
	}
	return nil
}

// fingerprints are the requests' (sqlstore.Requests).
type fingerprints interface {
	ForgetFingerprints(ctx context.Context, before time.Time) (int64, error)
}

// spamPurgeInterval is how often serve purges the anti-spam tables.
const spamPurgeInterval = time.Hour

// runSpamPurge purges every interval until ctx ends.
func runSpamPurge(ctx context.Context, spam antispamStore, requests fingerprints, interval time.Duration, log *slog.Logger) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			if err := purgeSpam(ctx, spam, requests, now); err != nil {
				log.Warn("anti-spam purge", "err", err)
			}
		}
	}
}
