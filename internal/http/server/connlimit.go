package server

import (
	"net"
	"net/netip"
	"sync"
)

// MaxConnsPerAddress bounds the connections one client address holds at
// once: a browser opens six or so, but one address may be many people (an
// office, a carrier's NAT) and keeps its idle ones up to the IdleTimeout;
// ten thousand trickling a body from one address held 965 MB. A
// connection past it is closed as soon as it is accepted. (64 closed the
// browser tests' own connections: a body's time and slots are bounded by
// LimitBodies, so this only stops one address hoarding connections.)
const MaxConnsPerAddress = 512

// LimitPerAddress wraps ln so that one remote address holds at most max
// connections at once; addresses in exempt (the trusted reverse proxies,
// through which every visitor comes) are not limited.
func LimitPerAddress(ln net.Listener, max int, exempt []netip.Prefix) net.Listener {
	return &limitListener{Listener: ln, max: max, exempt: exempt, open: map[netip.Addr]int{}}
}

type limitListener struct {
	net.Listener
	max    int
	exempt []netip.Prefix
	mu     sync.Mutex
	open   map[netip.Addr]int
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
		if err != nil {
			return c, nil // not TCP: nothing to count by
		}
		addr := ap.Addr().Unmap()
		if l.isExempt(addr) {
			return c, nil
		}
		l.mu.Lock()
		if l.open[addr] >= l.max {
			l.mu.Unlock()
			c.Close()
			continue
		}
		l.open[addr]++
		l.mu.Unlock()
		return &countedConn{Conn: c, release: func() { l.release(addr) }}, nil
	}
}

func (l *limitListener) isExempt(a netip.Addr) bool {
	for _, p := range l.exempt {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

func (l *limitListener) release(a netip.Addr) {
	l.mu.Lock()
	if l.open[a]--; l.open[a] <= 0 {
		delete(l.open, a)
	}
	l.mu.Unlock()
}

// countedConn gives its place back once, on its first Close.
type countedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
