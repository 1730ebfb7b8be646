package importer

import (
	"net/netip"
	"net/url"
	"regexp"
	"strings"

	"immo/internal/domain/catalog"
)

// Zip codes: Belgium's are 4 digits from 1000 to 9999; Luxembourg's 4
// digits, written with or without "L-"; elsewhere letters, digits, spaces
// and hyphens, 2 to 10 of them, starting with a letter or digit.
var (
	belgianZip     = regexp.MustCompile(`^[1-9][0-9]{3}$`)
	luxembourgZip  = regexp.MustCompile(`^(?i:L-)?[0-9]{4}$`)
	plausibleZip   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$`)
	hostname       = regexp.MustCompile(`^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$`)
	numericLastTLD = regexp.MustCompile(`(^|\.)[0-9]+$|^0x|\.0x`)
)

// zipProblem tells what is wrong with zip for the country (its key and
// its English words), "" when nothing.
func zipProblem(countryID int, zip string) (key, msg string) {
	switch {
	case countryID == catalog.CountryBelgium && !belgianZip.MatchString(zip):
		return KeyZipBelgium, "a Belgian zip is 4 digits, 1000 to 9999"
	case countryID == catalog.CountryLuxembourg && !luxembourgZip.MatchString(zip):
		return KeyZipLuxembourg, "a Luxembourg zip is 4 digits, with or without L-"
	case !plausibleZip.MatchString(zip):
		return KeyZipFormat, "must be 2 to 10 letters, digits, spaces or hyphens"
	}
	return "", ""
}

// publicWebAddress tells whether s is an absolute http(s) address on a
// public host: not an address of this machine or of a private network
// (a picture address is fetched by browsers and may one day be fetched by
// the server, so http://169.254.169.254/… or http://10.0.0.5/ must never
// get in), not a host written as a bare number (http://2130706433/ is
// 127.0.0.1 to a browser), and on the web's ports only (80, 443, or none):
// http://cdn.example.com:22/ would have a fetcher talk to another service.
func publicWebAddress(s string) bool {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.User != nil {
		return false
	}
	if port := u.Port(); port != "" && port != "80" && port != "443" {
		return false
	}
	host := strings.ToLower(u.Hostname())
	if host == "" {
		return false
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		return publicIP(ip)
	}
	if !hostname.MatchString(host) || numericLastTLD.MatchString(host) {
		return false
	}
	if !strings.Contains(host, ".") || embedsIPv4(host) {
		return false // a single label is a name of the local network
	}
	for _, d := range localDomains {
		if host == d || strings.HasSuffix(host, "."+d) {
			return false
		}
	}
	return true
}

// localDomains are names (and their subdomains) that never name a public
// host: this machine, the local network, and the wildcard DNS services
// that answer any address written in the name (127.0.0.1.nip.io,
// 10-0-0-1.sslip.io, 7f000001.nip.io are 127.0.0.1 and 10.0.0.1).
var localDomains = []string{"localhost", "local", "internal", "home.arpa", "lan", "intranet",
	"nip.io", "sslip.io", "xip.io", "traefik.me", "localtest.me", "lvh.me", "vcap.me", "lacolhost.com", "localhost.run"}

// Four labels of one to three digits in a row ("127.0.0.1.example.com",
// "app.10.0.0.5.example.org"), or four numbers joined by hyphens in a
// label ("127-0-0-1.example.com"): a name spelling an IPv4 address, which
// a wildcard DNS resolves to it.
var (
	dottedIPv4 = regexp.MustCompile(`(^|\.)[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}(\.|$)`)
	dashedIPv4 = regexp.MustCompile(`(^|[.-])[0-9]{1,3}-[0-9]{1,3}-[0-9]{1,3}-[0-9]{1,3}([.-]|$)`)
)

func embedsIPv4(host string) bool {
	return dottedIPv4.MatchString(host) || dashedIPv4.MatchString(host)
}

// sitePath tells whether s is a path on this site: it starts with one
// slash, has no backslash, and no "." or ".." segment, written plainly or
// percent-encoded (/pictures/../secret).
func sitePath(s string) bool {
	if !strings.HasPrefix(s, "/") || strings.HasPrefix(s, "//") || strings.Contains(s, "\\") {
		return false
	}
	p, _, _ := strings.Cut(s, "?")
	p, _, _ = strings.Cut(p, "#")
	un, err := url.PathUnescape(p)
	if err != nil || strings.Contains(un, "\\") {
		return false
	}
	for _, seg := range strings.Split(un, "/") {
		if seg == "." || seg == ".." {
			return false
		}
	}
	return true
}

// publicIP is true for an address a public host may have: a global unicast
// address outside every range IANA's special-purpose registries mark as
// not globally reachable (loopback, private, link-local, shared, "this
// network" 0/8, documentation, benchmarking, reserved) and outside the
// deprecated ones. An IPv6 address that carries an IPv4 one — mapped
// (::ffff:a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002::/16) — is public only
// if the IPv4 address is; the IPv4-compatible form (::a.b.c.d, deprecated)
// and Teredo (whose address is obfuscated) never are.
func publicIP(ip netip.Addr) bool {
	ip = ip.Unmap()
	if ip.Zone() != "" {
		return false
	}
	if ip.Is6() {
		b := ip.As16()
		switch {
		case nat64.Contains(ip):
			return publicIP(netip.AddrFrom4([4]byte(b[12:16])))
		case sixToFour.Contains(ip):
			return publicIP(netip.AddrFrom4([4]byte(b[2:6])))
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
