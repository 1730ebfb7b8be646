package server

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ParseTrustedProxies reads IMMO_TRUSTED_PROXIES: CIDR prefixes (or single
// addresses) separated by commas or spaces.
func ParseTrustedProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("IMMO_TRUSTED_PROXIES: %q is neither a CIDR prefix nor an address", f)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

// clientAddress sets each request's RemoteAddr to the visitor's address
// when the connection comes from a trusted proxy: the right-most address of
// X-Forwarded-For that is not itself a trusted proxy (the left-most ones
// are whatever the client wrote). Every per-IP limit downstream reads
// RemoteAddr, so behind a proxy they brake each visitor, not the proxy.
// Without trusted proxies the header is ignored: anyone could write it.
func clientAddress(trusted []netip.Prefix, h http.Handler) http.Handler {
	if len(trusted) == 0 {
		return h
	}
	isTrusted := func(a netip.Addr) bool {
		a = a.Unmap()
		for _, p := range trusted {
			if p.Contains(a) {
				return true
			}
		}
		return false
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if client, ok := forwardedClient(r, isTrusted); ok {
			r2 := r.Clone(r.Context())
			r2.RemoteAddr = net.JoinHostPort(client.String(), "0")
			r = r2
		}
		h.ServeHTTP(w, r)
	})
}

// forwardedClient is the visitor's address behind trusted proxies; false
// when the connection is not from one, or the header names no client.
func forwardedClient(r *http.Request, trusted func(netip.Addr) bool) (netip.Addr, bool) {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil || !trusted(peer) {
		return netip.Addr{}, false
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	if len(hops) > 64 { // a bounded walk, whatever a client sends
		hops = hops[len(hops)-64:]
	}
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := parseHop(hops[i])
		if err != nil {
			return netip.Addr{}, false // garbage after the proxies: trust nothing further left
		}
		if !trusted(a) {
			return a.Unmap(), true
		}
	}
	return netip.Addr{}, false
}

// parseHop reads one X-Forwarded-For entry: an address, or an address with
// its port as some proxies write it (192.0.2.1:4711, [2001:db8::1]:4711,
// [2001:db8::1]) — the port is not the visitor's identity. A zone
// (fe80::1%eth0) is a local detail, not a visitor's: refused.
func parseHop(hop string) (netip.Addr, error) {
	hop = strings.TrimSpace(hop)
	if a, err := netip.ParseAddr(hop); err == nil {
		if a.Zone() != "" {
			return netip.Addr{}, fmt.Errorf("X-Forwarded-For: %q has a zone", hop)
		}
		return a, nil
	}
	if ap, err := netip.ParseAddrPort(hop); err == nil {
		return parseHop(ap.Addr().String())
	}
	if inner, ok := strings.CutPrefix(hop, "["); ok {
		if inner, ok := strings.CutSuffix(inner, "]"); ok {
			if a, err := netip.ParseAddr(inner); err == nil && a.Is6() {
				return parseHop(inner)
			}
		}
	}
	return netip.Addr{}, fmt.Errorf("X-Forwarded-For: %q is not an address", hop)
}
