package storagetest

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/lead"
	"immo/internal/domain/linktoken"
	"immo/internal/domain/mail"
	"immo/internal/domain/newsletter"
)

// RunNewsletter is the newsletter subscribers' suite, run on every
// database: the double opt-in's states, tokens used once (raced on two
// handles), a sign-up that rolls back with its request.
func RunNewsletter(t *testing.T, open func(t *testing.T) *sqlstore.Store) {
	t.Run("OptIn", func(t *testing.T) { testOptIn(t, open(t)) })
	t.Run("TokenRace", func(t *testing.T) { testTokenRace(t, open(t), open(t)) })
	t.Run("Rollback", func(t *testing.T) { testSignUpRollback(t, open(t)) })
	t.Run("List", func(t *testing.T) { testNewsletterList(t, open(t)) })
}

// The agency's list: newest first, by state, by a part of the address
// (LIKE's own characters taken as typed), a page before an id.
func testNewsletterList(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	ann := signUp(t, s, "ann@example.be", "nl", "c-ann", "u-ann")
	bob := signUp(t, s, "bob_100%@example.be", "fr", "c-bob", "u-bob")
	cleo := signUp(t, s, "cleo@example.de", "de", "c-cleo", "")
	if _, err := s.Newsletter().Use(ctx, newsletter.PurposeConfirm, linktoken.Hash("c-ann"), newsletter.Confirmed, nlNow); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Newsletter().Use(ctx, newsletter.PurposeUnsubscribe, linktoken.Hash("u-bob"), newsletter.Unsubscribed, nlNow); err != nil {
		t.Fatal(err)
	}
	ids := func(q newsletter.ListQuery) []int64 {
		t.Helper()
		list, err := s.Newsletter().List(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		out := []int64{}
		for _, l := range list {
			if l.Created.IsZero() || l.Updated.IsZero() || l.Email == "" {
				t.Fatalf("a listed subscriber: %+v", l)
			}
			out = append(out, l.ID)
		}
		return out
	}
	for name, c := range map[string]struct {
		q    newsletter.ListQuery
		want []int64
	}{
		"all":          {newsletter.ListQuery{Limit: 10}, []int64{cleo.ID, bob.ID, ann.ID}},
		"confirmed":    {newsletter.ListQuery{State: newsletter.Confirmed}, []int64{ann.ID}},
		"pending":      {newsletter.ListQuery{State: newsletter.Pending}, []int64{cleo.ID}},
		"unsubscribed": {newsletter.ListQuery{State: newsletter.Unsubscribed}, []int64{bob.ID}},
		"search":       {newsletter.ListQuery{Search: "EXAMPLE.BE"}, []int64{bob.ID, ann.ID}},
		"percent":      {newsletter.ListQuery{Search: "%"}, []int64{bob.ID}},
		"underscore":   {newsletter.ListQuery{Search: "b_1"}, []int64{bob.ID}},
		"page":         {newsletter.ListQuery{Before: cleo.ID, Limit: 1}, []int64{bob.ID}},
	} {
		if got := ids(c.q); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", name, got, c.want)
		}
	}
}

var nlNow = time.Date(2026, 5, 4, 9, 0, 0, 0, time.UTC)

