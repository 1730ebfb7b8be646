package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
)

// serveDebug serves, on addr, a loopback address only (IMMO_DEBUG_ADDR, the
// operations address), Go's profiles (net/http/pprof: where the memory or the
// time of a running server goes; bench/scale reads its heap) and the
// operator's metrics at /metrics (package metrics). Never on the site's address.
func serveDebug(ctx context.Context, addr string, metrics http.Handler, log *slog.Logger) error {
	host, _, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("IMMO_DEBUG_ADDR %q: a loopback address and port (127.0.0.1:6060)", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("IMMO_DEBUG_ADDR: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.Handle("GET /metrics", metrics)
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	context.AfterFunc(ctx, func() { srv.Close() })
	log.Info("profiles and metrics served", "profiles", "http://"+addr+"/debug/pprof/", "metrics", "http://"+addr+"/metrics")
	return nil
}
