package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"immo/internal/adapter/captcha"
	"immo/internal/adapter/cmemory"
	"immo/internal/adapter/demo"
	"immo/internal/adapter/importer"
	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/pictures"
	"immo/internal/adapter/storage"
	"immo/internal/domain/agency"
	"immo/internal/domain/feed"
	"immo/internal/domain/platform"
	"immo/internal/domain/site"
	"immo/internal/http/server"
	"immo/internal/http/web/respond"
	"immo/internal/http/web/ssr"
)

// A platform serves every agency of its database from one process (issue
// #35): each agency's site — what New builds: its bound store, catalog
// index, caches, renderers, forms, loops — is built on the first request
// to one of its hosts (or the first job it has), kept while used, and
// dropped past a budget, least recently used first. What runs without
// requests is the platform's: the one mail and job queue (River elects one
// leader per database, which alone inserts the periodic jobs, so a client
// per agency would leave every agency but one without them) and the host
// resolver. The implicit agency's site is built at the start: one agency
// on SQLite runs exactly as a lone site did.

// DefaultLoaded is how many agencies' sites a platform keeps by default.
const DefaultLoaded = 16

// A site's caches on a platform of several agencies: its HTML cache's
// deflated pages (a lone site's: 16 MiB) and each of its picture folders'
// variants (a lone site's: 32 MiB) — with the default budget of sites, at
// most 16 × (4 + 3 × 4) MiB together.
const (
	SharedHTMLCache    = 4 << 20
	SharedPictureCache = 4 << 20
	// SharedRendered bounds an agency's rendered pages in the database (a
	// lone site's: 256 MiB): the demo's ~300 pages, deflated, several times.
	SharedRendered = 32 << 20
)

// PlatformConfig is what a platform is built from.
type PlatformConfig struct {
	// Site is every agency's site's settings: its Store the database (each
	// site gets it bound to its agency), Keys and Agency set per agency
	// (KeysFor, OpenAgency).
	Site Config
	// OpenAgency opens agency a's configuration on the store bound to it
	// (a new agency's first one published).
	OpenAgency func(ctx context.Context, store storage.Store, a platform.Agency) (*agency.Service, error)
	// KeysFor derives agency's keys from the platform's secret.
	KeysFor func(agency int64) (Keys, error)
	// Loaded is how many sites are kept at once; 0: DefaultLoaded.
	Loaded int
	// IdleAfter drops a site no request or job used for that long; 0:
	// DefaultIdleAfter. The implicit agency's is kept while it is the only
	// agency (one agency runs as a lone site did).
	IdleAfter time.Duration
}

// DefaultIdleAfter is how long a platform keeps a site nobody uses: its
// loops (the 2 s checks of its catalog, configuration and agenda) stop
// with it, so an idle platform polls for nobody.
const DefaultIdleAfter = 15 * time.Minute

// Platform serves every agency's site by the request's host.
type Platform struct {
	c     PlatformConfig
	hosts *platform.Resolver
	queue *mailqueue.Queue
	log   *slog.Logger

	mu       sync.Mutex
	sites    map[int64]*loadedSite
	runCtx   context.Context // Run's: the sites built later run until it ends
	closed   bool
	stopQ    func()
	clock    func() time.Time
	tickers  map[int64]*feedJobs // each agency's feeds as the platform's tick claims them
	closeWeb func()              // ends the renderer every site shares (nil: the caller's)
	scheme   string              // the public one (IMMO_PUBLIC_URL's): the redirects to a preferred host
	health   http.Handler        // /healthz and /readyz when the implicit agency's site is not loaded
	errors   *serverErrors       // the sites' 5xx, written once a minute for the operator's console
	// demoPictures makes the demo's pictures' variants, once for every
	// site (their rows the implicit agency's: pictureVariants).
	demoPictures *pictures.Worker
}

// loadedSite is one agency's site, built once by the first who needs it.
type loadedSite struct {
	ready chan struct{} // closed once app or err is set
	app   *App
	err   error
	used  time.Time // its last request
	refs  int       // requests being served
}

