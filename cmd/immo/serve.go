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
	"strconv"
	"time"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/metrics"
	"immo/internal/adapter/storage"
	"immo/internal/app"
	"immo/internal/domain/agency"
	"immo/internal/domain/platform"
	"immo/internal/domain/site"
	"immo/internal/http/server"
	"immo/internal/http/web"
	"immo/internal/tool/logsum"
)

func runServe(ctx context.Context, args []string) error {
	var s settings
	fs := s.flagSet("serve", serveSynopsis)
	fs.StringVar(&s.addr, "addr", envOr("IMMO_ADDR", ":8080"), "address to listen on (env IMMO_ADDR)")
	s.registerSite(fs, "the site's public origin for canonical links (env IMMO_PUBLIC_URL; default http://localhost:PORT)")
	tlsCert := fs.String("tls-cert", os.Getenv("IMMO_TLS_CERT"), "serve HTTPS (HTTP/2 and HTTP/1.1) with this certificate file, PEM (env IMMO_TLS_CERT; with --tls-key)")
	tlsKey := fs.String("tls-key", os.Getenv("IMMO_TLS_KEY"), "the certificate's private key file, PEM (env IMMO_TLS_KEY)")
	prerender := fs.Bool("prerender", os.Getenv("IMMO_PRERENDER") != "off", "render the sitemap's pages in the background after every change (env IMMO_PRERENDER=off: not)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if (*tlsCert == "") != (*tlsKey == "") {
		return errors.New("--tls-cert and --tls-key go together")
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
	store, db, err := openStore(ctx, s)
	if err != nil {
		return err
	}
	defer store.Close()
	now := serveClock(log) // nil: the wall clock
	agencies, err := openAgency(ctx, store, s.configFile, now)
	if err != nil {
		return err
	}
	cfg := agencies.Current().Site
	checker, err := app.NewCaptcha(cfg, os.Getenv("IMMO_CAPTCHA_SECRET"), log)
	if err != nil {
		return err
	}
	if db.Host != "" {
		log.Info("database", "driver", db.Driver, "host", db.Host, "database", db.Database)
	} else {
		log.Info("database", "driver", db.Driver, "database", db.Database)
	}
	log.Info("configuration", "file", configName(s.configFile), "version", agencies.Current().Version)

	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		return err
	}
	// One address holds at most MaxConnsPerAddress connections (slow
	// clients trickling bodies); the trusted proxies carry everyone's.
	ln = server.LimitPerAddress(ln, server.MaxConnsPerAddress, proxies)
	scheme := "http"
	if *tlsCert != "" {
		scheme = "https"
	}
	if s.publicURL == "" {
		s.publicURL = scheme + "://" + displayAddr(ln.Addr())
	}
	// The operator's metrics, served beside the profiles on the operations address (never on the site's).
	debug := os.Getenv("IMMO_DEBUG_ADDR")
	var watched *metrics.Metrics
	if debug != "" {
		watched = metrics.New()
	}
	// Every agency of the database, each site built on its first request
	// (the implicit agency's now, with the configuration opened above).
	a, err := app.NewPlatform(ctx, app.PlatformConfig{
		Site: app.Config{Store: store, PublicURL: s.publicURL, SMTPURL: smtpURL, Metrics: watched, Log: log, MapFrame: mapFrame,
			Feeds:   app.FeedOptions{Private: os.Getenv("IMMO_FEED_PRIVATE_HOSTS")},
			Captcha: checker, TrustedProxies: proxies, Prerender: *prerender, Now: now},
		OpenAgency: func(ctx context.Context, bound storage.Store, rec platform.Agency) (*agency.Service, error) {
			if rec.ID == platform.Implicit {
				return agencies, nil
			}
			return openAdded(ctx, bound, rec, now)
		},
		KeysFor: keys.forAgency,
		Loaded:  loadedSites(),
	})
	if err != nil {
		ln.Close()
		return err
	}
	defer a.Close() // before the store closes
	if err := a.Run(ctx); err != nil {
		ln.Close()
		return err
	}
	if debug != "" {
		if err := serveDebug(ctx, debug, watched.Handler(), log); err != nil {
			return err
		}
	}
	srv := server.New(s.addr, a)
	srv.RegisterOnShutdown(a.EndStreams)
	log.Info("immo is serving", "url", scheme+"://"+displayAddr(ln.Addr()), "version", version)
	fmt.Fprintf(stdout, "immo is serving on %s://%s\n", scheme, displayAddr(ln.Addr()))

	errc := make(chan error, 1)
	if *tlsCert != "" {
		// net/http speaks HTTP/2 over TLS on its own (ALPN h2), HTTP/1.1 to the rest.
		go func() { errc <- srv.ServeTLS(ln, *tlsCert, *tlsKey) }()
	} else {
		go func() { errc <- srv.Serve(ln) }()
	}
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

// openAgency publishes the configuration file given (--config,
// IMMO_CONFIG) unless it was published before, or the demo agency's when
// nothing is published yet, and serves the latest published version, on
// the clock now (nil: the wall clock).
func openAgency(ctx context.Context, store agency.Store, path string, now func() time.Time) (*agency.Service, error) {
	src := agency.Source{Name: "demo/site.json", Data: demo.SiteJSON(), OnlyIfEmpty: true}
	if path != "" {
		data, err := readConfigFile(path)
		if err != nil {
			return nil, err
		}
		src = agency.Source{Name: path, Data: data}
	}
	return agency.Open(ctx, store, src, now)
}

// loadSite is the site configuration as published (openAgency), for a
// command that reads it once.
// openAdded opens an added agency's configuration: its own once published,
// else its starter (the demo's pages under its name and language).
func openAdded(ctx context.Context, store agency.Store, rec platform.Agency, now func() time.Time) (*agency.Service, error) {
	starter, err := demo.StarterSiteJSON(rec.Name, rec.Lang, rec.Preferred())
	if err != nil {
		return nil, err
	}
	return agency.Open(ctx, store, agency.Source{Name: "starter", Data: starter, OnlyIfEmpty: true}, now)
}

// loadedSites is IMMO_SITES_LOADED: how many agencies' sites a server
// keeps at once (app.DefaultLoaded).
func loadedSites() int {
	n, err := strconv.Atoi(os.Getenv("IMMO_SITES_LOADED"))
	if err != nil || n < 1 {
		return app.DefaultLoaded
	}
	return n
}

func loadSite(ctx context.Context, store agency.Store, path string) (*site.Config, error) {
	agencies, err := openAgency(ctx, store, path, nil)
	if err != nil {
		return nil, err
	}
	return agencies.Current().Site, nil
}

// readConfigFile reads a configuration file, at most agency.MaxConfigBytes.
func readConfigFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, agency.MaxConfigBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > agency.MaxConfigBytes {
		return nil, fmt.Errorf("%s: %w (at most %d bytes)", path, agency.ErrTooLarge, agency.MaxConfigBytes)
	}
	return data, nil
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
