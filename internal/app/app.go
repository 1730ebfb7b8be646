// Package app assembles the running site from an open store and its
// configuration: the catalog and testimonial services, the mail queue, the
// visitor forms with their spam brakes, the visit agenda, the newsletter,
// the sessions, the pages, and server.Handler composing them with the API
// and the pictures. cmd/immo's serve reads its flags and environment, opens
// the store, listens, and builds the site with New; the site-level HTTP
// tests build it with the same New (internal/app/apptest).
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"immo/internal/adapter/captcha"
	"immo/internal/adapter/importer"
	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/metrics"
	"immo/internal/adapter/pictures"
	"immo/internal/adapter/storage"
	"immo/internal/domain/account"
	"immo/internal/domain/agency"
	"immo/internal/domain/altcha"
	"immo/internal/domain/antispam"
	"immo/internal/domain/booking"
	"immo/internal/domain/catalog"
	"immo/internal/domain/feed"
	"immo/internal/domain/media"
	"immo/internal/domain/newsletter"
	"immo/internal/domain/platform"
	"immo/internal/domain/registrant"
	"immo/internal/domain/site"
	"immo/internal/domain/testimonial"
	"immo/internal/domain/visit"
	"immo/internal/http/server"
	"immo/internal/http/web"
	"immo/internal/http/web/route"
	"immo/internal/http/web/session"
)

// Keys are the site's keys, each for one purpose (cmd/immo derives them
// from the one secret).
type Keys struct {
	Altcha  []byte // signs the forms' spam challenges (internal/domain/altcha)
	IPHash  []byte // keys the hash of a sender's IP (lead.NewIPHasher), with the forms
	Picture []byte // signs the approved testimonials' picture addresses (testimonial.PictureSigner)
	TOTP    []byte // seals the staff's TOTP secrets in the database (account.SecretBox; 32 bytes)
}

// Config is what the site is built from.
type Config struct {
	// Store is the open database; New loads the demo agency into it when
	// it is empty. The caller closes it, after Close.
	Store storage.Store
	// Agency is the agency as published in the store, followed by Run;
	// nil: Site, fixed (a test's).
	Agency *agency.Service
	Site   *site.Config
	// PublicURL is the site's public origin: canonical links and the mails'
	// links; https sends HSTS and marks the session cookie Secure.
	PublicURL string
	// SMTPURL is where the mails go (IMMO_SMTP_URL); "": they wait in the queue.
	SMTPURL string
	Keys    Keys
	// Now is the forms', the challenges' and the agenda's clock; nil: time.Now.
	Now func() time.Time
	Log *slog.Logger // nil: discarded
	// MapFrame configures the map frame (IMMO_MAP_TILES, IMMO_MAP_ATTRIBUTION).
	MapFrame web.MapFrameOptions
	// Captcha, when set (a provider configured: NewCaptcha), checks every
	// post in place of ALTCHA.
	Captcha *captcha.Checker
	// TrustedProxies are the proxies whose X-Forwarded-For names the visitor.
	TrustedProxies []netip.Prefix
	// Web, when set, replaces the built web app (server rendering, head
	// tags, version): tests serve the client-rendered shell at a version of
	// their own.
	Web *Web
	// Feeds are the CRM feeds' settings.
	Feeds FeedOptions
	// Prerender renders the sitemap's pages in the background after every
	// change of the data they show (web.Handler.Prerender); only with the
	// built web app (not Web).
	Prerender bool
	// Metrics, when set, hears the site's work for the operator (package
	// metrics; cmd/immo serves them on the operations address).
	Metrics *metrics.Metrics
	// ServerError, when set, hears each server error (5xx) the site
	// answers: the platform's count for its operator's console.
	ServerError func()
	// Queue, when set, is the process's one mail and job queue, which a
	// platform of agencies shares (NewPlatform): the site inserts its
	// agency's mails and jobs into it (bound to the store's agency), its
	// jobs are routed to it, and the platform starts and stops it. nil: the
	// site builds, works and stops its own (one agency).
	Queue *mailqueue.Queue
	// Hosts, when set, is the platform's host resolver every site shares;
	// nil: the site reads the agencies itself.
	Hosts *platform.Resolver
	// Console is the platform operator's pages' service (the implicit
	// agency's inbox, whose accounts the operators are); nil: none.
	Console *platform.Console
	// HTMLCacheBytes and PictureCacheBytes bound the site's HTML cache and
	// each picture folder's cache of variants; 0: a lone site's defaults
	// (16 MiB, picturehttp.DefaultCacheBytes). A platform of several
	// agencies gives each site a share (sitesCaches).
	HTMLCacheBytes, PictureCacheBytes int
	// RenderedBytes bounds the site's rendered pages in the database (0:
	// a lone site's 256 MiB; a platform's sites: SharedRendered each).
	RenderedBytes int64
	// DemoPictures, when set, makes the demo's pictures' variants (the
	// platform's one worker); nil: the site's own worker does.
	DemoPictures func(sources ...string)
}