// NewPlatform builds the platform and the implicit agency's site.
func NewPlatform(ctx context.Context, c PlatformConfig) (_ *Platform, err error) {
	if c.Loaded <= 0 {
		c.Loaded = DefaultLoaded
	}
	if c.IdleAfter <= 0 {
		c.IdleAfter = DefaultIdleAfter
	}
	log := c.Site.logger()
	p := &Platform{c: c, errors: newServerErrors(), hosts: &platform.Resolver{Store: c.Site.Store.Platform(), Now: c.Site.Now}, log: log, clock: c.Site.clock(),
		sites: map[int64]*loadedSite{}, tickers: map[int64]*feedJobs{}, scheme: "http"}
	if strings.HasPrefix(c.Site.PublicURL, "https://") {
		p.scheme = "https"
	}
	db, _ := c.Site.Store.QueueDB()
	p.health = server.PlatformHealth(db.PingContext, 0, log)
	if p.c.Site.Web == nil { // one renderer for every agency's pages
		if p.c.Site.Web, p.closeWeb, err = builtWeb(log); err != nil {
			return nil, err
		}
		defer func() {
			if err != nil {
				p.closeWeb()
			}
		}()
	}
	if p.c.Site.Web.slots == nil { // the engines' slots every site takes its renders from
		p.c.Site.Web = p.c.Site.Web.shared()
	}
	p.demoPictures = pictures.NewWorker(c.Site.Store.For(platform.Implicit),
		pictures.FSOpener(demo.PictureURLPrefix, demo.Pictures()), log.With("component", "demo pictures"))
	p.c.Site.DemoPictures = p.demoPictures.Enqueue
	router := &jobRouter{sites: p.jobs, agencies: p.agencies}
	first, err := p.openAgency(ctx, platform.Implicit)
	if err != nil {
		return nil, err
	}
	queue, err := newMailJobs(c.Site.Store, first.Current().Site.Agency, c.Site.SMTPURL, log, router)
	if err != nil {
		return nil, err
	}
	p.queue, router.queue = queue, queue
	_, release, err := p.site(ctx, platform.Implicit, first)
	if err != nil {
		return nil, err
	}
	release()
	newObservers(c.Site.Metrics, platform.Implicit, nil).watch(p.renderStats, p.cacheCounts, queue, p.loadedFeeds)
	if m := c.Site.Metrics; m != nil {
		m.Gauge("immo_sites_loaded", "Agencies' sites built and kept now (at most IMMO_SITES_LOADED).", func() float64 { return float64(len(p.Loaded())) })
		if pool, ok := p.c.Site.Web.Renderer.(interface{ Stats() ssr.Stats }); ok {
			m.Gauge("immo_render_engines", "Server render engines running now (one kept; more start when renders come at once, and close after an idle minute).",
				func() float64 { return float64(pool.Stats().Engines) })
		}
	}
	return p, nil
}

// ServeHTTP serves the request on the site of the agency its host names.
// An unknown or disabled host and another host of an agency are answered
// here, no site built for them (a 404 naming no agency, the redirect to
// its preferred host); the health checks — on any host — go to the
// implicit agency's site while it is loaded (one agency: always, as a lone
// site answered them), else the platform answers them itself, building
// and keeping no site for a balancer's probe; a request while the
// agencies cannot be read goes to the implicit agency's site.
func (p *Platform) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/healthz" || r.URL.Path == "/readyz" {
		if a, release := p.builtSite(platform.Implicit); a != nil {
			defer release()
			a.Handler.ServeHTTP(w, r)
			return
		}
		p.health.ServeHTTP(w, r)
		return
	}
	id := platform.Implicit
	switch a, err := p.hosts.Resolve(r.Context(), r.Host); {
	case err != nil:
	case a.Agency == nil:
		server.UnknownHost(w, r)
		return
	case a.Redirect != "":
		server.ToPreferredHost(w, r, p.scheme, a.Redirect)
		return
	default:
		id = a.Agency.ID
	}
	a, release, err := p.site(r.Context(), id, nil)
	if err != nil {
		p.log.Error("platform: a site could not be built", "agency", id, "err", err)
		http.Error(w, http.StatusText(http.StatusServiceUnavailable), http.StatusServiceUnavailable)
		return
	}
	defer release()
	a.Handler.ServeHTTP(w, r)
}

