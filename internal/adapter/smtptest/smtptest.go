// Package smtptest is a real SMTP server for tests (emersion/go-smtp), in
// the test's process on a random local port: it records every message it
// accepts, and it can refuse mails or go down and come back on the same
// address, so the queue's retries are tested against the protocol itself.
package smtptest

import (
	"bytes"
	"errors"
	"io"
	"log"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Message is one accepted mail: the envelope and the raw RFC 5322 bytes.
type Message struct {
	From string
	To   []string
	Data []byte
}

// Server is a running test SMTP server. Its methods are safe for
// concurrent use.
type Server struct {
	addr string

	mu       sync.Mutex
	srv      *smtp.Server // nil while down
	ln       net.Listener
	messages []Message
	refuse   *smtp.SMTPError // answered to DATA while set
	arrived  chan struct{}   // closed and replaced on each message
}

// Start starts a server on 127.0.0.1 and a random port; it stops when the
// test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{arrived: make(chan struct{})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("smtptest: %v", err)
	}
	s.addr = ln.Addr().String()
	s.serve(ln)
	t.Cleanup(s.Down)
	return s
}

// Addr is the server's host:port.
func (s *Server) Addr() string { return s.addr }

// URL is the server's address as IMMO_SMTP_URL: plain SMTP, no TLS.
func (s *Server) URL() string { return "smtp://" + s.addr + "?tls=none" }

func (s *Server) serve(ln net.Listener) {
	srv := smtp.NewServer(backend{s})
	srv.Domain = "localhost"
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	srv.MaxMessageBytes = 32 << 20
	srv.MaxRecipients = 50
	srv.EnableSMTPUTF8 = true
	srv.ErrorLog = log.New(io.Discard, "", 0)
	s.mu.Lock()
	s.srv, s.ln = srv, ln
	s.mu.Unlock()
	go srv.Serve(ln) //nolint:errcheck // returns when Down closes it
}

// Down closes the listener and every open connection: clients see a
// server that is gone (connection refused) until Up.
func (s *Server) Down() {
	s.mu.Lock()
	srv, ln := s.srv, s.ln
	s.srv, s.ln = nil, nil
	s.mu.Unlock()
	if srv != nil {
		ln.Close() // Serve may not have taken it yet: Close alone would miss it
		srv.Close()
	}
}

// Up brings a server that is Down back on the same address; a server that
// is up stays as it is.
func (s *Server) Up(t testing.TB) {
	t.Helper()
	s.mu.Lock()
	up := s.srv != nil
	s.mu.Unlock()
	if up {
		return
	}
	var ln net.Listener
	var err error
	// The port was ours a moment ago; a few tries cover a slow release.
	for range 50 {
		if ln, err = net.Listen("tcp", s.addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("smtptest: up again on %s: %v", s.addr, err)
	}
	s.serve(ln)
}

// Refuse makes the server answer every message with code (4xx: try later,
// 5xx: refused for good) until Accept.
func (s *Server) Refuse(code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuse = &smtp.SMTPError{Code: code, Message: "smtptest refuses"}
}

// Accept ends Refuse.
func (s *Server) Accept() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuse = nil
}

// Messages returns a copy of the messages accepted so far, in order.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.messages...)
}

// Patience is how long a test waits for a mail that must come (Wait's
// timeout): a bound for one that never does, far above what a machine
// running another test suite on the same cores takes.
const Patience = 2 * time.Minute

// Wait waits until at least n messages have arrived, or fails the test
// after timeout (Patience, unless a test means a tighter bound); it
// returns the messages.
func (s *Server) Wait(t testing.TB, n int, timeout time.Duration) []Message {
	t.Helper()
	deadline := time.After(timeout)
	for {
		s.mu.Lock()
		got, arrived := len(s.messages), s.arrived
		s.mu.Unlock()
		if got >= n {
			return s.Messages()
		}
		select {
		case <-arrived:
		case <-deadline:
			t.Fatalf("smtptest: %d messages after %v, want %d", got, timeout, n)
		}
	}
}

// WaitFor waits until a message after the first `after` ones is addressed
// to rcpt (its envelope), or fails the test after timeout; it returns the
// first such message. Mails queued by different paths need not arrive in
// the order they were queued.
func (s *Server) WaitFor(t testing.TB, after int, rcpt string, timeout time.Duration) Message {
	t.Helper()
	deadline := time.After(timeout)
	for {
		s.mu.Lock()
		msgs, arrived := s.messages, s.arrived
		s.mu.Unlock()
		for _, m := range msgs[min(after, len(msgs)):] {
			for _, to := range m.To {
				if strings.EqualFold(to, rcpt) {
					return m
				}
			}
		}
		select {
		case <-arrived:
		case <-deadline:
			t.Fatalf("smtptest: no message to %s after %v (%d messages)", rcpt, timeout, len(msgs))
		}
	}
}

func (s *Server) record(m Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refuse != nil {
		return s.refuse
	}
	s.messages = append(s.messages, m)
	close(s.arrived)
	s.arrived = make(chan struct{})
	return nil
}

type backend struct{ s *Server }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) {
	return &session{s: b.s}, nil
}

// session is one SMTP conversation; it may carry several messages.
type session struct {
	s    *Server
	from string
	to   []string
}

func (c *session) Mail(from string, _ *smtp.MailOptions) error {
	c.from = from
	return nil
}

func (c *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	c.to = append(c.to, to)
	return nil
}

func (c *session) Data(r io.Reader) error {
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, r); err != nil {
		return err
	}
	if c.from == "" || len(c.to) == 0 {
		return errors.New("smtptest: DATA without MAIL FROM or RCPT TO")
	}
	return c.s.record(Message{From: c.from, To: c.to, Data: buf.Bytes()})
}

func (c *session) Reset() {
	c.from, c.to = "", nil
}

func (c *session) Logout() error { return nil }