// App is the site built: its handler, the services behind it, and the
// background loops Run starts.
type App struct {
	Handler      http.Handler // what server.Handler composes: the whole site
	Agency       *agency.Service
	Catalog      *catalog.Service
	Testimonials *testimonial.Service
	// Agenda books the visits (offered while the published site takes them).
	Agenda     *booking.Visits
	Challenges *altcha.Service // the forms' ALTCHA challenges (GET /api/altcha)
	Pictures   *testimonial.PictureSigner
	Queue      *mailqueue.Queue // the forms enqueue into it, in their request's transaction
	// Staff manages the agency's staff and signs them in (the inbox's).
	Staff *account.StaffService
	// EndStreams ends the inbox's open new-lead streams: for the server's
	// shutdown, which would otherwise wait for them until its deadline.
	EndStreams func()
	// visits are the property pages' visits counted since the last flush
	// (FlushVisits).
	visits *visit.Counter
	// abuse are the refusals counted for the abuse page since the last
	// flush (antispam.Batch.Run).
	abuse *antispam.Batch
	jobs  *siteJobs

	store      storage.Store
	site       *site.Config
	library    *media.Library // nil: the agency follows no store
	newPics    *pictureQueue  // the library's new pictures, for Run's worker
	smtpURL    string
	now        func() time.Time
	log        *slog.Logger
	closePages func()
	prerender  *web.Handler // pre-renders its sitemap in Run; nil: none

	// sharedQueue: the queue is the platform's, which starts and stops it.
	sharedQueue  bool
	pages        *web.Handler            // the pages (their renders and cache, for the platform's gauges)
	demoPictures func(sources ...string) // Config.DemoPictures

	mu        sync.Mutex
	stopMail  func()
	stopLoops func()
}