// builtSite is agency id's site when it is built and running, held
// without counting as a use (a probe keeps no site loaded); nil when not.
func (p *Platform) builtSite(id int64) (*App, func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.sites[id]
	if s == nil || p.closed {
		return nil, nil
	}
	select {
	case <-s.ready:
	default:
		return nil, nil
	}
	if s.err != nil || s.app == nil {
		return nil, nil
	}
	s.refs++
	return s.app, func() { p.release([]*loadedSite{s}) }
}

// site is agency id's site, built (with opened, when given) if it is not
// loaded; release ends its use.
func (p *Platform) site(ctx context.Context, id int64, opened *agency.Service) (*App, func(), error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, nil, errors.New("platform: closed")
	}
	s := p.sites[id]
	build := s == nil
	if build {
		s = &loadedSite{ready: make(chan struct{})}
		p.sites[id] = s
	}
	s.refs++
	s.used = p.clock()
	p.mu.Unlock()
	release := func() { p.release([]*loadedSite{s}) }
	if build {
		// Not the request's context: its end must not fail the build
		// the other requests wait for.
		a, err := p.buildSafely(context.WithoutCancel(ctx), id, opened)
		p.mu.Lock()
		s.app, s.err = a, err
		run := p.runCtx // set after this: Run starts it with the others
		p.mu.Unlock()
		if err == nil && run != nil {
			if s.err = a.Run(run); s.err != nil {
				a.Close()
				p.mu.Lock()
				s.app = nil
				p.mu.Unlock()
			}
		}
		close(s.ready)
		if s.err == nil {
			p.dropPastBudget()
		}
	} else {
		select {
		case <-s.ready:
		case <-ctx.Done():
			release()
			return nil, nil, ctx.Err()
		}
	}
	if s.err != nil {
		p.mu.Lock()
		if p.sites[id] == s {
			delete(p.sites, id) // the next request tries again
		}
		s.refs--
		p.mu.Unlock()
		return nil, nil, s.err
	}
	return s.app, release, nil
}

// buildSafely is build, a panic in it an error: the requests waiting for
// the site are answered, and the next one tries again.
func (p *Platform) buildSafely(ctx context.Context, id int64, opened *agency.Service) (a *App, err error) {
	defer func() {
		if r := recover(); r != nil {
			a, err = nil, fmt.Errorf("agency %d: building its site panicked: %v", id, r)
		}
	}()
	return p.build(ctx, id, opened)
}

// build builds agency id's site.
func (p *Platform) build(ctx context.Context, id int64, opened *agency.Service) (*App, error) {
	store := storage.Bound(p.c.Site.Store, id)
	var err error
	if opened == nil {
		if opened, err = p.openAgency(ctx, id); err != nil {
			return nil, err
		}
	}
	keys, err := p.c.KeysFor(id)
	if err != nil {
		return nil, err
	}
	c := p.c.Site
	c.Store, c.Agency, c.Keys, c.Queue, c.Hosts = store, opened, keys, p.queue, p.hosts
	c.Log = p.log.With("agency", id)
	c.ServerError = func() { p.errors.add(id) }
	if id == platform.Implicit {
		// The platform's operators are the implicit agency's accounts:
		// their pages are in its inbox.
		c.Console = p.console()
	}
	c.Captcha = p.captchaOf(ctx, id, keys, opened, c.Log)
	if ids, err := p.agencies(ctx); err == nil && len(ids) > 1 && c.HTMLCacheBytes == 0 {
		// Several agencies: each site's caches a share, so that the loaded
		// sites' together stay bounded (IMMO_SITES_LOADED × the share).
		c.HTMLCacheBytes, c.PictureCacheBytes, c.RenderedBytes = SharedHTMLCache, SharedPictureCache, SharedRendered
	}
	started := time.Now()
	a, err := New(ctx, c)
	if err != nil {
		return nil, fmt.Errorf("agency %d: %w", id, err)
	}
	if m := c.Metrics; m != nil {
		m.SiteBuilt(time.Since(started))
	}
	p.log.Info("platform: site loaded", "agency", id)
	return a, nil
}

