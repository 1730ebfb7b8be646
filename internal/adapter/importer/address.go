package importer

import (
	"net/netip"
	"net/url"
	"regexp"
	"strings"

	"immo/internal/adapter/safehttp"
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
		return safehttp.PublicIP(ip)
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