// New builds the site on c.Store. Nothing runs in the background until Run
// (or StartMail); Close ends what runs, before the store closes.
func New(ctx context.Context, c Config) (*App, error) {
	log, now := c.logger(), c.clock()
	store := c.Store
	agencies := c.Agency
	if agencies == nil {
		agencies = agency.Fixed(c.Site)
	}
	// A scheduled publication is made as its scheduler is at its time.
	agencies.Follow(siteEditors{store.Accounts()})
	// What is not resolved per request yet reads the configuration as it was at the start.
	cfg := agencies.Current().Site
	if store.Agency() == platform.Implicit { // an added agency starts with its own catalog, empty
		if err := seedDemo(ctx, store, log); err != nil {
			return nil, err
		}
	}
	cat, err := catalog.NewService(ctx, store)
	if err != nil {
		return nil, fmt.Errorf("load catalog: %w", err)
	}
	says, err := testimonial.NewService(ctx, store)
	if err != nil {
		return nil, fmt.Errorf("load testimonials: %w", err)
	}
	// The forms enqueue into it, in the transaction of their request.
	// The CRM's feeds: the server that applied a run serves it at once
	// (the others within their 2 s poll); its owners are invited as after
	// `immo import`.
	invites := Config{Store: store, Site: cfg, PublicURL: c.PublicURL, Log: log, Now: c.Now}
	feeds, err := newFeeds(store, c.Keys.TOTP, c.Feeds, now, log, func(ctx context.Context, owners []importer.FeedOwner) error {
		_, rerr := cat.Refresh(ctx)
		_, err := InviteFeedOwners(ctx, invites, owners)
		return errors.Join(rerr, err)
	})
	if err != nil {
		return nil, err
	}
	jobs := &siteJobs{feeds: feeds} // the alerts', reports' and feeds' jobs, worked by the queue's client (alerts.go, feeds.go)
	var queue *mailqueue.Queue
	if c.Queue != nil {
		queue = c.Queue.For(store.Agency())
	} else if queue, err = newMailJobs(store, cfg.Agency, c.SMTPURL, log, jobs); err != nil {
		return nil, err
	}
	feeds.queue = queue
	// One resolver builds every address: the pages' and the API's
	// search suggestions'.
	resolver := &route.Resolver{Site: cfg, Catalog: cat, Testimonials: says, BaseURL: strings.TrimRight(c.PublicURL, "/"),
		MapTiles: web.TileURL(c.MapFrame.Tiles), MapAttribution: web.TileAttribution(c.MapFrame), ConditionErrors: route.LogOnce(log)}
	if c.Captcha != nil {
		resolver.Checked = c.Captcha.Provider.Name
	}
	// The platform's agencies by host (issue #35): the links' origin — the
	// pages' and the mails' — is the agency's preferred host once it has
	// one, IMMO_PUBLIC_URL's until then.
	hosts := c.Hosts
	if hosts == nil {
		hosts = &platform.Resolver{Store: store.Platform()}
	}
	resolver.Origin = agencyOrigin(hosts, store.Agency(), c.PublicURL)
	requests, spam := store.Requests(), store.Antispam()
	// The refusals the abuse page counts, in memory until flushed (Run).
	abuse := antispam.NewBatch(spam)
	pictureSigner, err := testimonial.NewPictureSigner(c.Keys.Picture)
	if err != nil {
		return nil, err
	}
	visits, err := newVisitAgenda(ctx, cfg, agencies, store, c.Now, log.With("component", "agenda"))
	if err != nil {
		return nil, err
	}
	subscribers := store.Newsletter()
	var cancels web.VisitCancels
	deps := formDeps{Requests: requests, Audit: store.Audit(), Pending: store, Pictures: pictureSigner, Spam: spam, Watch: abuse, Queue: queue, Resolver: resolver,
		Agencies: agencies, Catalog: cat, IPKey: c.Keys.IPHash, AltchaKey: c.Keys.Altcha, Now: c.Now, Log: log.With("component", "forms"), Agenda: visits,
		Newsletter: &newsletter.Service{Store: subscribers}, Captcha: c.Captcha,
		Registrants: newRegistrants(store, cfg, cat, queue)}
	resolver.Visits = visits.Board
	if cfg.Appointments != nil {
		resolver.Agenda = visits.Board
	}
	if cancels, err = newVisitCancels(deps); err != nil {
		return nil, err
	}
	forms, challenges, err := newForms(deps)
	if err != nil {
		return nil, err
	}
	news, err := newsletterPages(deps)
	if err != nil {
		return nil, err
	}
	if news.OptOuts, err = jobs.wire(store, cat, resolver, agencies, queue, now, log); err != nil {
		return nil, err
	}
	// Who is logged in, for the routes that read the viewer: the cookie is
	// Secure when the site is served over HTTPS.
	secure := strings.HasPrefix(c.PublicURL, "https://")
	obs := newObservers(c.Metrics, store.Agency(), c.ServerError) // what the operator hears
	sessions := session.New(session.Options{Store: store.Sessions(), Accounts: store.Accounts(), Now: now,
		Secure: secure, Log: log.With("component", "session")})
	counted, pageVisits, err := newPageVisits(c.Keys.IPHash, now)
	if err != nil {
		return nil, err
	}
	// The site's picture library: its pictures' variants made by Run's worker.
	newPics := &pictureQueue{}
	var library *media.Library
	if agencies.Stored() {
		library = media.NewLibrary(store, siteConfigs{agencies, store}, now)
		library.Added = newPics.add
		agencies.CheckPictures(library)         // no version naming a deleted picture is published
		agencies.CheckCaptcha(resolver.Checked) // nor one naming a captcha this site holds no secret for
	}
	variants := pictureVariants(store) // the pictures' resized variants, which Run's worker makes
	folders := pictureFolders(variants, library, pictures.FeedFS(store, feeds.runner.FetchOne), c.PictureCacheBytes, log)
	pages, closePages, err := newPages(resolver, agencies.Current, c.Store, c.MapFrame, forms, cancels, news, sessions, pageVisits, folders.Version, obs.pages, caches{html: c.HTMLCacheBytes, rendered: c.RenderedBytes}, log, c.Web)
	if err != nil {
		return nil, err
	}
	// The owners' login, password links and portal.
	owners, err := ownerPages(store, cat, c.Keys.IPHash, abuse, secure, now, obs.refused)
	if err != nil {
		return nil, err
	}
	pages.ServeOwners(owners)
	// The demand registrants' login, links and area.
	registrants, err := registrantPages(deps, store, deps.Registrants, jobs, queue, secure, now, obs.refused)
	if err != nil {
		return nil, err
	}
	pages.ServeRegistrants(registrants)
	// The agency's inbox (/admin/), its staff signing in on the staff service.
	composer, err := staffComposer(cfg, c.PublicURL, resolver.Origin, agencies)
	if err != nil {
		return nil, err
	}
	staff, err := staffService(store, cfg.Agency, composer, queue, c.Keys.TOTP, abuse, c.Now)
	if err != nil {
		return nil, err
	}
	feeds.runner.Alert = feedAlert(store, composer, queue) // a feed failing three runs in a row, and its recovery
	feeds.runner.Ran = obs.feedRan
	// The requests' mails' composer: the visitors' mails of the agenda's
	// changes, a request's fields in the staff's words.
	requestMails, err := newComposer(deps)
	if err != nil {
		return nil, err
	}
	desk := newAgendaDesk(deps, store, requestMails)
	inboxPages, err := newAdmin(store, staff, queue, resolver, says, desk, requestMails, abuse, c.Keys.IPHash, secure, c.Web, now, log,
		draftPreview{agencies, pages}, library, feeds, obs.refused, c.Console)
	if err != nil {
		return nil, err
	}
	feeds.wirePictures(newPics.add) // the CRM's pictures fetched anew: their variants
	h := server.Handler(server.Deps{
		Catalog: cat, Site: cfg, Agency: agencies.Current, Pictures: folders, Log: log, Pages: pages, Links: resolver,
		PublicURL: c.PublicURL, MapTiles: web.TileURL(c.MapFrame.Tiles), Challenges: challenges,
		TestimonialPictures: &web.TestimonialPictures{Signer: pictureSigner, Store: store, Log: log},
		TrustedProxies:      c.TrustedProxies,
		Admin:               inboxPages,
		FeedPush:            feeds.push(), // the CRM's pushes (POST /api/feed/{feed}…)
		Observe:             obs.requests,
		Hosts:               hosts,
		AgencyID:            store.Agency(),
	})
	if c.Queue == nil { // a platform's sites are watched by the platform (summed)
		obs.watch(pages.Responder().RenderStats, pages.Responder().CacheCounts, queue, feeds.runner.Feeds.Feeds)
	}
	a := &App{Handler: h, Agency: agencies, Catalog: cat, Testimonials: says, Agenda: visits, Challenges: challenges, Staff: staff, EndStreams: inboxPages.EndStreams, Pictures: pictureSigner,
		Queue: queue, visits: counted, abuse: abuse, store: store, site: cfg, library: library, newPics: newPics, smtpURL: c.SMTPURL, now: now, log: log, closePages: closePages, jobs: jobs,
		sharedQueue: c.Queue != nil, pages: pages, demoPictures: c.DemoPictures}
	if c.Prerender && (c.Web == nil || c.Web.built) {
		a.prerender = pages
	}
	return a, nil
}