// captchaOf is the third-party captcha agency id's forms check: with its
// own sealed secret (immo agencies set-captcha), else, the implicit
// agency's, with IMMO_CAPTCHA_SECRET (the platform's Site.Captcha), else
// none (ALTCHA). A secret that does not open (IMMO_SECRET changed) leaves
// the forms on ALTCHA, and the pages offer no widget no one checks
// (route.Resolver.Checked).
func (p *Platform) captchaOf(ctx context.Context, id int64, keys Keys, opened *agency.Service, log *slog.Logger) *captcha.Checker {
	rec := p.hosts.Lookup(ctx, id)
	if rec == nil || rec.CaptchaSecret == "" {
		if id == platform.Implicit {
			return p.c.Site.Captcha
		}
		return nil
	}
	checker, err := agencyCaptcha(keys.TOTP, id, rec.CaptchaSecret, opened.Current().Site, log)
	if err != nil {
		log.Error("platform: the agency's captcha secret", "err", err)
		return nil
	}
	return checker
}

// openAgency opens agency id's configuration on its bound store.
func (p *Platform) openAgency(ctx context.Context, id int64) (*agency.Service, error) {
	rec := p.hosts.Lookup(ctx, id)
	if rec == nil {
		return nil, fmt.Errorf("platform: no agency %d", id)
	}
	return p.c.OpenAgency(ctx, storage.Bound(p.c.Site.Store, id), *rec)
}

// dropPastBudget closes the least recently used sites past the budget
// that serve no request now; the implicit agency's is kept while it is the
// only agency (one agency runs as a lone site did).
func (p *Platform) dropPastBudget() {
	p.mu.Lock()
	var idle []int64
	for id, s := range p.sites {
		if s.refs == 0 && s.app != nil {
			idle = append(idle, id)
		}
	}
	sort.Slice(idle, func(i, j int) bool { return p.sites[idle[i]].used.Before(p.sites[idle[j]].used) })
	var drop []*App
	for _, id := range idle {
		if len(p.sites) <= p.c.Loaded {
			break
		}
		drop = append(drop, p.sites[id].app)
		delete(p.sites, id)
		p.log.Info("platform: site dropped", "agency", id)
	}
	p.mu.Unlock()
	for _, a := range drop {
		a.Close()
	}
}

// dropIdle closes the sites nobody used for IdleAfter, serving no request
// now; the implicit agency's stays while it is the only agency.
func (p *Platform) dropIdle(ctx context.Context) error {
	ids, err := p.agencies(ctx)
	if err != nil {
		return err
	}
	alone := len(ids) == 1 && ids[0] == platform.Implicit
	before := p.clock().Add(-p.c.IdleAfter)
	var drop []*App
	p.mu.Lock()
	for id, s := range p.sites {
		if s.refs == 0 && s.app != nil && s.used.Before(before) && !(alone && id == platform.Implicit) {
			drop = append(drop, s.app)
			delete(p.sites, id)
			p.log.Info("platform: idle site dropped", "agency", id)
		}
	}
	p.mu.Unlock()
	for _, a := range drop {
		a.Close()
	}
	return nil
}

// jobs is agency id's jobs, its site built for them if need be (a job is
// due whether the agency was visited or not), held until release: no
// budget nor idleness drops a site while its job runs.
func (p *Platform) jobs(ctx context.Context, id int64) (*siteJobs, func(), error) {
	a, release, err := p.site(ctx, id, nil)
	if err != nil {
		return nil, nil, err
	}
	return a.jobs, release, nil
}

