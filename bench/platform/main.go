// Command platform measures many agencies on one PostgreSQL served by
// several servers (issue #35, step 7): N agencies of the demo's size (its
// catalog and a starter configuration each, hosts aNNN.test) in a schema of
// its own, two `immo serve` processes on it, and
//
//   - the resident memory of each server with A agencies active (their
//     pages walked) and the others idle;
//
//   - the first request to an idle agency (its site built: catalog index,
//     configuration, renderers), over several agencies;
//
//   - the throughput of a cached page (each agency's home) and of an
//     uncached one (a list with a price filter no one asked before), spread
//     over every agency's host on both servers, against the same with one
//     agency — the sites' budget raised to hold every agency for it.
//
//     go run ./bench/platform -bin bin/immo -agencies 100 -active 10 -duration 10s
//
// It needs PostgreSQL (IMMO_TEST_POSTGRES_URL, default the tests' local one).
package main

import (
	"context"
	"database/sql"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	crand "crypto/rand"

	_ "github.com/jackc/pgx/v5/stdlib" // the schema's creation

	"immo/bench/internal/run"
	"immo/internal/adapter/demo"
	"immo/internal/adapter/storage"
	"immo/internal/domain/agency"
	"immo/internal/domain/catalog"
	"immo/internal/domain/platform"
)

