package server

import (
	"errors"
	"io"
	"net"
	"net/netip"
	"testing"
	"time"
)

// One address holds at most max connections: the next is closed at once,
// and a place freed is taken again; another address, or an exempt one (a
// trusted proxy), is not counted against it.
func TestLimitPerAddress(t *testing.T) {
	for _, tc := range []struct {
		name   string
		exempt []netip.Prefix
		third  bool // the third connection from 127.0.0.1 is served
	}{
		{"limited", nil, false},
		{"a trusted proxy", []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			ln := LimitPerAddress(raw, 2, tc.exempt)
			defer ln.Close()
			accepted := make(chan net.Conn, 10)
			go func() {
				for {
					c, err := ln.Accept()
					if err != nil {
						return
					}
					c.Write([]byte("x")) // served: it answers
					accepted <- c
				}
			}()
			dial := func(from string) net.Conn {
				d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
				c, err := d.Dial("tcp", raw.Addr().String())
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { c.Close() })
				return c
			}
			served := func(c net.Conn) bool {
				c.SetReadDeadline(time.Now().Add(5 * time.Second))
				b := make([]byte, 1)
				_, err := c.Read(b)
				if err != nil && !errors.Is(err, io.EOF) && !isReset(err) {
					t.Fatalf("read: %v", err)
				}
				return err == nil
			}
			a, b := dial("127.0.0.1"), dial("127.0.0.1")
			if !served(a) || !served(b) {
				t.Fatal("the first two connections are not served")
			}
			c := dial("127.0.0.1")
			if served(c) != tc.third {
				t.Fatalf("third connection served: %v, want %v", !tc.third, tc.third)
			}
			if !served(dial("127.0.0.2")) {
				t.Fatal("another address is refused")
			}
			if tc.third {
				return
			}
			// A place freed is served again.
			(<-accepted).Close()
			var d net.Conn
			for range 50 { // the server sees the close a moment later
				if d = dial("127.0.0.1"); served(d) {
					return
				}
			}
			t.Fatal("a freed place is not taken again")
		})
	}
}

func isReset(err error) bool {
	var op *net.OpError
	return errors.As(err, &op)
}
