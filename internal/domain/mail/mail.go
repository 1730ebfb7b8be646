// Package mail is the site's outgoing mail as the domain sees it: a Message
// (recipients, reply-to, subject, HTML and text parts, attachments such as
// an appointment's .ics) and the Queue contract that delivers it. Nothing
// here speaks SMTP: the queue adapter (River, with the visitor-requests
// issue) sends in the background and retries.
//
// Header safety lives here, in one place: every text that reaches a header
// (names, subject, file names) has its CR and LF removed and is
// RFC 2047-encoded when not plain ASCII, and every address must be one bare
// address (field.ValidEmail), so no visitor input can add a header or a
// recipient.
package mail

import (
	"context"
	"errors"
	"mime"
	"net/mail"
	"net/url"
	"strings"
	"time"

	"immo/internal/domain/field"
)

// Address is a recipient or sender: a bare address and an optional name.
type Address struct {
	Name  string `json:"name,omitempty"`
	Email string `json:"email"`
}

// Attachment is a file sent with a message.
type Attachment struct {
	Name        string `json:"name"`        // file name, e.g. "visit.ics"
	ContentType string `json:"contentType"` // e.g. "text/calendar; method=REQUEST"
	Data        []byte `json:"data"`
}

// Message is one mail to send. Subject and names may come from visitors:
// Header and the other methods make them safe; never write them raw.
type Message struct {
	// From is the agency the mail is written as (its name and address as
	// published when it was written); nil: the sender's own (smtpsend.Config.From).
	From        *Address     `json:"from,omitempty"`
	To          []Address    `json:"to"`
	ReplyTo     *Address     `json:"replyTo,omitempty"` // the visitor, on a mail to the agency
	Subject     string       `json:"subject"`
	HTML        string       `json:"html"`
	Text        string       `json:"text"`
	Attachments []Attachment `json:"attachments,omitempty"`
	Lang        string       `json:"lang"` // the language it is written in
	// ListUnsubscribe is the one-click unsubscribe address of a newsletter
	// mail (RFC 8058: List-Unsubscribe and List-Unsubscribe-Post headers).
	ListUnsubscribe string `json:"listUnsubscribe,omitempty"`
	// NotBefore holds the mail in the queue until then (zero: at once).
	NotBefore time.Time `json:"-"`
	// Request is the visitor's request the mail is about (lead.Service
	// sets it; 0: none): the queue records it, so the agency's inbox shows
	// the request's mails and their delivery.
	Request int64 `json:"request,omitempty"`
}

// Limits on a message: a queue row stays small and a mail server accepts it.
const (
	MaxRecipients     = 20
	MaxAttachmentSize = 5 << 20 // all attachments together
)

// Problems a message can have; they are the composer's bugs or hostile
// input, never a visitor's typo (forms validate before composing).
var (
	ErrNoRecipient   = errors.New("mail: no recipient")
	ErrTooManyTo     = errors.New("mail: too many recipients")
	ErrBadAddress    = errors.New("mail: not one bare address")
	ErrNoBody        = errors.New("mail: no text part")
	ErrTooLarge      = errors.New("mail: attachments too large")
	ErrNoSubject     = errors.New("mail: no subject")
	ErrBadAttachment = errors.New("mail: attachment without a name or type")
	ErrBadLink       = errors.New("mail: List-Unsubscribe is not one absolute https address")
)

// Validate checks what would make the message undeliverable or unsafe. A
// message must have a text part: it is what a mail reader without HTML
// shows, and what a spam filter wants to find next to HTML.
func (m Message) Validate() error {
	switch {
	case len(m.To) == 0:
		return ErrNoRecipient
	case len(m.To) > MaxRecipients:
		return ErrTooManyTo
	case field.Empty(m.Subject):
		return ErrNoSubject
	case field.Empty(m.Text):
		return ErrNoBody
	}
	for _, a := range m.To {
		if !field.ValidEmail(a.Email) {
			return ErrBadAddress
		}
	}
	if m.ReplyTo != nil && !field.ValidEmail(m.ReplyTo.Email) || m.From != nil && !field.ValidEmail(m.From.Email) {
		return ErrBadAddress
	}
	if m.ListUnsubscribe != "" {
		u, err := url.Parse(m.ListUnsubscribe)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" ||
			strings.ContainsFunc(m.ListUnsubscribe, func(r rune) bool { return r <= ' ' || r == '<' || r == '>' || r == 0x7f }) {
			return ErrBadLink
		}
	}
	size := 0
	for _, a := range m.Attachments {
		if field.Empty(a.Name) || field.Empty(a.ContentType) {
			return ErrBadAttachment
		}
		if _, _, err := mime.ParseMediaType(a.ContentType); err != nil {
			return ErrBadAttachment
		}
		size += len(a.Data)
	}
	if size > MaxAttachmentSize {
		return ErrTooLarge
	}
	return nil
}

// HeaderText makes s safe for a header's value: line breaks and other
// control characters become spaces, runs of spaces one, and text that is
// not plain ASCII is RFC 2047-encoded (Q for mostly Latin text).
func HeaderText(s string) string {
	return mime.QEncoding.Encode("utf-8", oneLine(s))
}

// oneLine turns control characters (CR, LF, tab…) into spaces and runs of
// spaces into one.
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)), " ")
}

// Header is the address as a header value: "Name <email>", the name
// cleaned and encoded (net/mail quotes and encodes it), CR/LF removed.
func (a Address) Header() string {
	email := strings.Join(strings.Fields(oneLine(a.Email)), "")
	return (&mail.Address{Name: oneLine(a.Name), Address: email}).String()
}

// AttachmentName is a safe file name for the Content-Disposition header:
// no path, no quotes, no control characters.
func AttachmentName(s string) string {
	if i := strings.LastIndexAny(s, `/\`); i >= 0 {
		s = s[i+1:]
	}
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' {
			return -1
		}
		return r
	}, s)
	if s == "" {
		return "attachment"
	}
	return s
}

// Status is a queued mail and where it is, as the queue tells it (a
// lead's page lists the mails about it).
type Status struct {
	ID        int64
	To        []string
	Subject   string
	State     string // queued, sending, sent, failed (mailqueue.State)
	Attempts  int
	Created   time.Time
	Next      time.Time // a queued mail's next try
	Finalized time.Time // when it was sent or failed
	LastError string
}

// Tx is a storage transaction, opaque to the domain: the storage adapter's
// transaction value satisfies it, and the queue adapter reads its own handle
// out of it (the *sql.Tx River inserts its job with). A message is queued if
// and only if the transaction that stores what it tells about commits: no
// mail about a request that was rolled back, no request without its mail.
type Tx interface {
	// StorageTx marks the value as a transaction of the storage layer.
	StorageTx()
}

// Queue delivers messages in the background.
type Queue interface {
	// Enqueue validates msgs and queues them inside tx; it sends nothing
	// itself. An invalid message fails the whole call (and so the
	// transaction).
	Enqueue(ctx context.Context, tx Tx, msgs ...Message) error
}
