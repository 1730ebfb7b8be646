package smtptest

import (
	"net/smtp"
	"strings"
	"testing"
	"time"
)

// The server records what it accepts, refuses while told to, and is gone
// while down.
func TestServer(t *testing.T) {
	s := Start(t)
	send := func() error {
		return smtp.SendMail(s.Addr(), nil, "from@example.be", []string{"to@example.be", "cc@example.be"},
			[]byte("Subject: hi\r\n\r\nbody\r\n"))
	}
	steps := []struct {
		name    string
		before  func()
		errPart string // "" when the mail must be accepted
		stored  int
	}{
		{"accepted", func() {}, "", 1},
		{"try later", func() { s.Refuse(451) }, "451", 1},
		{"refused", func() { s.Refuse(550) }, "550", 1},
		{"down", func() { s.Accept(); s.Down() }, "connect", 1},
		{"back up", func() { s.Up(t) }, "", 2},
	}
	for _, st := range steps {
		st.before()
		err := send()
		if (st.errPart == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), st.errPart)) {
			t.Errorf("%s: err %v, want %q", st.name, err, st.errPart)
		}
		if n := len(s.Messages()); n != st.stored {
			t.Errorf("%s: %d stored, want %d", st.name, n, st.stored)
		}
	}
	got := s.Wait(t, 2, time.Second)
	if got[1].From != "from@example.be" || len(got[1].To) != 2 || !strings.Contains(string(got[1].Data), "body") {
		t.Errorf("recorded %+v", got[1])
	}
}
