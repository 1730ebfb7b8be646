package server

import (
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"sync"
	"time"

	"immo/internal/http/web"
)

// BodyLimits bound the request bodies being received: each must arrive
// within Base plus PerMB for each megabyte its Content-Length announces,
// at most Max (past it: 408, the connection closed), and at most Slots are
// received at once (past them: 503 at once, the connection closed).
type BodyLimits struct {
	Base, PerMB, Max time.Duration
	Slots            int
	// PerAddress bounds the slots one visitor's address (an IPv6 one by its
	// /64) holds at once: a few strangers cannot take every slot and leave
	// the others' forms answered 503.
	PerAddress int
}

// DefaultBodyLimits: a form (at most web.MaxFormBytes) within 10 s; an
// upload 4 s more a megabyte (256 KB/s), at most 30 s, the server's
// ReadTimeout (a 5 MB CV: 30 s); 256 bodies at once, where a form's body
// takes milliseconds. A connection trickling a body holds some 30 KB of
// heap (net/http's buffers, the request, the goroutine), twice that in
// resident memory with the garbage collector's headroom: 6 400 of them
// from 100 addresses held 374 MB (docs/ARCHITECTURE.md, "Slow clients").
var DefaultBodyLimits = BodyLimits{Base: 10 * time.Second, PerMB: 4 * time.Second, Max: 30 * time.Second, Slots: 1024, PerAddress: 8}

// limit is the time a body of n bytes (-1: unknown) may take.
func (b BodyLimits) limit(n int64) time.Duration {
	d := b.Base
	if n > 0 {
		d += time.Duration(float64(b.PerMB) * float64(n) / (1 << 20))
	}
	return min(d, b.Max)
}

// LimitBodies bounds the bodies of the requests to h by bl: the time each
// may take (the connection's read deadline, http.ResponseController) and
// how many are received at once (a slot, taken before the first byte is
// read, given back once the body is in or the request ends), in all and
// from one address.
//
// A body of at most web.MaxFormBytes — every form but one with files — is
// read here, before h runs, so that a slow client waits in this shallow
// handler and not in the page's: past its deadline it gets 408, h never
// called. A larger body (an upload) is read by h as it goes, within its
// deadline (past it the reading fails: h answers, the connection is
// closed). Once the body is in, net/http lifts the deadline itself (its
// background read for the next request starts), so a handler working
// longer is not cut off (the server's WriteTimeout bounds it).
func LimitBodies(bl BodyLimits, h http.Handler) http.Handler {
	slots := make(chan struct{}, max(bl.Slots, 1))
	held := perAddress{max: bl.PerAddress, n: map[netip.Addr]int{}}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
			h.ServeHTTP(w, r)
			return
		}
		who, mine := held.take(r.RemoteAddr)
		if mine {
			select {
			case slots <- struct{}{}:
			default:
				held.give(who)
				mine = false
			}
		}
		if !mine {
			// No wait for the body: net/http would read up to 256 KB of it
			// before closing, as long as the ReadTimeout lets it.
			http.NewResponseController(w).SetReadDeadline(time.Now()) //nolint:errcheck // not net/http's connection (tests): nothing to cut
			w.Header().Set("Connection", "close")
			w.Header().Set("Retry-After", "10")
			http.Error(w, http.StatusText(http.StatusServiceUnavailable), http.StatusServiceUnavailable)
			return
		}
		var once sync.Once
		release := func() {
			once.Do(func() {
				<-slots
				held.give(who)
			})
		}
		defer release()
		rc := http.NewResponseController(w)
		if err := rc.SetReadDeadline(time.Now().Add(bl.limit(r.ContentLength))); err != nil {
			release()
			h.ServeHTTP(w, r) // not a connection of net/http's (tests): nothing to bound
			return
		}
		if r.ContentLength < 0 || r.ContentLength > web.MaxFormBytes {
			r.Body = &releaseAtEnd{ReadCloser: r.Body, release: release}
			h.ServeHTTP(w, r)
			return
		}
		var buf bytes.Buffer // grows with what arrives, not with what is announced
		_, err := buf.ReadFrom(r.Body)
		release()
		if err != nil {
			w.Header().Set("Connection", "close")
			if errors.Is(err, os.ErrDeadlineExceeded) {
				http.Error(w, http.StatusText(http.StatusRequestTimeout), http.StatusRequestTimeout)
			} else { // the client went away, or sent less than it announced
				http.Error(w, http.StatusText(http.StatusBadRequest), http.StatusBadRequest)
			}
			return
		}
		r.Body.Close()
		r.Body = io.NopCloser(bytes.NewReader(buf.Bytes()))
		h.ServeHTTP(w, r)
	})
}

// perAddress counts the body slots each address holds.
type perAddress struct {
	max int // 0: no bound
	mu  sync.Mutex
	n   map[netip.Addr]int
}

// take counts a slot for remote's address: false past the bound.
func (p *perAddress) take(remote string) (netip.Addr, bool) {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	a, err := netip.ParseAddr(host)
	if err != nil || p.max <= 0 {
		return netip.Addr{}, p.max <= 0 || err != nil
	}
	if a = a.Unmap(); a.Is6() {
		a = netip.PrefixFrom(a, 64).Masked().Addr()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.n[a] >= p.max {
		return a, false
	}
	p.n[a]++
	return a, true
}

func (p *perAddress) give(a netip.Addr) {
	if !a.IsValid() {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.n[a]--; p.n[a] <= 0 {
		delete(p.n, a)
	}
}

// releaseAtEnd gives the body's slot back once it has been read through
// or its reading failed.
type releaseAtEnd struct {
	io.ReadCloser
	release func()
}

func (b *releaseAtEnd) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil {
		b.release()
	}
	return n, err
}
