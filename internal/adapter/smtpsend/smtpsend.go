// Package smtpsend sends a mail.Message over SMTP with go-mail: the MIME
// message (plain text with an HTML alternative, attachments), the agency as
// From, and the connection IMMO_SMTP_URL describes.
package smtpsend

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"immo/internal/domain/field"
	"immo/internal/domain/mail"
)

// Config is where and as whom to send.
type Config struct {
	// URL is the server: smtp://[user:pass@]host[:port] (port 587,
	// STARTTLS required), smtps://[user:pass@]host[:port] (port 465,
	// implicit TLS), or smtp://host:port?tls=none (no TLS: only for a
	// local relay or a test server).
	URL string
	// From is the agency as the server started: a mail without a From of
	// its own (mail.Message.From) leaves with this name and address.
	From mail.Address
	// Timeout bounds one connection and its commands; 0 is 30 s.
	Timeout time.Duration
}

// Sender sends messages; it is safe for concurrent use (one connection
// per message).
type Sender struct {
	from    mail.Address
	host    string
	options []gomail.Option
}

// New checks cfg and returns its Sender; it does not connect.
func New(cfg Config) (*Sender, error) {
	if !field.ValidEmail(cfg.From.Email) {
		return nil, fmt.Errorf("smtpsend: the sender %q is not an email address", cfg.From.Email)
	}
	e, err := parseURL(cfg.URL)
	if err != nil {
		return nil, err
	}
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	return &Sender{from: cfg.From, host: e.host, options: append(e.options(), gomail.WithTimeout(timeout))}, nil
}

// security is how a connection is protected.
type security int

const (
	startTLS    security = iota // plain connection upgraded by STARTTLS, which is required
	implicitTLS                 // TLS from the first byte (smtps)
	noTLS                       // never TLS: a local relay or a test server
)

// endpoint is what IMMO_SMTP_URL says.
type endpoint struct {
	host, user, password string
	port                 int
	security             security
	auth                 bool
}

// parseURL reads IMMO_SMTP_URL. The error never repeats the URL: it may
// hold a password.
func parseURL(raw string) (endpoint, error) {
	var e endpoint
	u, err := url.Parse(raw)
	if err != nil {
		return e, errors.New("smtpsend: the SMTP URL does not parse")
	}
	if e.host = u.Hostname(); e.host == "" {
		return e, errors.New("smtpsend: the SMTP URL has no host")
	}
	switch u.Scheme {
	case "smtp":
		e.port = 587
		switch tls := u.Query().Get("tls"); tls {
		case "", "starttls":
			e.security = startTLS
		case "none":
			e.security = noTLS
		default:
			return e, fmt.Errorf("smtpsend: tls=%q: want starttls or none", tls)
		}
	case "smtps":
		e.port, e.security = 465, implicitTLS
	default:
		return e, fmt.Errorf("smtpsend: the SMTP URL's scheme is %q: want smtp or smtps", u.Scheme)
	}
	if p := u.Port(); p != "" {
		if e.port, err = strconv.Atoi(p); err != nil || e.port < 1 || e.port > 65535 {
			return e, fmt.Errorf("smtpsend: port %q", p)
		}
	}
	if u.User != nil {
		e.auth = true
		e.user = u.User.Username()
		e.password, _ = u.User.Password()
	}
	return e, nil
}

// options are go-mail's for e.
func (e endpoint) options() []gomail.Option {
	opts := []gomail.Option{gomail.WithPort(e.port)}
	switch e.security {
	case startTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case implicitTLS:
		opts = append(opts, gomail.WithSSL())
	case noTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	}
	if e.auth {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(e.user), gomail.WithPassword(e.password))
	}
	return opts
}

// Send sends m with messageID as its Message-ID (stable across retries, so
// a mail sent twice after a crash reads as one to the receiver's
// de-duplication). A server's permanent refusal (5xx) is a *RejectedError.
func (s *Sender) Send(ctx context.Context, m mail.Message, messageID string) error {
	msg, err := s.Build(m, messageID)
	if err != nil {
		return err
	}
	client, err := gomail.NewClient(s.host, s.options...)
	if err != nil {
		return fmt.Errorf("smtpsend: %w", err)
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		var sendErr *gomail.SendError
		if errors.As(err, &sendErr) && sendErr.ErrorCode() >= 500 && sendErr.ErrorCode() < 600 {
			return &RejectedError{Code: sendErr.ErrorCode(), Err: err}
		}
		return fmt.Errorf("smtpsend: %w", err)
	}
	return nil
}

// RejectedError is a server's permanent refusal: trying again cannot help.
type RejectedError struct {
	Code int
	Err  error
}

func (e *RejectedError) Error() string {
	return fmt.Sprintf("smtpsend: refused (%d): %v", e.Code, e.Err)
}
func (e *RejectedError) Unwrap() error { return e.Err }

// Permanent says the mail should not be tried again (the queue reads it).
func (e *RejectedError) Permanent() bool { return true }

// Build writes m as a MIME message: the text part with the HTML one as its
// alternative, then the attachments. Every header value goes through
// package mail's rules (no CR/LF, encoded names and subject).
func (s *Sender) Build(m mail.Message, messageID string) (*gomail.Msg, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	msg := gomail.NewMsg(gomail.WithCharset(gomail.CharsetUTF8), gomail.WithEncoding(gomail.EncodingQP),
		gomail.WithNoDefaultUserAgent())
	from := s.from
	if m.From != nil {
		from = *m.From
	}
	if err := msg.From(from.Header()); err != nil {
		return nil, fmt.Errorf("smtpsend: from: %w", err)
	}
	to := make([]string, len(m.To))
	for i, a := range m.To {
		to[i] = a.Header()
	}
	if err := msg.To(to...); err != nil {
		return nil, fmt.Errorf("smtpsend: to: %w", err)
	}
	if m.ReplyTo != nil {
		if err := msg.ReplyTo(m.ReplyTo.Header()); err != nil {
			return nil, fmt.Errorf("smtpsend: reply-to: %w", err)
		}
	}
	msg.Subject(mail.HeaderText(m.Subject))
	if messageID != "" {
		msg.SetMessageIDWithValue(mail.HeaderText(messageID) + "@" + domain(from.Email))
	} else {
		msg.SetMessageID()
	}
	msg.SetDate()
	if m.Lang != "" {
		msg.SetGenHeader(gomail.HeaderContentLang, mail.HeaderText(m.Lang))
	}
	if m.ListUnsubscribe != "" { // checked by Validate: one absolute address, no spaces nor brackets
		msg.SetGenHeader(gomail.Header("List-Unsubscribe"), "<"+m.ListUnsubscribe+">")
		msg.SetGenHeader(gomail.Header("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click")
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	for _, a := range m.Attachments {
		err := msg.AttachReader(mail.AttachmentName(a.Name), bytes.NewReader(a.Data),
			gomail.WithFileContentType(gomail.ContentType(mail.HeaderText(a.ContentType))))
		if err != nil {
			return nil, fmt.Errorf("smtpsend: attachment: %w", err)
		}
	}
	return msg, nil
}

// domain is the part of an address after the @, for the Message-ID.
func domain(email string) string {
	if i := strings.LastIndexByte(email, '@'); i >= 0 {
		if d := email[i+1:]; d != "" && !strings.ContainsAny(d, " <>") {
			return d
		}
	}
	return "localhost" // never reached: New validated the address
}
