package newsletter

import (
	"context"
	"errors"
	"testing"
	"time"

	"immo/internal/domain/mail"
)

func TestNormalize(t *testing.T) {
	if got := Normalize("  Anne@Example.BE "); got != "anne@example.be" {
		t.Errorf("Normalize = %q", got)
	}
}

// A link no linktoken.New made never reaches the store.
func TestImplausibleTokensAreUnknown(t *testing.T) {
	s := &Service{Store: refusing{t}}
	if _, err := s.Confirm(t.Context(), "../../etc"); !errors.Is(err, ErrUnknownToken) {
		t.Errorf("Confirm: %v", err)
	}
	if _, err := s.Unsubscribe(t.Context(), ""); !errors.Is(err, ErrUnknownToken) {
		t.Errorf("Unsubscribe: %v", err)
	}
}

// A confirmed subscriber signing up again stays confirmed and gets one
// mail saying so (with an unsubscribe token), no confirmation link: the
// page's "check your mailbox" stays true without telling who subscribes.
func TestSignUpOfAConfirmedSubscriber(t *testing.T) {
	m := &recordingMails{}
	s := &Service{Store: confirmedStore{refusing: refusing{t}}, Mails: m}
	msgs, err := s.SignUpIn(t.Context(), nil, "Anne@example.be", "fr")
	if err != nil || len(msgs) != 1 || msgs[0].Subject != "already" {
		t.Fatalf("SignUpIn = %v, %v", msgs, err)
	}
	if m.optIns != 0 || m.already != 1 {
		t.Errorf("opt-ins %d, already %d: want the 'already subscribed' mail only", m.optIns, m.already)
	}
}

type recordingMails struct{ optIns, already int }

func (m *recordingMails) OptIn(Subscriber, string, string) (mail.Message, error) {
	m.optIns++
	return mail.Message{Subject: "opt-in"}, nil
}
func (m *recordingMails) UnsubscribeLink(Subscriber, string) (mail.Message, error) {
	return mail.Message{Subject: "unsubscribe"}, nil
}
func (m *recordingMails) Already(s Subscriber, unsubscribe string) (mail.Message, error) {
	if unsubscribe == "" || s.State != Confirmed {
		return mail.Message{}, errors.New("no unsubscribe token, or not confirmed")
	}
	m.already++
	return mail.Message{Subject: "already"}, nil
}

type refusing struct{ t *testing.T }

func (r refusing) SubscribeIn(context.Context, mail.Tx, string, string, time.Time) (Subscriber, error) {
	r.t.Error("store asked")
	return Subscriber{}, nil
}
func (r refusing) AddTokenIn(context.Context, mail.Tx, int64, string, string, time.Time) error {
	r.t.Error("store asked")
	return nil
}
func (r refusing) Use(context.Context, string, string, State, time.Time) (Subscriber, error) {
	r.t.Error("store asked")
	return Subscriber{}, nil
}
func (r refusing) WithSubscriber(context.Context, string, func(context.Context, mail.Tx, Subscriber) error) (bool, error) {
	r.t.Error("store asked")
	return false, nil
}
func (r refusing) Subscriber(context.Context, string) (Subscriber, bool, error) {
	r.t.Error("store asked")
	return Subscriber{}, false, nil
}

type confirmedStore struct{ refusing }

func (confirmedStore) SubscribeIn(_ context.Context, _ mail.Tx, email, lang string, _ time.Time) (Subscriber, error) {
	return Subscriber{ID: 1, Email: email, Lang: "nl", State: Confirmed}, nil
}

// AddTokenIn takes the unsubscribe token of the 'already subscribed' mail.
func (confirmedStore) AddTokenIn(_ context.Context, _ mail.Tx, id int64, purpose, _ string, _ time.Time) error {
	if id != 1 || purpose != PurposeUnsubscribe {
		return errors.New("a token other than the subscriber's unsubscribe one")
	}
	return nil
}
