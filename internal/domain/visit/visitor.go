package visit

import (
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"net/netip"
	"sync/atomic"
	"time"

	"immo/internal/domain/agenda"
)

// Visitors names the visitors of the pages for a Counter without cookies
// and without keeping who they are: a visitor is a keyed hash of its
// address and browser (User-Agent) under a salt of the day in Brussels,
// itself a keyed hash of the day. The name of a visitor changes at
// midnight, so two days' visits cannot be linked; it lives only in the
// Counter's memory, never stored; without the secret, the name of a
// guessed address cannot be made.
//
// An IPv6 address counts by its /64 network, as lead.IPHasher hashes it:
// one home picks new addresses in its /64 at will.
type Visitors struct {
	key  []byte
	salt atomic.Pointer[daySalt]
}

type daySalt struct {
	from, to time.Time // the day in Brussels, [from, to)
	salt     []byte
}

// ErrShortSecret refuses a secret too short to key HMAC-SHA256.
var ErrShortSecret = errors.New("visit: the visitor secret needs at least 32 bytes")

// NewVisitors keys the names with secret (at least 32 bytes; the site's IP
// hash key, the same on every server).
func NewVisitors(secret []byte) (*Visitors, error) {
	if len(secret) < 32 {
		return nil, ErrShortSecret
	}
	return &Visitors{key: append([]byte(nil), secret...)}, nil
}

// Name is the visitor at ip with userAgent on t's Brussels day: 16 bytes,
// as a string (a map key, not text).
func (v *Visitors) Name(ip, userAgent string, t time.Time) string {
	// The secret salt first, then what names the visitor: no one without
	// the salt can make the name (SHA-256 over a secret prefix; the name is
	// never shown, so its length extension gives nothing away). An address
	// as its 16 bytes (an IPv4 one mapped), unformatted.
	var buf [512]byte
	b := append(buf[:0], v.saltOf(t)...)
	if a, err := netip.ParseAddr(ip); err == nil {
		a = a.Unmap().WithZone("")
		if a.Is6() {
			a = netip.PrefixFrom(a, 64).Masked().Addr()
		}
		sixteen := a.As16()
		b = append(b, sixteen[:]...)
	} else {
		b = append(b, ip...)
	}
	b = append(append(b, 0), userAgent...)
	sum := sha256.Sum256(b)
	return string(sum[:16])
}

// saltOf is the salt of t's day, kept while the day lasts.
func (v *Visitors) saltOf(t time.Time) []byte {
	if s := v.salt.Load(); s != nil && !t.Before(s.from) && t.Before(s.to) {
		return s.salt
	}
	b := t.In(agenda.Brussels)
	from := time.Date(b.Year(), b.Month(), b.Day(), 0, 0, 0, 0, agenda.Brussels)
	m := hmac.New(sha256.New, v.key)
	m.Write([]byte("visit salt\x00" + string(DayOf(t))))
	s := &daySalt{from, from.AddDate(0, 0, 1), m.Sum(nil)}
	v.salt.Store(s)
	return s.salt
}
