package newsletter

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"immo/internal/mail"
)

func TestTokens(t *testing.T) {
	a, b := NewToken(), NewToken()
	if a == b || !plausible(a) || len(Hash(a)) != 64 || Hash(a) == a || Hash(a) != Hash(a) {
		t.Errorf("tokens %q %q, hash %q", a, b, Hash(a))
	}
	for _, bad := range []string{"", "short", strings.Repeat("!", 43), a + "x"} {
		if plausible(bad) {
			t.Errorf("plausible(%q)", bad)
		}
	}
	if got := Normalize("  Anne@Example.BE "); got != "anne@example.be" {
		t.Errorf("Normalize = %q", got)
	}
}

// A link no NewToken made never reaches the store.
func TestImplausibleTokensAreUnknown(t *testing.T) {
	s := &Service{Store: refusing{t}}
	if _, err := s.Confirm(t.Context(), "../../etc"); !errors.Is(err, ErrUnknownToken) {
		t.Errorf("Confirm: %v", err)
	}
	if _, err := s.Unsubscribe(t.Context(), ""); !errors.Is(err, ErrUnknownToken) {
		t.Errorf("Unsubscribe: %v", err)
	}
}

// A confirmed subscriber signing up again gets no mail and no token.
func TestSignUpOfAConfirmedSubscriber(t *testing.T) {
	s := &Service{Store: confirmedStore{refusing{t}}, Mails: nil}
	msgs, err := s.SignUpIn(t.Context(), nil, "Anne@example.be", "fr")
	if err != nil || len(msgs) != 0 {
		t.Errorf("SignUpIn = %v, %v", msgs, err)
	}
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
