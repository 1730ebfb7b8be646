package main

import (
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

// The operations address serves the profiles and the operator's metrics,
// which count the site's requests; the site's own address serves neither.
func TestOperationsAddress(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ops := ln.Addr().String()
	ln.Close()
	c := startChild(t, t.TempDir(), "", "", "IMMO_DEBUG_ADDR="+ops)
	get := func(url string) (int, string) {
		t.Helper()
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if code, _ := get(c.base + "/fr/"); code != http.StatusOK {
		t.Fatalf("home: %d", code)
	}
	for _, path := range []string{"/metrics", "/debug/pprof/"} {
		if code, _ := get(c.base + path); code != http.StatusNotFound {
			t.Errorf("the site's %s: %d, want 404", path, code)
		}
	}
	code, body := get("http://" + ops + "/metrics")
	if code != http.StatusOK || !strings.Contains(body, `immo_http_requests_total{kind="Home",status="200"}`) || !strings.Contains(body, "immo_mail_queue_depth") {
		t.Errorf("metrics: %d\n%.2000s", code, body)
	}
	if code, _ := get("http://" + ops + "/debug/pprof/"); code != http.StatusOK {
		t.Errorf("profiles: %d", code)
	}
}

// Only a loopback address may serve them.
func TestOperationsAddressLoopbackOnly(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:6060", ":6060", "192.0.2.1:6060", "localhost"} {
		if err := serveDebug(t.Context(), addr, http.NotFoundHandler(), nil); err == nil {
			t.Errorf("%q accepted", addr)
		}
	}
}
