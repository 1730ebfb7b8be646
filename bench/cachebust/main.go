// Command cachebust measures pages no cache holds: it starts `immo serve`
// on the demo agency and asks, at 4, 16 and 64 connections, for a list
// page with a distinct filter each time (`/fr/a-vendre/?priceMax=N`, N never
// repeated), so every answer needs a render. It prints, per level, how many
// answers were server-rendered (the rest are the client-rendered shell: an
// empty #app), pages per second and the latency's p50 and p99.
//
//	go run ./bench/cachebust -bin bin/immo -duration 20s
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"immo/bench/internal/run"
)

func main() {
	bin := flag.String("bin", "bin/immo", "the immo binary")
	base := flag.String("url", "", "measure a server already running at this address instead of starting one")
	path := flag.String("path", "/fr/a-vendre/?priceMax=", "the address; a distinct number is appended to each request")
	levels := flag.String("c", "1,4,16,64", "connection counts")
	duration := flag.Duration("duration", 15*time.Second, "how long each level runs")
	flag.Parse()

	target := *base
	if target == "" {
		srv, _, stop := run.StartDemo(*bin)
		defer stop()
		target = srv.URL
	}
	// Distinct numbers over every level: no answer can come from a cache.
	var next atomic.Int64
	next.Store(1_000_000)
	fmt.Printf("%-6s %9s %9s %9s %9s %9s\n", "conns", "rendered", "pages/s", "p50", "p99", "errors")
	for _, f := range strings.Split(*levels, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			log.Fatalf("bad connection count %q", f)
		}
		r := load(target+*path, n, *duration, &next)
		fmt.Printf("%-6d %8.1f%% %9.0f %9s %9s %9d\n", n, r.renderedShare(), r.rate(*duration),
			r.quantile(0.50), r.quantile(0.99), r.errors)
	}
}

type result struct {
	mu        sync.Mutex
	latencies []time.Duration
	rendered  int
	shells    int
	errors    int
}

func (r *result) renderedShare() float64 {
	if r.rendered+r.shells == 0 {
		return 0
	}
	return 100 * float64(r.rendered) / float64(r.rendered+r.shells)
}

func (r *result) rate(d time.Duration) float64 {
	return float64(r.rendered+r.shells) / d.Seconds()
}

func (r *result) quantile(q float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	slices.Sort(r.latencies)
	return r.latencies[min(len(r.latencies)-1, int(q*float64(len(r.latencies))))].Round(100 * time.Microsecond)
}

// shell is what an empty client-rendered page holds.
var shell = []byte(`<div id="app"></div>`)

func load(prefix string, conns int, d time.Duration, next *atomic.Int64) *result {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conns, DisableCompression: true}}
	res := &result{}
	end := time.Now().Add(d)
	var wg sync.WaitGroup
	for range conns {
		wg.Go(func() {
			for time.Now().Before(end) {
				url := prefix + strconv.FormatInt(next.Add(1), 10)
				start := time.Now()
				resp, err := client.Get(url)
				var body []byte
				if err == nil {
					body, err = io.ReadAll(resp.Body)
					resp.Body.Close()
					if err == nil && resp.StatusCode != http.StatusOK {
						err = fmt.Errorf("status %d", resp.StatusCode)
					}
				}
				took := time.Since(start)
				res.mu.Lock()
				switch {
				case err != nil:
					res.errors++
				case bytes.Contains(body, shell):
					res.shells++
					res.latencies = append(res.latencies, took)
				default:
					res.rendered++
					res.latencies = append(res.latencies, took)
				}
				res.mu.Unlock()
			}
		})
	}
	wg.Wait()
	return res
}