// Run starts what runs beside the handler until ctx ends or Close: the mail
// queue sending (StartMail), the watchers picking up what another process
// stored (the catalog every 2 s, the testimonials and the agenda every 5 s),
// the hourly anti-spam purge, the hourly forgetting of expired sessions
// and of old catalog runs,
// the writing of the pages' visits every VisitFlushInterval, the alert
// scan of each catalog version, and the picture worker with its feeder. It
// returns at once.
func (a *App) Run(ctx context.Context) error {
	if err := a.StartMail(ctx); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	log, store := a.log, a.store
	wg.Go(func() { watch(ctx, 2*time.Second, "catalog", a.Catalog.Refresh, log) })
	// Every 2 s: a version another server published, and a draft whose
	// scheduled time has come (published by the server that claims it).
	wg.Go(func() {
		watch(ctx, 2*time.Second, "site configuration", func(ctx context.Context) (bool, error) {
			if _, err := a.Agency.PublishDue(ctx); err != nil {
				log.Warn("scheduled publication failed", "err", err)
			}
			return a.Agency.Refresh(ctx)
		}, log)
	})
	wg.Go(func() { watch(ctx, 5*time.Second, "testimonials", a.Testimonials.Refresh, log) })
	// Every 2 s, like the configuration: a version's new slot rules reach the pages as fast.
	wg.Go(func() { watch(ctx, 2*time.Second, "agenda", a.Agenda.Board.Refresh, log) })
	wg.Go(func() { a.abuse.Run(ctx, antispam.FlushEvery, log) })
	if !a.sharedQueue { // a platform's: once for every agency (Platform.Run)
		runPurges(ctx, &wg, store, a.now, log)
		wg.Go(func() { a.jobs.feeds.watch(ctx) }) // the feeds due and their pictures
	}
	wg.Go(func() {
		watch(ctx, VisitFlushInterval, "page visits", func(ctx context.Context) (bool, error) {
			return false, a.FlushVisits(ctx)
		}, log)
	})
	wg.Go(func() { a.jobs.watch(ctx) })
	if a.prerender != nil {
		wg.Go(func() { a.prerender.Prerender(ctx, 2*time.Second) })
	}
	_, stopPictures := startPictures(ctx, store, pictureVariants(store), a.Catalog, a.site, a.library, a.newPics, a.demoPictures, log)
	a.mu.Lock()
	defer a.mu.Unlock()
	a.stopLoops = func() {
		cancel()
		stopPictures()
		wg.Wait()
	}
	return nil
}

