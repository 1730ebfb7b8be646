package admin

import "testing"

// A mail's last error is said in the staff's words: refused for good (an
// SMTP 5xx), for now (4xx), our server unreachable, or another failure.
func TestErrorKey(t *testing.T) {
	for err, want := range map[string]string{
		"": "",
		"smtp: 550 5.1.1 <jan@example.be>: no such user":       "admin.mails.error.refused",
		"mail: RCPT TO: 550 mailbox unavailable":               "admin.mails.error.refused",
		"451 4.7.1 Greylisted, try again later":                "admin.mails.error.deferred",
		"dial tcp 127.0.0.1:2525: connect: connection refused": "admin.mails.error.unreachable",
		"read tcp: i/o timeout":                                "admin.mails.error.unreachable",
		"message too large for its attachments":                "admin.mails.error.other",
		"port 25000 in use":                                    "admin.mails.error.other",
	} {
		if got := errorKey(err); got != want {
			t.Errorf("%q: %q, want %q", err, got, want)
		}
	}
}
