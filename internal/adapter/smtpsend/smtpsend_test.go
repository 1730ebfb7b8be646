package smtpsend

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/smtptest"
	"immo/internal/domain/mail"
)

func TestParseURL(t *testing.T) {
	tests := []struct {
		url     string
		want    endpoint
		wantErr string // part of the error; "" for none
	}{
		{"smtp://user:p%40ss@mail.example.be", endpoint{host: "mail.example.be", port: 587, security: startTLS, auth: true, user: "user", password: "p@ss"}, ""},
		{"smtp://mail.example.be:2525?tls=starttls", endpoint{host: "mail.example.be", port: 2525, security: startTLS}, ""},
		{"smtps://user:secret@mail.example.be", endpoint{host: "mail.example.be", port: 465, security: implicitTLS, auth: true, user: "user", password: "secret"}, ""},
		{"smtp://127.0.0.1:1025?tls=none", endpoint{host: "127.0.0.1", port: 1025, security: noTLS}, ""},
		{"smtp://mail.example.be?tls=maybe", endpoint{}, "tls="},
		{"http://user:secret@mail.example.be", endpoint{}, "scheme"},
		{"smtp://user:secret@:25", endpoint{}, "no host"},
		{"smtp://user:secret@mail.example.be:99999", endpoint{}, "port"},
		{"::", endpoint{}, "does not parse"},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			got, err := parseURL(tt.url)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || strings.Contains(err.Error(), "secret") {
					t.Errorf("error %v, want one about %q without the password", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("got %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}

func TestNewRefusesABadSender(t *testing.T) {
	if _, err := New(Config{URL: "smtp://127.0.0.1:25?tls=none", From: mail.Address{Email: "not an address"}}); err == nil {
		t.Error("a sender without a valid address")
	}
}

// Build keeps every visitor's text out of the headers' structure and gives
// the message a stable Message-ID in the agency's domain.
func TestBuild(t *testing.T) {
	s, err := New(Config{URL: "smtp://127.0.0.1:25?tls=none", From: mail.Address{Name: "Agence\r\nBcc: x@evil.com", Email: "info@agence.be"}})
	if err != nil {
		t.Fatal(err)
	}
	m := mail.Message{
		To:      []mail.Address{{Name: "Zoë\nCc: y@evil.com", Email: "zoe@example.be"}},
		Subject: "Bonjour\r\nBcc: z@evil.com",
		Text:    "text",
		Lang:    "fr",
		Attachments: []mail.Attachment{{Name: "../../etc/\"visit\r\n.ics", ContentType: "text/calendar; method=REQUEST",
			Data: []byte("BEGIN:VCALENDAR")}},
	}
	msg, err := s.Build(m, "immo.mail.7.1700000000")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := msg.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, line := range strings.Split(out, "\r\n") {
		for _, h := range []string{"bcc:", "cc:"} {
			if strings.HasPrefix(strings.ToLower(line), h) {
				t.Errorf("an injected header: %q", line)
			}
		}
	}
	for _, want := range []string{"Message-ID: <immo.mail.7.1700000000@agence.be>", "Content-Language: fr", `filename="visit.ics"`} {
		if !strings.Contains(out, want) {
			t.Errorf("%q missing:\n%s", want, out)
		}
	}
	if strings.Contains(out, "etc/") {
		t.Errorf("the attachment name keeps its path:\n%s", out)
	}
	// A message written as another agency (published since the start)
	// leaves from it; one with a broken sender is refused.
	m.From = &mail.Address{Name: "Immo Virton", Email: "bureau@immo-virton.be"}
	if msg, err = s.Build(m, "immo.mail.8.1700000000"); err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if _, err := msg.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`From: "Immo Virton" <bureau@immo-virton.be>`, "Message-ID: <immo.mail.8.1700000000@immo-virton.be>"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("%q missing:\n%s", want, buf.String())
		}
	}
	m.From = &mail.Address{Email: "bureau@immo-virton.be\r\nBcc: x@evil.com"}
	if _, err := s.Build(m, ""); !errors.Is(err, mail.ErrBadAddress) {
		t.Errorf("a sender with a header in it: %v", err)
	}
	if _, err := s.Build(mail.Message{Subject: "no recipient", Text: "x"}, ""); !errors.Is(err, mail.ErrNoRecipient) {
		t.Errorf("an invalid message: %v", err)
	}
}

// A refusal for good is a *RejectedError (Permanent); a server that is
// gone or says "later" is not.
func TestSendErrors(t *testing.T) {
	srv := smtptest.Start(t)
	s, err := New(Config{URL: srv.URL(), From: mail.Address{Email: "info@agence.be"}, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	m := mail.Message{To: []mail.Address{{Email: "zoe@example.be"}}, Subject: "s", Text: "t"}
	tests := []struct {
		name      string
		setup     func()
		ok        bool
		permanent bool
	}{
		{"accepted", func() {}, true, false},
		{"try later", func() { srv.Refuse(451) }, false, false},
		{"refused", func() { srv.Refuse(554) }, false, true},
		{"down", func() { srv.Accept(); srv.Down() }, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.setup()
			err := s.Send(context.Background(), m, "")
			var rejected *RejectedError
			if (err == nil) != tt.ok || errors.As(err, &rejected) != tt.permanent {
				t.Errorf("err %v: want ok %v, permanent %v", err, tt.ok, tt.permanent)
			}
		})
	}
}
