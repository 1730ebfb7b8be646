package smtpsend

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"immo/internal/domain/mail"
)

// A newsletter mail's unsubscribe address becomes the one-click headers of
// RFC 8058; an address that could break the header is refused.
func TestListUnsubscribe(t *testing.T) {
	s, err := New(Config{URL: "smtp://127.0.0.1:25?tls=none", From: mail.Address{Name: "Agence", Email: "info@agence.be"}})
	if err != nil {
		t.Fatal(err)
	}
	m := mail.Message{To: []mail.Address{{Email: "zoe@example.be"}}, Subject: "Newsletter", Text: "text",
		ListUnsubscribe: "https://agence.be/fr/unsubscribe/?token=abc"}
	msg, err := s.Build(m, "")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := msg.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"List-Unsubscribe: <https://agence.be/fr/unsubscribe/?token=abc>", "List-Unsubscribe-Post: List-Unsubscribe=One-Click"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("%q missing:\n%s", want, buf.String())
		}
	}
	for _, bad := range []string{"javascript:alert(1)", "https://a.be/x>\r\nBcc: y@evil.com", "/fr/unsubscribe/", "https://a.be/a b"} {
		m.ListUnsubscribe = bad
		if _, err := s.Build(m, ""); !errors.Is(err, mail.ErrBadLink) {
			t.Errorf("List-Unsubscribe %q: %v", bad, err)
		}
	}
}
