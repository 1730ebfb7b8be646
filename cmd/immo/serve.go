package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"immo/internal/antispam"
	"immo/internal/catalog"
	"immo/internal/demo"
	"immo/internal/logsum"
	"immo/internal/newsletter"
	"immo/internal/server"
	"immo/internal/site"
	"immo/internal/testimonial"
	"immo/internal/web"
	"immo/internal/web/route"
	"immo/internal/web/session"
)

func runServe(ctx context.Context, args []string) error {
	var s settings
	fs := newFlagSet("serve", serveSynopsis)
	s.register(fs)
	fs.StringVar(&s.addr, "addr", envOr("IMMO_ADDR", ":8080"), "address to listen on (env IMMO_ADDR)")
	fs.StringVar(&s.publicURL, "public-url", os.Getenv("IMMO_PUBLIC_URL"), "the site's public origin for canonical links (env IMMO_PUBLIC_URL; default http://localhost:PORT)")
	fs.StringVar(&s.configFile, "config", os.Getenv("IMMO_CONFIG"), "site configuration file (env IMMO_CONFIG; default: the demo agency)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	smtpURL := os.Getenv("IMMO_SMTP_URL")
	proxies, err := server.ParseTrustedProxies(os.Getenv("IMMO_TRUSTED_PROXIES"))
	if err != nil {
		return err
	}
	mapFrame := web.MapFrameOptions{Tiles: os.Getenv("IMMO_MAP_TILES"), Attribution: os.Getenv("IMMO_MAP_ATTRIBUTION")}
	log := newLogger(ctx, logOutput)
	keys, err := loadKeys(os.Getenv("IMMO_SECRET"), s.dataDir)
	if err != nil {
		return err
	}
	cfg, err := loadSite(s.configFile)
	if err != nil {
		return err
	}
	checker, err := newCaptcha(cfg, os.Getenv("IMMO_CAPTCHA_SECRET"), log)
	if err != nil {
		return err
	}
	store, db, err := openStore(ctx, s)
	if err != nil {
		return err
	}
	if db.Host != "" {
		log.Info("database", "driver", db.Driver, "host", db.Host, "database", db.Database)
	} else {
		log.Info("database", "driver", db.Driver, "database", db.Database)
	}
	log.Info("configuration", "file", configName(s.configFile))
	defer store.Close()
	if err := seedDemo(ctx, store, log); err != nil {
		return err
	}
	cat, err := catalog.NewService(ctx, store)
	if err != nil {
		return fmt.Errorf("load catalog: %w", err)
	}
	go watch(ctx, 2*time.Second, "catalog", cat.Refresh, log)
	says, err := testimonial.NewService(ctx, store)
	if err != nil {
		return fmt.Errorf("load testimonials: %w", err)
	}
	go watch(ctx, 5*time.Second, "testimonials", says.Refresh, log)
	variants, stopPictures := startPictures(ctx, store, cat, cfg, log)
	defer stopPictures() // before the store closes
	// The forms enqueue into it, in the transaction of their request.
	queue, stopMail, err := startMail(ctx, store, cfg.Agency, smtpURL, log)
	if err != nil {
		return err
	}
	defer stopMail() // before the store closes

	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		return err
	}
	// One address holds at most MaxConnsPerAddress connections (slow
	// clients trickling bodies); the trusted proxies carry everyone's.
	ln = server.LimitPerAddress(ln, server.MaxConnsPerAddress, proxies)
	if s.publicURL == "" {
		s.publicURL = "http://" + displayAddr(ln.Addr())
	}
	// One resolver builds every address: the pages' and the API's
	// search suggestions'.
	resolver := &route.Resolver{Site: cfg, Catalog: cat, Testimonials: says, BaseURL: strings.TrimRight(s.publicURL, "/"),
		MapTiles: web.TileURL(mapFrame.Tiles), ConditionErrors: route.LogOnce(log)}
	requests, spam := store.Requests(), store.Antispam()
	pictureSigner, err := testimonial.NewPictureSigner(keys.picture)
	if err != nil {
		return err
	}
	visits, err := newVisitAgenda(ctx, cfg, store, nil, log.With("component", "agenda"))
	if err != nil {
		return err
	}
	subscribers := store.Newsletter()
	var cancels web.VisitCancels
	deps := formDeps{Requests: requests, Pending: store, Pictures: pictureSigner, Spam: spam, Queue: queue, Resolver: resolver,
		Catalog: cat, IPKey: keys.ipHash, AltchaKey: keys.altcha, Log: log.With("component", "forms"), Agenda: visits,
		Newsletter: &newsletter.Service{Store: subscribers}, Captcha: checker}
	if visits != nil {
		resolver.Agenda = visits.Board
		go watch(ctx, 5*time.Second, "agenda", visits.Board.Refresh, log)
		if cancels, err = newVisitCancels(deps); err != nil {
			return err
		}
	}
	forms, challenges, err := newForms(deps)
	if err != nil {
		return err
	}
	news, err := newsletterPages(deps)
	if err != nil {
		return err
	}
	go antispam.RunPurge(ctx, spam, requests, antispam.PurgeInterval, log)
	// Who is logged in, for the routes that read the viewer: the cookie is
	// Secure when the site is served over HTTPS.
	sessions := session.New(session.Options{Store: store.Sessions(), Accounts: store.Accounts(),
		Secure: strings.HasPrefix(s.publicURL, "https://"), Log: log.With("component", "session")})
	go watch(ctx, time.Hour, "expired sessions", func(ctx context.Context) (bool, error) {
		_, err := store.Sessions().DeleteExpired(ctx, time.Now())
		return false, err
	}, log)
	pages, closePages, err := newPages(resolver, mapFrame, forms, cancels, news, sessions, log)
	if err != nil {
		return err
	}
	defer closePages()
	srv := server.New(s.addr, server.Handler(server.Deps{
		Catalog: cat, Site: cfg, Pictures: demo.Pictures(), Variants: variants, Log: log, Pages: pages, Links: resolver,
		PublicURL: s.publicURL, MapTiles: web.TileURL(mapFrame.Tiles), Challenges: challenges,
		TestimonialPictures: &web.TestimonialPictures{Signer: pictureSigner, Store: store, Log: log},
		TrustedProxies:      proxies,
	}))
	log.Info("immo is serving", "url", "http://"+displayAddr(ln.Addr()), "version", version)
	fmt.Fprintf(stdout, "immo is serving on http://%s\n", displayAddr(ln.Addr()))

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// logSummaryInterval is how often a repeated warning is reported with its
// count (logsum): a failing render or a database outage under load would
// otherwise write thousands of lines a minute.
const logSummaryInterval = time.Minute

// newLogger is the server's log: text on w, repeated warnings summarised
// once per interval until ctx ends.
func newLogger(ctx context.Context, w io.Writer) *slog.Logger {
	sum := logsum.New(slog.NewTextHandler(w, nil), logSummaryInterval, time.Now)
	go sum.Run(ctx)
	return slog.New(sum)
}

// loadSite reads the configuration file, or the demo agency's when none is given.
func loadSite(path string) (*site.Config, error) {
	if path == "" {
		return site.Parse("demo/site.json", demo.SiteJSON())
	}
	return site.Load(path)
}

// configName is the configuration file in use, for the start log.
func configName(path string) string {
	if path == "" {
		return "built-in demo agency"
	}
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

// displayAddr turns ":8080" or "[::]:8080" into "localhost:8080".
func displayAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil || host == "" || host == "::" || host == "0.0.0.0" {
		return "localhost:" + port
	}
	return net.JoinHostPort(host, port)
}