// runPurges starts the hourly purges by age: each statement purges every
// agency's rows (marked "every agency" in the SQL layer), so a process
// runs them once — a lone site's Run, or the platform's.
func runPurges(ctx context.Context, wg *sync.WaitGroup, store storage.Store, now func() time.Time, log *slog.Logger) {
	wg.Go(func() {
		watch(ctx, antispam.PurgeInterval, "anti-spam purge", func(ctx context.Context) (bool, error) {
			return false, antispam.Purge(ctx, store.Antispam(), store.Requests(), now())
		}, log)
	})
	wg.Go(func() {
		watch(ctx, time.Hour, "expired sessions", func(ctx context.Context) (bool, error) {
			_, err := store.Sessions().DeleteExpired(ctx, now())
			return false, err
		}, log)
	})
	wg.Go(func() {
		watch(ctx, time.Hour, "old catalog runs", func(ctx context.Context) (bool, error) {
			now := now()
			_, err := store.PruneRuns(ctx, now.Add(-feed.KeepUnchanged), now.Add(-feed.KeepRuns))
			return false, err
		}, log)
	})
	wg.Go(func() {
		watch(ctx, time.Hour, "unconfirmed demands", func(ctx context.Context) (bool, error) {
			_, err := store.Registrants().PurgePending(ctx, now().Add(-registrant.PendingKept))
			return false, err
		}, log)
	})
}

// StartMail starts the mail queue sending, when the site has an SMTP URL;
// Run does it too. The tests start the mail alone: the other loops keep
// real time and would work beside their clock.
func (a *App) StartMail(ctx context.Context) error {
	if a.sharedQueue {
		return nil
	}
	stop, err := startMail(ctx, a.Queue, a.site.Agency, a.smtpURL, a.log)
	if err != nil {
		return err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.stopMail = stop
	return nil
}

// Close ends the loops (a picture in progress is dropped, made again at the
// next start), lets the mails being sent finish, writes the pages' visits
// counted since the last flush, and closes the server renderer. It returns
// once nothing uses the store: close that after.
func (a *App) Close() {
	a.mu.Lock()
	stopLoops, stopMail := a.stopLoops, a.stopMail
	a.stopLoops, a.stopMail = nil, nil
	a.mu.Unlock()
	if stopLoops != nil {
		stopLoops()
	}
	if stopMail != nil {
		stopMail()
	}
	a.flushVisitsOnClose()
	a.closePages()
}

// logger is c.Log, or one that drops everything.
func (c Config) logger() *slog.Logger {
	if c.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return c.Log
}

// clock is c.Now, or the wall clock.
func (c Config) clock() func() time.Time {
	if c.Now == nil {
		return time.Now
	}
	return c.Now
}