// agencies are the enabled agencies (the implicit one while there are none).
func (p *Platform) agencies(ctx context.Context) ([]int64, error) {
	all, err := p.c.Site.Store.Platform().Agencies(ctx)
	if err != nil {
		return nil, err
	}
	if len(all) == 0 {
		return []int64{platform.Implicit}, nil
	}
	var ids []int64
	for _, a := range all {
		if !a.Disabled {
			ids = append(ids, a.ID)
		}
	}
	return ids, nil
}

// Run starts the queue and the loaded sites' loops; the sites built later
// run from their build. It returns at once.
func (p *Platform) Run(ctx context.Context) error {
	p.mu.Lock()
	if p.closed || p.runCtx != nil {
		p.mu.Unlock()
		return errors.New("platform: run once, before Close")
	}
	p.runCtx = ctx
	// The sites built so far, held while they start: a drop meanwhile
	// waits for them (refs), and no site built later is among them.
	var loaded []*loadedSite
	for _, s := range p.sites {
		if s.app != nil {
			s.refs++
			loaded = append(loaded, s)
		}
	}
	p.mu.Unlock()
	var from site.Agency // the log's: the mails name their agency themselves
	if implicit := p.implicitSite(); implicit != nil {
		from = implicit.site.Agency
	}
	stopQueue, err := startMail(ctx, p.queue, from, p.c.Site.SMTPURL, p.log)
	if err != nil {
		p.release(loaded)
		return err
	}
	// What runs once for every agency, loaded or not, until Close.
	loops, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	runPurges(loops, &wg, p.c.Site.Store, p.clock, p.log)
	wg.Go(func() {
		watch(loops, feedTickEvery, "feeds", func(ctx context.Context) (bool, error) { return false, p.tickFeeds(ctx) }, p.log)
	})
	wg.Go(func() {
		watch(loops, time.Minute, "idle sites", func(ctx context.Context) (bool, error) { return false, p.dropIdle(ctx) }, p.log)
	})
	wg.Go(func() {
		watch(loops, time.Minute, "server errors", func(ctx context.Context) (bool, error) { return false, p.flushErrors(ctx) }, p.log)
	})
	// What a burst freed in C (the pre-render's, an engine closed when
	// idle, SQLite's) back to the system, once it is over.
	wg.Go(func() {
		watch(loops, time.Minute, "C memory", func(context.Context) (bool, error) { _, err := cmemory.Trim(); return false, err }, p.log)
	})
	if p.demoPictures != nil {
		wg.Go(func() { p.demoPictures.Run(loops) })
	}
	p.mu.Lock()
	p.stopQ = func() {
		cancel()
		wg.Wait()
		// The last minute's errors, before the database goes.
		ctx, done := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer done()
		if err := p.flushErrors(ctx); err != nil {
			p.log.Warn("platform: the last server errors not counted", "err", err)
		}
		stopQueue()
	}
	p.mu.Unlock()
	for _, s := range loaded {
		if err := s.app.Run(ctx); err != nil {
			p.release(loaded)
			return err
		}
	}
	p.release(loaded)
	return nil
}

// flushErrors writes the sites' server errors counted since the last time.
func (p *Platform) flushErrors(ctx context.Context) error {
	return p.errors.flush(ctx, func(id int64) platform.ErrorCounter { return p.c.Site.Store.For(id) }, p.clock())
}

// release ends the hold Run took on sites.
func (p *Platform) release(sites []*loadedSite) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range sites {
		s.refs--
	}
}

// tickFeeds claims every enabled agency's due feeds and inserts their
// pulls and picture fetches (feedJobs.tick): a feed is due whether its
// agency's site is loaded or not, and its job builds the site it runs on.
func (p *Platform) tickFeeds(ctx context.Context) error {
	ids, err := p.agencies(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, id := range ids {
		j, err := p.feedTicker(id)
		if err == nil {
			err = j.tick(ctx)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("agency %d: %w", id, err))
		}
	}
	return errors.Join(errs...)
}