func main() {
	bin := flag.String("bin", "bin/immo", "the immo binary")
	agencies := flag.Int("agencies", 100, "agencies on the platform")
	active := flag.Int("active", 10, "agencies whose pages are walked before the memory is read")
	firsts := flag.Int("first", 10, "idle agencies whose first request is timed")
	duration := flag.Duration("duration", 10*time.Second, "how long each throughput measure runs")
	conns := flag.Int("c", 16, "concurrent requests in the throughput measures")
	flag.Parse()
	base := os.Getenv("IMMO_TEST_POSTGRES_URL")
	if base == "" {
		base = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
	}
	ctx := context.Background()
	url, drop := schema(base)
	defer drop()
	dir, err := os.MkdirTemp("", "immo-platform-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	start := time.Now()
	setUp(ctx, url, *agencies)
	fmt.Printf("%d agencies of the demo's size set up in %s\n", *agencies, time.Since(start).Round(time.Second))

	env := []string{"DATABASE_URL=" + url, "IMMO_SECRET=" + strings.Repeat("s", 40), "IMMO_PRERENDER=off"}
	servers := startTwo(ctx, *bin, dir, env)
	hosts := make([]string, *agencies)
	for i := range hosts {
		hosts[i] = host(i + 1)
	}

	// A agencies active on both servers, the others idle.
	for _, s := range servers {
		for _, h := range hosts[:*active] {
			walk(s, h)
		}
	}
	for i, s := range servers {
		run.WaitIdle(s.Cmd.Process.Pid, 3*time.Second, 5*time.Minute) // the demo's picture variants made
		fmt.Printf("server %d, %d agencies active, %d idle: RSS %s (target ≤ 400 MB)\n", i+1, *active, *agencies-*active, run.MB(run.RSS(s.Cmd.Process.Pid)))
	}

	// The first request to idle agencies.
	var took []time.Duration
	for _, h := range hosts[*active:min(*agencies, *active+*firsts)] {
		t := time.Now()
		if code := get(servers[0], h, "/fr/"); code != http.StatusOK {
			log.Fatalf("%s: %d", h, code)
		}
		took = append(took, time.Since(t))
	}
	slices.Sort(took)
	if len(took) > 0 {
		fmt.Printf("first request to an idle agency (%d): median %s, max %s (target ≤ 300 ms)\n", len(took),
			took[len(took)/2].Round(time.Millisecond), took[len(took)-1].Round(time.Millisecond))
	}
	for _, s := range servers {
		s.Stop()
	}

	// Throughput: every agency loaded, requests spread over every host, against one agency.
	env = append(env, "IMMO_SITES_LOADED="+strconv.Itoa(*agencies))
	servers = startTwo(ctx, *bin, dir, env)
	for _, s := range servers {
		for _, h := range hosts {
			get(s, h, "/fr/") // built, and its home cached
		}
	}
	for i, s := range servers {
		fmt.Printf("server %d, all %d agencies loaded: RSS %s\n", i+1, *agencies, run.MB(run.RSS(s.Cmd.Process.Pid)))
	}
	fmt.Printf("%-28s %12s %12s %8s   %s\n", "requests/s (2 servers)", "one agency", "all hosts", "ratio", "shells served (one, all)")
	for _, m := range []struct {
		name    string
		path    func(r *rand.Rand) string
		inspect bool // read each page for a shell (the cached home is served whole: its throughput is the bench's)
	}{
		{"cached (home)", func(*rand.Rand) string { return "/fr/" }, false},
		{"uncached (filtered list)", func(r *rand.Rand) string { return "/fr/a-vendre/?priceMax=" + strconv.Itoa(100_000+r.IntN(900_000)) }, true},
	} {
		one, shellsOne := load(servers, hosts[:1], m.path, m.inspect, *conns, *duration)
		all, shellsAll := load(servers, hosts, m.path, m.inspect, *conns, *duration)
		fmt.Printf("%-28s %12.0f %12.0f %7.2f×   %d, %d (target ≥ 0.8×, no shell)\n", m.name, one, all, all/one, shellsOne, shellsAll)
	}
	for i, s := range servers {
		fmt.Printf("server %d after the load: RSS %s, peak %s\n", i+1, run.MB(run.RSS(s.Cmd.Process.Pid)), run.MB(run.Peak(s.Cmd.Process.Pid)))
		s.Stop()
	}
}

func host(n int) string { return fmt.Sprintf("a%03d.test", n) }

// schema creates a schema of the bench's own on base and returns the URL
// naming it, and its drop.
func schema(base string) (string, func()) {
	db, err := sql.Open("pgx", base)
	if err != nil {
		log.Fatal(err)
	}
	var b [6]byte
	crand.Read(b[:])
	name := "immo_bench_" + hex.EncodeToString(b[:])
	if _, err := db.Exec("CREATE SCHEMA " + name); err != nil {
		log.Fatalf("PostgreSQL at %s: %v", base, err)
	}
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + "search_path=" + name, func() {
		db.Exec("DROP SCHEMA " + name + " CASCADE")
		db.Close()
	}
}

// setUp adds the agencies, each with the demo's catalog and its starter
// configuration published (as after its first day), through the store.
func setUp(ctx context.Context, url string, n int) {
	store, err := storage.Open(ctx, "", url)
	if err != nil {
		log.Fatal(err)
	}
	defer store.Close()
	svc := &platform.Service{Store: store.Platform(), Many: true}
	cat, err := demo.Catalog()
	if err != nil {
		log.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		a, err := svc.Add(ctx, "Immo "+strconv.Itoa(i), "fr", []string{host(i)})
		if err != nil {
			log.Fatal(err)
		}
		bound := storage.Bound(store, a.ID)
		if _, err := bound.Import(ctx, cat, catalog.Keep{}); err != nil {
			log.Fatal(err)
		}
		starter, err := demo.StarterSiteJSON(a.Name, a.Lang, a.Preferred())
		if err != nil {
			log.Fatal(err)
		}
		if _, err := agency.Open(ctx, bound, agency.Source{Name: "starter", Data: starter, OnlyIfEmpty: true}, nil); err != nil {
			log.Fatal(err)
		}
	}
}

func startTwo(ctx context.Context, bin, dir string, env []string) []*run.Server {
	var out []*run.Server
	for i := range 2 {
		s, err := run.Start(ctx, bin, filepath.Join(dir, "data"+strconv.Itoa(i)), filepath.Join(dir, "serve"+strconv.Itoa(i)+".log"), env...)
		if err != nil {
			log.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

var client = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: time.Minute,
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// get requests path on host through server s, gzipped as a browser asks,
// and reads the answer (not inflated: the bench's own work stays small).
func get(s *run.Server, host, path string) int {
	code, _ := fetch(s, host, path, false)
	return code
}

// fetch is get that, with inspect, reads the page inflated and tells
// whether it came without its server render (the client-rendered shell:
// nothing in <div id="app">).
func fetch(s *run.Server, host, path string, inspect bool) (code int, shell bool) {
	req, err := http.NewRequest("GET", s.URL+path, nil)
	if err != nil {
		log.Fatal(err)
	}
	req.Host = host
	if !inspect {
		req.Header.Set("Accept-Encoding", "gzip") // asked here: the transport leaves the body as it came
	}
	res, err := client.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	if !inspect {
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode, false
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return res.StatusCode, strings.Contains(string(body), `<div id="app"></div>`)
}

// walk visits an agency's pages as a visitor would: home, lists, a few
// properties, in its languages.
func walk(s *run.Server, host string) {
	for _, p := range []string{"/fr/", "/nl/", "/en/", "/de/", "/fr/a-vendre/", "/nl/te-koop/", "/fr/a-louer/", "/fr/contact/",
		"/fr/property/4100001/", "/fr/property/4100002/", "/nl/property/4100003/", "/sitemap.xml"} {
		get(s, host, p)
	}
}

// load requests path (drawn per request) on hosts spread over servers,
// conns at a time, for d; it returns the requests answered per second.
func load(servers []*run.Server, hosts []string, path func(*rand.Rand) string, inspect bool, conns int, d time.Duration) (perSecond float64, shells int64) {
	var done, failed, shell atomic.Int64
	stop := time.Now().Add(d)
	var wg sync.WaitGroup
	for c := range conns {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(c), 7))
			for i := c; time.Now().Before(stop); i++ {
				s := servers[i%len(servers)]
				code, bare := fetch(s, hosts[r.IntN(len(hosts))], path(r), inspect)
				if code != http.StatusOK {
					failed.Add(1)
				}
				if bare {
					shell.Add(1)
				}
				done.Add(1)
			}
		})
	}
	wg.Wait()
	if n := failed.Load(); n > 0 {
		log.Printf("%d requests failed", n)
	}
	return float64(done.Load()) / d.Seconds(), shell.Load()
}
