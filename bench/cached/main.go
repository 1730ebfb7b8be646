// Command cached measures a cached page against its ceiling: immo answering
// the property page's canonical address from its HTML cache, a bare Go
// net/http handler writing the same bytes from memory, and nginx serving
// the same bytes as files (gzip_static), side by side in one run, with wrk
// at 32 connections, uncompressed and gzipped.
//
//	go run ./bench/cached -bin bin/immo -duration 10s
//
// It needs wrk and nginx (Debian: apt-get install wrk nginx-light); without
// nginx its line is left out.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"immo/bench/internal/run"
)

func main() {
	bin := flag.String("bin", "bin/immo", "the immo binary")
	path := flag.String("path", "/fr/property/4100001/", "the page; its canonical address is measured")
	duration := flag.Duration("duration", 10*time.Second, "how long each measure runs")
	conns := flag.Int("c", 32, "connections")
	flag.Parse()
	if _, err := exec.LookPath("wrk"); err != nil {
		log.Fatal("wrk is needed (apt-get install wrk)")
	}

	srv, dir, stop := run.StartDemo(*bin)
	defer stop()

	canonical := canonicalOf(srv.URL + *path)
	raw := fetch(canonical, false)
	gz := fetch(canonical, true)
	fmt.Printf("page %s: %d bytes, %d gzipped\n", strings.TrimPrefix(canonical, srv.URL), len(raw), len(gz))

	bare := serveBare(raw, gz)
	targets := []struct{ name, url string }{
		{"immo", canonical},
		{"bare Go net/http, same bytes", bare + "/page"},
	}
	if ng, stop, err := startNginx(dir, raw); err != nil {
		fmt.Println("nginx left out:", err)
	} else {
		defer stop()
		targets = append(targets, struct{ name, url string }{"nginx, same bytes (gzip_static)", ng + "/page.html"})
	}

	fmt.Printf("\n%-34s %14s %14s\n", "server", "raw req/s", "gzip req/s")
	var immoRate [2]float64
	for i, t := range targets {
		var rates [2]float64
		for j, gzip := range []bool{false, true} {
			rates[j] = wrk(t.url, *conns, *duration, gzip)
		}
		if i == 0 {
			immoRate = rates
		}
		fmt.Printf("%-34s %14.0f %14.0f", t.name, rates[0], rates[1])
		if i > 0 {
			fmt.Printf("   immo: %.2f× / %.2f×", immoRate[0]/rates[0], immoRate[1]/rates[1])
		}
		fmt.Println()
	}
}

// canonicalOf follows the page's redirects and reads its canonical link,
// then asks for it once so it is in the cache.
func canonicalOf(url string) string {
	resp, err := http.Get(url)
	if err != nil {
		log.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := regexp.MustCompile(`<link rel="canonical" href="https?://[^/"]+([^"]*)"`).FindSubmatch(body)
	if m == nil {
		log.Fatalf("%s: no canonical link", url)
	}
	base := resp.Request.URL.Scheme + "://" + resp.Request.URL.Host
	c := base + strings.ReplaceAll(string(m[1]), "&amp;", "&")
	fetch(c, false)
	return c
}

func fetch(url string, gz bool) []byte {
	req, _ := http.NewRequest("GET", url, nil)
	if gz {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || gz != (resp.Header.Get("Content-Encoding") == "gzip") {
		log.Fatalf("%s: %d %q", url, resp.StatusCode, resp.Header.Get("Content-Encoding"))
	}
	if gz {
		if _, err := gzip.NewReader(bytes.NewReader(b)); err != nil {
			log.Fatal(err)
		}
	}
	return b
}

// serveBare is the ceiling of Go's own server: a handler writing the bytes
// from memory, with the same content headers.
func serveBare(raw, gz []byte) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	go http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := raw
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			body = gz
			h.Set("Content-Encoding", "gzip")
		}
		w.Write(body)
	}))
	return "http://" + ln.Addr().String()
}

func startNginx(dir string, raw []byte) (string, func(), error) {
	bin, err := exec.LookPath("nginx")
	if err != nil {
		return "", nil, err
	}
	root := filepath.Join(dir, "www")
	os.MkdirAll(root, 0o755)
	os.WriteFile(filepath.Join(root, "page.html"), raw, 0o644)
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(raw)
	zw.Close()
	os.WriteFile(filepath.Join(root, "page.html.gz"), gz.Bytes(), 0o644)
	addr, err := run.FreeAddr()
	if err != nil {
		return "", nil, err
	}
	conf := filepath.Join(dir, "nginx.conf")
	os.WriteFile(conf, []byte(fmt.Sprintf(`worker_processes 1;
daemon off;
pid %[1]s/nginx.pid;
error_log %[1]s/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path %[1]s; proxy_temp_path %[1]s; fastcgi_temp_path %[1]s; uwsgi_temp_path %[1]s; scgi_temp_path %[1]s;
  types { text/html html; }
  server {
    listen %[2]s;
    root %[3]s;
    gzip_static on;
  }
}
`, dir, addr, root)), 0o644)
	cmd := exec.Command(bin, "-c", conf, "-e", filepath.Join(dir, "nginx-error.log"))
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	url := "http://" + addr
	for range 50 {
		if resp, err := http.Get(url + "/page.html"); err == nil {
			resp.Body.Close()
			return url, func() { cmd.Process.Kill(); cmd.Wait() }, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	cmd.Process.Kill()
	return "", nil, fmt.Errorf("nginx did not start (see %s/nginx-error.log)", dir)
}

var requestsPerSec = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)

// wrk runs wrk against url and returns its requests per second.
func wrk(url string, conns int, d time.Duration, gzip bool) float64 {
	args := []string{"-t2", fmt.Sprintf("-c%d", conns), "-d" + d.String(), url}
	if gzip {
		args = append([]string{"-H", "Accept-Encoding: gzip"}, args...)
	}
	out, err := exec.Command("wrk", args...).CombinedOutput()
	if err != nil {
		log.Fatalf("wrk: %v\n%s", err, out)
	}
	m := requestsPerSec.FindSubmatch(out)
	if m == nil {
		log.Fatalf("wrk: no rate in\n%s", out)
	}
	var rate float64
	fmt.Sscan(string(m[1]), &rate)
	return rate
}
