package mail

import (
	"errors"
	"strings"
	"testing"
)

func valid() Message {
	return Message{
		To:      []Address{{Name: "Agence", Email: "info@agence.example.be"}},
		ReplyTo: &Address{Name: "Ann", Email: "ann@example.be"},
		Subject: "Demande d'information", Text: "Bonjour", HTML: "<p>Bonjour</p>", Lang: "fr",
		Attachments: []Attachment{{Name: "visit.ics", ContentType: "text/calendar; method=REQUEST", Data: []byte("BEGIN:VCALENDAR")}},
	}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*Message)
		want   error
	}{
		{"valid", func(*Message) {}, nil},
		{"no recipient", func(m *Message) { m.To = nil }, ErrNoRecipient},
		{"too many", func(m *Message) { m.To = make([]Address, MaxRecipients+1) }, ErrTooManyTo},
		{"injected recipient", func(m *Message) { m.To[0].Email = "a@b.be\r\nBcc: x@y.be" }, ErrBadAddress},
		{"two recipients in one", func(m *Message) { m.To[0].Email = "a@b.be, c@d.be" }, ErrBadAddress},
		{"bad reply-to", func(m *Message) { m.ReplyTo.Email = "ann" }, ErrBadAddress},
		{"blank subject", func(m *Message) { m.Subject = " \n" }, ErrNoSubject},
		{"HTML only", func(m *Message) { m.Text = "" }, ErrNoBody},
		{"attachment type", func(m *Message) { m.Attachments[0].ContentType = "text/" }, ErrBadAttachment},
		{"attachment name", func(m *Message) { m.Attachments[0].Name = "" }, ErrBadAttachment},
		{"too large", func(m *Message) { m.Attachments[0].Data = make([]byte, MaxAttachmentSize+1) }, ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := valid()
			tc.change(&m)
			if err := m.Validate(); !errors.Is(err, tc.want) {
				t.Fatalf("Validate() = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestHeaderText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Demande pour 4100001", "Demande pour 4100001"},
		{"Visit\r\nBcc: x@y.be", "Visit Bcc: x@y.be"},
		{"  a\t\tb  ", "a b"},
		{"Schätzung", "=?utf-8?q?Sch=C3=A4tzung?="},
	} {
		got := HeaderText(tc.in)
		if got != tc.want {
			t.Errorf("HeaderText(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if strings.ContainsAny(got, "\r\n") {
			t.Errorf("HeaderText(%q) keeps a line break", tc.in)
		}
	}
}

func TestAddressHeader(t *testing.T) {
	for _, tc := range []struct {
		a    Address
		want string
	}{
		{Address{Email: "ann@example.be"}, "<ann@example.be>"},
		{Address{Name: "Ann Peeters", Email: "ann@example.be"}, `"Ann Peeters" <ann@example.be>`},
		{Address{Name: "Ann\r\nBcc: x@y.be", Email: "ann@example.be"}, `"Ann Bcc: x@y.be" <ann@example.be>`},
		{Address{Name: "Zoë", Email: "zoe@example.be"}, "=?utf-8?q?Zo=C3=AB?= <zoe@example.be>"},
		{Address{Name: `Ann "the buyer"`, Email: "ann@example.be"}, `"Ann \"the buyer\"" <ann@example.be>`},
	} {
		got := tc.a.Header()
		if got != tc.want {
			t.Errorf("%+v.Header() = %q, want %q", tc.a, got, tc.want)
		}
	}
}

func TestAttachmentName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"visit.ics", "visit.ics"},
		{"../../etc/passwd", "passwd"},
		{`C:\cv "final".pdf`, "cv final.pdf"},
		{"cv\r\n.pdf", "cv.pdf"},
		{"", "attachment"},
	} {
		if got := AttachmentName(tc.in); got != tc.want {
			t.Errorf("AttachmentName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
