package importer

import (
	"net/netip"
	"net/url"
	"regexp"
	"strings"

	"immo/internal/catalog"
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

// zipProblem tells what is wrong with zip for the country, "" when nothing.
func zipProblem(countryID int, zip string) string {
	switch {
	case countryID == catalog.CountryBelgium && !belgianZip.MatchString(zip):
		return "a Belgian zip is 4 digits, 1000 to 9999"
	case countryID == catalog.CountryLuxembourg && !luxembourgZip.MatchString(zip):
		return "a Luxembourg zip is 4 digits, with or without L-"
	case !plausibleZip.MatchString(zip):
		return "must be 2 to 10 letters, digits, spaces or hyphens"
	}
	return ""
}

// publicWebAddress tells whether s is an absolute http(s) address on a
// public host: not an address of this machine or of a private network
// (a picture address is fetched by browsers and may one day be fetched by
// the server, so http://169.254.169.254/… or http://10.0.0.5/ must never
// get in), and not a host written as a bare number (http://2130706433/ is
// 127.0.0.1 to a browser).
func publicWebAddress(s string) bool {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.User != nil {
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
	return host != "localhost" && !strings.HasSuffix(host, ".localhost") &&
		!strings.HasSuffix(host, ".local") && !strings.HasSuffix(host, ".internal")
}

// publicIP is false for loopback, private (10/8, 172.16/12, 192.168/16,
// fc00::/7), link-local (169.254/16, fe80::/10), unspecified, multicast
// and the IPv4 addresses mapped into IPv6.
func publicIP(ip netip.Addr) bool {
	ip = ip.Unmap()
	return ip.IsGlobalUnicast() && !ip.IsPrivate() && !ip.IsLoopback() && !ip.IsLinkLocalUnicast() &&
		!cgnat.Contains(ip) && ip.Zone() == ""
}

// cgnat is the carrier-grade NAT range (100.64/10), private in practice.
var cgnat = netip.MustParsePrefix("100.64.0.0/10")
