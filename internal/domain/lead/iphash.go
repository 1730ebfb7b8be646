package lead

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/netip"
	"strings"
)

// IPHasher turns a sender's IP address into a keyed hash (HMAC-SHA256), so
// requests from one sender can be counted without storing where they came
// from. Without the secret, the hash of a guessed address cannot be made,
// and the 2³² IPv4 addresses cannot be tried one by one.
//
// An IPv6 address is hashed by its /64 network: one home or phone gets a
// /64 and picks new addresses in it at will, so the whole address would
// brake nobody.
type IPHasher struct{ key []byte }

// ErrShortSecret refuses a secret too short to key HMAC-SHA256.
var ErrShortSecret = errors.New("lead: the IP hash secret needs at least 32 bytes")

// NewIPHasher keys a hasher with secret (at least 32 bytes, from the
// configuration; the same on every server so they count alike).
func NewIPHasher(secret []byte) (*IPHasher, error) {
	if len(secret) < 32 {
		return nil, ErrShortSecret
	}
	return &IPHasher{key: append([]byte(nil), secret...)}, nil
}

// Hash returns the hex hash of ip ("203.0.113.7", "2001:db8::1", an
// IPv4-mapped IPv6 address counts as its IPv4 one); a value that is not an
// address hashes as itself, so it still counts but is never stored.
func (h *IPHasher) Hash(ip string) string {
	in := ip
	if a, err := netip.ParseAddr(ip); err == nil {
		a = a.Unmap().WithZone("")
		if a.Is6() {
			a = netip.PrefixFrom(a, 64).Masked().Addr()
		}
		in = a.String()
	}
	m := hmac.New(sha256.New, h.key)
	m.Write([]byte(in))
	return hex.EncodeToString(m.Sum(nil))
}

// AddressKey is the form of an email address under which the site counts
// the mails it sends there: one key per inbox. Lower-cased, its "+tag"
// dropped (victim+1@… and Victim+2@… are one inbox), the domain without a
// final dot; at Gmail, whose addresses ignore dots and answer at both of
// its domains, without dots and at gmail.com (v.i.c.t.i.m@googlemail.com
// is victim@gmail.com). It only counts; mails go to the address typed.
func AddressKey(email string) string {
	a := strings.ToLower(strings.TrimSpace(email))
	at := strings.LastIndexByte(a, '@')
	if at < 0 {
		return a
	}
	local, domain := a[:at], strings.TrimSuffix(a[at+1:], ".")
	if plus := strings.IndexByte(local, '+'); plus > 0 {
		local = local[:plus]
	}
	if domain == "gmail.com" || domain == "googlemail.com" {
		if undotted := strings.ReplaceAll(local, ".", ""); undotted != "" {
			local, domain = undotted, "gmail.com"
		}
	}
	return local + "@" + domain
}