// signUp records a sign-up of email inside a request's transaction, as the
// form does, with a confirm and an unsubscribe token; it returns the
// subscriber after it.
func signUp(t *testing.T, s *sqlstore.Store, email, lang, confirm, unsubscribe string) newsletter.Subscriber {
	t.Helper()
	var sub newsletter.Subscriber
	_, err := s.Requests().Save(t.Context(), lead.Request{Kind: lead.KindNewsletter, Lang: lang, Time: nlNow,
		Person: lead.Person{Email: email}}, func(ctx context.Context, tx mail.Tx, _ int64) error {
		var err error
		if sub, err = s.Newsletter().SubscribeIn(ctx, tx, email, lang, nlNow); err != nil {
			return err
		}
		for purpose, token := range map[string]string{newsletter.PurposeConfirm: confirm, newsletter.PurposeUnsubscribe: unsubscribe} {
			if token != "" {
				if err := s.Newsletter().AddTokenIn(ctx, tx, sub.ID, purpose, linktoken.Hash(token), nlNow); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

func testOptIn(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	n := s.Newsletter()
	state := func(want newsletter.State, lang string) {
		t.Helper()
		sub, ok, err := n.Subscriber(ctx, "anne@example.be")
		if err != nil || !ok || sub.State != want || sub.Lang != lang {
			t.Fatalf("subscriber %+v %v %v, want %s in %s", sub, ok, err, want, lang)
		}
	}
	if sub := signUp(t, s, "anne@example.be", "fr", "c1", "u1"); sub.State != newsletter.Pending || sub.ID == 0 {
		t.Fatalf("new sign-up %+v", sub)
	}
	state(newsletter.Pending, "fr")
	// Signing up again while pending: still pending, in the new language.
	signUp(t, s, "anne@example.be", "nl", "c2", "")
	state(newsletter.Pending, "nl")

	use := func(purpose, token string, to newsletter.State) (newsletter.Subscriber, error) {
		return n.Use(ctx, purpose, linktoken.Hash(token), to, nlNow.Add(time.Minute))
	}
	if _, err := use(newsletter.PurposeConfirm, "nope", newsletter.Confirmed); !errors.Is(err, newsletter.ErrUnknownToken) {
		t.Errorf("unknown token: %v", err)
	}
	if _, err := use(newsletter.PurposeConfirm, "u1", newsletter.Confirmed); !errors.Is(err, newsletter.ErrUnknownToken) {
		t.Errorf("an unsubscribe token confirms: %v", err)
	}
	sub, err := use(newsletter.PurposeConfirm, "c1", newsletter.Confirmed)
	if err != nil || sub.State != newsletter.Confirmed || sub.Email != "anne@example.be" {
		t.Fatalf("confirm: %+v %v", sub, err)
	}
	state(newsletter.Confirmed, "nl")
	if _, err := use(newsletter.PurposeConfirm, "c1", newsletter.Confirmed); !errors.Is(err, newsletter.ErrUnknownToken) {
		t.Errorf("a used token works again: %v", err)
	}
	// A confirmed subscriber signing up again stays confirmed, in its language.
	if sub := signUp(t, s, "anne@example.be", "de", "", ""); sub.State != newsletter.Confirmed || sub.Lang != "nl" {
		t.Errorf("sign-up of a confirmed subscriber: %+v", sub)
	}
	found, err := n.WithSubscriber(ctx, "anne@example.be", func(context.Context, mail.Tx, newsletter.Subscriber) error { return nil })
	if err != nil || !found {
		t.Errorf("WithSubscriber of a subscriber: %v %v", found, err)
	}
	if sub, err := use(newsletter.PurposeUnsubscribe, "u1", newsletter.Unsubscribed); err != nil || sub.State != newsletter.Unsubscribed {
		t.Fatalf("unsubscribe: %+v %v", sub, err)
	}
	state(newsletter.Unsubscribed, "nl")
	// The second confirmation link, used after leaving, does not subscribe again.
	if sub, err := use(newsletter.PurposeConfirm, "c2", newsletter.Confirmed); err != nil || sub.State != newsletter.Unsubscribed {
		t.Errorf("confirm after unsubscribing: %+v %v", sub, err)
	}
	found, err = n.WithSubscriber(ctx, "anne@example.be", func(context.Context, mail.Tx, newsletter.Subscriber) error {
		t.Error("fn run for a subscriber who left")
		return nil
	})
	if err != nil || found {
		t.Errorf("WithSubscriber of one who left: %v %v", found, err)
	}
	if found, err := n.WithSubscriber(ctx, "nobody@example.be", nil); err != nil || found {
		t.Errorf("WithSubscriber of nobody: %v %v", found, err)
	}
	// Signing up again starts over.
	if sub := signUp(t, s, "anne@example.be", "fr", "c3", ""); sub.State != newsletter.Pending {
		t.Errorf("sign-up after leaving: %+v", sub)
	}
	if _, ok, err := n.Subscriber(ctx, "nobody@example.be"); ok || err != nil {
		t.Errorf("Subscriber(nobody) = %v %v", ok, err)
	}
}

// Ten clicks on one link at once, on two handles: one confirms.
func testTokenRace(t *testing.T, a, b *sqlstore.Store) {
	signUp(t, a, "bob@example.be", "en", "race", "")
	results := race(10, a, b, func(s *sqlstore.Store) error {
		_, err := s.Newsletter().Use(context.Background(), newsletter.PurposeConfirm, linktoken.Hash("race"), newsletter.Confirmed, nlNow)
		return err
	})
	ok := 0
	for _, err := range results {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, newsletter.ErrUnknownToken):
			t.Errorf("use: %v", err)
		}
	}
	if ok != 1 {
		t.Errorf("%d of 10 clicks confirmed, want 1", ok)
	}
}

// A sign-up whose mail cannot be queued leaves no subscriber.
func testSignUpRollback(t *testing.T, s *sqlstore.Store) {
	ctx := t.Context()
	boom := errors.New("queue down")
	_, err := s.Requests().Save(ctx, lead.Request{Kind: lead.KindNewsletter, Lang: "fr", Time: nlNow,
		Person: lead.Person{Email: "carl@example.be"}}, func(ctx context.Context, tx mail.Tx, _ int64) error {
		if _, err := s.Newsletter().SubscribeIn(ctx, tx, "carl@example.be", "fr", nlNow); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("save: %v", err)
	}
	if _, ok, err := s.Newsletter().Subscriber(ctx, "carl@example.be"); ok || err != nil {
		t.Errorf("a subscriber kept without its request: %v %v", ok, err)
	}
}
