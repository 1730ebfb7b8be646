// Package safehttp is the HTTP client that fetches what strangers name:
// a CRM's feed, a listing's picture. It connects only to public addresses
// — checked on the address it actually dials, after the name is resolved,
// so a host name that resolves (or later rebinds) to 127.0.0.1 or the
// cloud's metadata address reaches nothing — follows a few redirects to
// such addresses only, ignores the environment's proxy, and bounds the
// time of the whole exchange. An operator may name hosts it trusts on
// its own network (Options.Private): a CRM in the agency's office.
package safehttp

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"syscall"
	"time"
)

// Options tune a client.
type Options struct {
	// Private is true for a host name the operator trusts on a private
	// address and over plain HTTP (IMMO_FEED_PRIVATE_HOSTS); nil: none.
	Private func(host string) bool
	// Timeout bounds a whole exchange, body included.
	Timeout time.Duration
	// RootCAs, when set, replaces the system's roots (tests' servers).
	RootCAs *x509.CertPool
}

// MaxRedirects is how many redirects a fetch follows.
const MaxRedirects = 3

// ErrNotPublic is the refusal to connect to a non-public address;
// ErrRedirect the refusal to follow a redirect. Neither is worth another
// attempt.
var (
	ErrNotPublic = errors.New("safehttp: the address is not a public one")
	ErrRedirect  = errors.New("safehttp: a redirect not followed")
)

// Client is an HTTP client that connects to public addresses only.
func Client(o Options) *http.Client {
	private := o.Private
	if private == nil {
		private = func(string) bool { return false }
	}
	public := &net.Dialer{Timeout: 10 * time.Second, Control: func(_, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil || !PublicIP(ap.Addr()) {
			return fmt.Errorf("%w: %s", ErrNotPublic, address)
		}
		return nil
	}}
	trusted := &net.Dialer{Timeout: 10 * time.Second}
	tr := &http.Transport{
		Proxy: nil, // a proxy would connect for us, past the check
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			host, _, err := net.SplitHostPort(addr)
			if err == nil && private(host) {
				return trusted.DialContext(ctx, network, addr)
			}
			return public.DialContext(ctx, network, addr)
		},
		TLSClientConfig:       &tls.Config{RootCAs: o.RootCAs, MinVersion: tls.VersionTLS12},
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 30 * time.Second,
		MaxIdleConnsPerHost:   2,
		IdleConnTimeout:       30 * time.Second,
		ForceAttemptHTTP2:     true,
	}
	return &http.Client{Transport: tr, Timeout: o.Timeout, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if len(via) >= MaxRedirects {
			return fmt.Errorf("%w: too many", ErrRedirect)
		}
		if req.URL.Scheme != "https" && !(req.URL.Scheme == "http" && private(req.URL.Hostname())) {
			return fmt.Errorf("%w: to %s, not https", ErrRedirect, req.URL.Scheme)
		}
		// A redirect to another host carries no credential the first one got.
		if req.URL.Host != via[0].URL.Host {
			req.Header.Del("Authorization")
			for name := range req.Header {
				if !strings.EqualFold(name, "User-Agent") && !strings.EqualFold(name, "Accept") {
					req.Header.Del(name)
				}
			}
		}
		return nil
	}}
}

// PublicIP is true for an address a public host may have: a global unicast
// address outside every range IANA's special-purpose registries mark as
// not globally reachable (loopback, private, link-local, shared, "this
// network" 0/8, documentation, benchmarking, reserved) and outside the
// deprecated ones. An IPv6 address that carries an IPv4 one — mapped
// (::ffff:a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002::/16) — is public only
// if the IPv4 address is; the IPv4-compatible form (::a.b.c.d, deprecated)
// and Teredo (whose address is obfuscated) never are.
func PublicIP(ip netip.Addr) bool {
	ip = ip.Unmap()
	if ip.Zone() != "" {
		return false
	}
	if ip.Is6() {
		b := ip.As16()
		switch {
		case nat64.Contains(ip):
			return PublicIP(netip.AddrFrom4([4]byte(b[12:16])))
		case sixToFour.Contains(ip):
			return PublicIP(netip.AddrFrom4([4]byte(b[2:6])))
		}
	}
	if !ip.IsGlobalUnicast() || ip.IsPrivate() || ip.IsLoopback() || ip.IsLinkLocalUnicast() {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

var (
	nat64     = netip.MustParsePrefix("64:ff9b::/96") // RFC 6052: the IPv4 address in the last 32 bits
	sixToFour = netip.MustParsePrefix("2002::/16")    // RFC 3056: the IPv4 address in bits 16 to 48
)

// nonPublic are ranges no public host is in, beyond what netip names
// (IANA's IPv4 and IPv6 special-purpose address registries).
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network": 0.1.2.3 reaches this machine on Linux
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT, private in practice
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation (TEST-NET-1)
	netip.MustParsePrefix("192.88.99.0/24"),  // the former 6to4 relays
	netip.MustParsePrefix("198.18.0.0/15"),   // network benchmarks, used inside networks
	netip.MustParsePrefix("198.51.100.0/24"), // documentation (TEST-NET-2)
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation (TEST-NET-3)
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved
	netip.MustParsePrefix("::/8"),            // reserved: IPv4-compatible (::a.b.c.d), unspecified, loopback
	netip.MustParsePrefix("64:ff9b:1::/48"),  // local-use NAT64 (RFC 8215)
	netip.MustParsePrefix("100::/64"),        // discard-only
	netip.MustParsePrefix("2001::/23"),       // IETF protocol assignments: Teredo, benchmarking, ORCHID
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("3fff::/20"),       // documentation (RFC 9637)
	netip.MustParsePrefix("5f00::/16"),       // segment routing identifiers
	netip.MustParsePrefix("fec0::/10"),       // the former site-local addresses
}

// Hosts reads an operator's list of trusted private hosts: names or IP
// literals separated by commas or spaces, compared without case.
func Hosts(list string) func(host string) bool {
	set := map[string]bool{}
	for _, h := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' }) {
		set[strings.ToLower(strings.Trim(h, "[]"))] = true
	}
	return func(host string) bool { return set[strings.ToLower(strings.Trim(host, "[]"))] }
}