// feedTicker is agency id's feeds as the tick needs them (its service
// and pictures on its bound store, its queue): kept, as small as a few
// pointers, whether its site is loaded or not.
func (p *Platform) feedTicker(id int64) (*feedJobs, error) {
	p.mu.Lock()
	j := p.tickers[id]
	p.mu.Unlock()
	if j != nil {
		return j, nil
	}
	keys, err := p.c.KeysFor(id)
	if err != nil {
		return nil, err
	}
	j, err = newFeeds(storage.Bound(p.c.Site.Store, id), keys.TOTP, p.c.Site.Feeds, p.clock, p.log.With("agency", id),
		func(context.Context, []importer.FeedOwner) error {
			return errors.New("platform: a tick imports nothing")
		})
	if err != nil {
		return nil, err
	}
	j.queue = p.queue.For(id)
	p.mu.Lock()
	p.tickers[id] = j
	p.mu.Unlock()
	return j, nil
}

// implicitSite is the implicit agency's site (built by NewPlatform, kept
// until a budget drops it: then any loaded one, for the sender's name).
func (p *Platform) implicitSite() *App {
	p.mu.Lock()
	defer p.mu.Unlock()
	if s := p.sites[platform.Implicit]; s != nil && s.app != nil {
		return s.app
	}
	for _, s := range p.sites {
		if s.app != nil {
			return s.app
		}
	}
	return nil
}

// EndStreams ends every loaded site's open inbox streams (the server's
// shutdown).
func (p *Platform) EndStreams() {
	for _, a := range p.loaded() {
		a.EndStreams()
	}
}

// Close stops what runs for every agency — the loops, then the queue,
// letting the jobs and mails under way finish — then closes every site,
// then the renderer they share. Close the store after. A second Close
// does nothing.
func (p *Platform) Close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	stop := p.stopQ
	p.mu.Unlock()
	if stop != nil {
		stop()
	}
	p.mu.Lock()
	sites := p.sites
	p.sites = map[int64]*loadedSite{}
	p.mu.Unlock()
	for _, s := range sites {
		<-s.ready
		if s.app != nil {
			s.app.Close()
		}
	}
	if p.closeWeb != nil {
		p.closeWeb()
	}
}

// loaded are the sites loaded now.
func (p *Platform) loaded() []*App {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []*App
	for _, s := range p.sites {
		select {
		case <-s.ready:
			if s.app != nil {
				out = append(out, s.app)
			}
		default:
		}
	}
	return out
}

// Loaded are the agencies whose sites are loaded now, in order.
func (p *Platform) Loaded() []int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	var ids []int64
	for id, s := range p.sites {
		if s.app != nil {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// Site is agency id's site, built if need be (the tests', the commands').
func (p *Platform) Site(ctx context.Context, id int64) (*App, error) {
	a, release, err := p.site(ctx, id, nil)
	if err != nil {
		return nil, err
	}
	release()
	return a, nil
}

// Queue is the platform's one mail and job queue.
func (p *Platform) Queue() *mailqueue.Queue { return p.queue }

// The operator's gauges, summed over the loaded sites.
// renderStats are the shared engines' slots, and the renders every site
// has waiting (each counted in its own queue until it has an engine).
func (p *Platform) renderStats() respond.RenderStats {
	sum := p.c.Site.Web.slots.Stats()
	sum.Waiting = 0
	for _, a := range p.loaded() {
		sum.Waiting += a.pages.Responder().RenderStats().Waiting
	}
	return sum
}

func (p *Platform) cacheCounts() (fresh, stale int) {
	for _, a := range p.loaded() {
		f, s := a.pages.Responder().CacheCounts()
		fresh, stale = fresh+f, stale+s
	}
	return fresh, stale
}

// loadedFeeds are the loaded agencies' feeds.
func (p *Platform) loadedFeeds(ctx context.Context) ([]feed.Feed, error) {
	var all []feed.Feed
	for _, a := range p.loaded() {
		fs, err := a.jobs.feeds.service.Store.Feeds(ctx)
		if err != nil {
			return nil, err
		}
		all = append(all, fs...)
	}
	return all, nil
}
