package lead

import (
	"context"
	"errors"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/domain/field"
	"immo/internal/domain/mail"
)

var person = map[string]string{"title": "ms", "firstName": "Ann", "lastName": "Peeters",
	"email": "ann@example.be", "phone": "0471 23 45 67"}

func post(kind Kind, extra map[string]string) Request {
	in := maps.Clone(person)
	maps.Copy(in, extra)
	for k, v := range extra {
		if v == "<del>" {
			delete(in, k)
		}
	}
	return Decode(kind, "fr", "/fr/a-vendre/arlon/maison/4100001/", in)
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    Request
		want field.Errors
	}{
		{"information", post(KindInformation, map[string]string{"propertyId": "4100001", "contactTime": "evening"}), field.Errors{}},
		{"information without property", post(KindInformation, nil), field.Errors{"propertyId": field.KeyRequired}},
		{"bad property id", post(KindInformation, map[string]string{"propertyId": "-3"}), field.Errors{"propertyId": field.KeyNumber}},
		{"blank names and bad email", post(KindInformation, map[string]string{"propertyId": "1", "firstName": " ", "lastName": "<del>", "email": "ann@"}),
			field.Errors{"firstName": field.KeyRequired, "lastName": field.KeyRequired, "email": field.KeyEmail}},
		{"title outside Mr/Ms/Miss", post(KindSiteContact, map[string]string{"title": "dr", "remark": "?"}), field.Errors{"title": field.KeyChoice}},
		{"site contact needs a remark", post(KindSiteContact, map[string]string{"remark": "  "}), field.Errors{"remark": field.KeyRequired}},
		{"unknown contact time", post(KindSiteContact, map[string]string{"remark": "?", "contactTime": "night"}), field.Errors{"contactTime": field.KeyChoice}},
		{"valuation", post(KindValuation, map[string]string{"goal": "sale", "street": "Grand-Rue 1", "zip": "6700", "city": "Arlon"}), field.Errors{}},
		{"valuation without address", post(KindValuation, map[string]string{"goal": "buy"}),
			field.Errors{"goal": field.KeyChoice, "street": field.KeyRequired, "zip": field.KeyRequired, "city": field.KeyRequired}},
		{"friend: phone and title optional", post(KindFriend, map[string]string{"propertyId": "1", "title": "", "phone": "", "friendEmail": "bob@example.be"}), field.Errors{}},
		{"friend email empty", post(KindFriend, map[string]string{"propertyId": "1", "friendEmail": ""}), field.Errors{"friendEmail": field.KeyFriendEmail}},
		{"friend email invalid", post(KindFriend, map[string]string{"propertyId": "1", "friendEmail": "bob"}), field.Errors{"friendEmail": field.KeyFriendEmail}},
		{"newsletter asks an email only", Decode(KindNewsletter, "nl", "/nl/", map[string]string{"email": "ann@example.be"}), field.Errors{}},
		{"newsletter without email", Decode(KindNewsletter, "nl", "/nl/", map[string]string{}), field.Errors{"email": field.KeyRequired}},
		{"visit needs a slot", post(KindVisit, map[string]string{"propertyId": "1", "slot": "tomorrow"}), field.Errors{"slot": field.KeyDate}},
		{"visit", post(KindVisit, map[string]string{"propertyId": "1", "slot": "2026-11-24T10:00:00+01:00"}), field.Errors{}},
		{"project", post(KindProject, map[string]string{"projectId": "12"}), field.Errors{}},
		{"offer amount", post(KindPurchaseOffer, map[string]string{"propertyId": "1", "amount": "2e5",
			"street": "Grand-Rue 1", "zip": "6700", "city": "Arlon", "validUntil": "2026-12-01"}), field.Errors{"amount": field.KeyNumber}},
		{"rent application", post(KindRentApplication, map[string]string{"propertyId": "1", "adults": "2", "movingDate": "2027-02-30", "income1": "-1", "pets": "maybe"}),
			field.Errors{"movingDate": field.KeyDate, "income1": field.KeyNumber, "pets": field.KeyChoice}},
		{"remark too long", post(KindSiteContact, map[string]string{"remark": strings.Repeat("é", field.MaxRemark+1)}), field.Errors{"remark": field.KeyTooLong}},
		{"a friend's message is a short note", post(KindFriend, map[string]string{"propertyId": "1", "friendEmail": "bob@example.org",
			"remark": strings.Repeat("é", MaxFriendMessage+1)}), field.Errors{"remark": field.KeyTooLong}},
		{"a friend's message of 500 characters", post(KindFriend, map[string]string{"propertyId": "1", "friendEmail": "bob@example.org",
			"remark": strings.Repeat("é", MaxFriendMessage)}), field.Errors{}},
		{"testimonial", post(KindTestimonial, map[string]string{"remark": "Très bon service", "phone": "<del>"}), field.Errors{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.r.Validate()
			if !maps.Equal(got, tc.want) {
				t.Fatalf("Validate() = %v, want %v", got, tc.want)
			}
			for _, k := range got {
				if !slices.Contains(field.Keys, k) {
					t.Errorf("key %q is not in field.Keys (and so not checked in the locales)", k)
				}
			}
		})
	}
}

// Every kind has a Spec, and every Spec's own keys are known.
func TestSpecs(t *testing.T) {
	kinds := []Kind{KindInformation, KindVisit, KindProject, KindValuation, KindSiteContact, KindFriend, KindNewsletter,
		KindDocument, KindTestimonial, KindJob, KindPurchaseOffer, KindRentApplication, KindDemandRegister}
	for _, k := range kinds {
		spec, ok := Specs[k]
		if !ok {
			t.Errorf("%s: no Spec", k)
		}
		for _, f := range spec.Fields {
			if f.Key != "" && !slices.Contains(field.Keys, f.Key) {
				t.Errorf("%s.%s: key %q unknown", k, f.Name, f.Key)
			}
			if f.Type != List && (f.Type == Choice) != (len(f.Options) > 0) {
				t.Errorf("%s.%s: options only and always for a choice", k, f.Name)
			}
		}
	}
	if len(Specs) != len(kinds) {
		t.Errorf("%d specs for %d kinds", len(Specs), len(kinds))
	}
}

func TestDecodeKeepsOnlyKnownFields(t *testing.T) {
	r := Decode(KindPurchaseOffer, "fr", "/p/", map[string]string{"amount": " 250000 ", "isAdmin": "1", "propertyId": "7", "email": " a@b.be "})
	if len(r.Fields) != 1 || r.Fields["amount"] != "250000" {
		t.Fatalf("fields %v", r.Fields)
	}
	if n, ok := r.Int("amount"); !ok || n != 250000 {
		t.Fatalf("Int = %d %v", n, ok)
	}
	if r.PropertyID != 7 || r.Person.Email != "a@b.be" {
		t.Fatalf("decoded %+v", r)
	}
}

func TestIPHasher(t *testing.T) {
	if _, err := NewIPHasher([]byte("short")); !errors.Is(err, ErrShortSecret) {
		t.Fatalf("short secret: %v", err)
	}
	h, _ := NewIPHasher([]byte(strings.Repeat("k", 32)))
	other, _ := NewIPHasher([]byte(strings.Repeat("o", 32)))
	a := h.Hash("203.0.113.7")
	for _, tc := range []struct {
		name string
		got  string
		same bool
	}{
		{"same address", h.Hash("203.0.113.7"), true},
		{"IPv4-mapped", h.Hash("::ffff:203.0.113.7"), true},
		{"next address", h.Hash("203.0.113.8"), false},
		{"other secret", other.Hash("203.0.113.7"), false},
	} {
		if (tc.got == a) != tc.same {
			t.Errorf("%s: same=%v", tc.name, tc.got == a)
		}
	}
	if strings.Contains(a, "203") || len(a) != 64 {
		t.Errorf("hash %q", a)
	}
	if h.Hash("2001:db8:1:2::1") != h.Hash("2001:db8:1:2:ffff::9") {
		t.Error("one /64 must hash alike")
	}
	if h.Hash("2001:db8:1:2::1") == h.Hash("2001:db8:1:3::1") {
		t.Error("two /64 must differ")
	}
}

// fakeStore keeps what a transaction commits: a failing callback stores nothing.
type fakeStore struct {
	rows []Request
	tx   *fakeTx
}

type fakeTx struct{ queued []mail.Message }

func (*fakeTx) StorageTx() {}

func (s *fakeStore) Save(ctx context.Context, r Request, then func(context.Context, mail.Tx, int64) error) (int64, error) {
	tx := &fakeTx{}
	id := int64(len(s.rows) + 1)
	if err := then(ctx, tx, id); err != nil {
		return 0, err
	}
	r.ID = id
	s.rows, s.tx = append(s.rows, r), tx
	return id, nil
}

func (s *fakeStore) CountFrom(_ context.Context, hash string, since time.Time) (n int, _ error) {
	for _, r := range s.rows {
		if r.IPHash == hash && !r.Time.Before(since) {
			n++
		}
	}
	return n, nil
}

type fakeQueue struct{}

func (fakeQueue) Enqueue(_ context.Context, tx mail.Tx, msgs ...mail.Message) error {
	for _, m := range msgs {
		if err := m.Validate(); err != nil {
			return err
		}
	}
	tx.(*fakeTx).queued = append(tx.(*fakeTx).queued, msgs...)
	return nil
}

func TestSubmit(t *testing.T) {
	ip, _ := NewIPHasher([]byte(strings.Repeat("k", 32)))
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	to := ""
	st := &fakeStore{}
	s := &Service{Store: st, Queue: fakeQueue{}, IP: ip, MaxPerHour: 2, Now: func() time.Time { return now },
		Mails: ComposeFunc(func(_ context.Context, r Request) ([]mail.Message, error) {
			return []mail.Message{{To: []mail.Address{{Email: to}}, Subject: "Request " + strconv.FormatInt(r.ID, 10), Text: r.Remark, Lang: r.Lang}}, nil
		})}
	good := post(KindSiteContact, map[string]string{"remark": "Bonjour"})

	if _, errs, err := s.Submit(context.Background(), post(KindSiteContact, nil), "203.0.113.7"); len(errs) == 0 || err != nil || len(st.rows) != 0 {
		t.Fatalf("invalid request: errs %v, err %v, %d stored", errs, err, len(st.rows))
	}
	to = "not an address" // the mail fails: the request must not be stored either
	if _, _, err := s.Submit(context.Background(), good, "203.0.113.7"); !errors.Is(err, mail.ErrBadAddress) || len(st.rows) != 0 {
		t.Fatalf("failing mail: err %v, %d stored", err, len(st.rows))
	}
	to = "info@agence.example.be"
	r, errs, err := s.Submit(context.Background(), good, "203.0.113.7")
	if err != nil || len(errs) > 0 || r.ID != 1 {
		t.Fatalf("Submit: %+v %v %v", r, errs, err)
	}
	stored := st.rows[0]
	if !stored.Time.Equal(now) || stored.IPHash != ip.Hash("203.0.113.7") || strings.Contains(stored.IPHash, "203.0") {
		t.Fatalf("stored %+v", stored)
	}
	if q := st.tx.queued; len(q) != 1 || q[0].Subject != "Request 1" {
		t.Fatalf("queued in the request's transaction: %+v", q)
	}
	s.Submit(context.Background(), good, "203.0.113.7")
	if _, _, err := s.Submit(context.Background(), good, "203.0.113.7"); !errors.Is(err, ErrTooMany) || len(st.rows) != 2 {
		t.Fatalf("third within the hour: %v, %d stored", err, len(st.rows))
	}
	if _, _, err := s.Submit(context.Background(), good, "198.51.100.1"); err != nil {
		t.Fatalf("another sender: %v", err)
	}
	now = now.Add(time.Hour + time.Second)
	if _, _, err := s.Submit(context.Background(), good, "203.0.113.7"); err != nil {
		t.Fatalf("an hour later: %v", err)
	}
}

// A kind's Step runs in the request's transaction: its Secret reaches the
// mails, its refusal is the visitor's field errors and stores nothing, and
// Done runs after the commit only.
func TestSubmitStep(t *testing.T) {
	ip, _ := NewIPHasher([]byte(strings.Repeat("k", 32)))
	st := &fakeStore{}
	refuse, done := false, 0
	s := &Service{Store: st, Queue: fakeQueue{}, IP: ip,
		Mails: ComposeFunc(func(_ context.Context, r Request) ([]mail.Message, error) {
			return []mail.Message{{To: []mail.Address{{Email: "a@b.be"}}, Subject: "secret " + r.Secret, Text: "x", Lang: r.Lang}}, nil
		}),
		Steps: map[Kind]Step{KindSiteContact: StepFuncs{
			InFunc: func(_ context.Context, _ mail.Tx, r *Request) error {
				if refuse {
					return &Refused{Errors: field.Errors{"slot": field.KeySlotFull}}
				}
				r.Secret = "s3cret-" + strconv.FormatInt(r.ID, 10)
				return nil
			},
			DoneFunc: func(context.Context, Request) { done++ },
		}}}
	good := post(KindSiteContact, map[string]string{"remark": "Bonjour"})
	r, errs, err := s.Submit(t.Context(), good, "203.0.113.7")
	if err != nil || len(errs) > 0 || r.Secret != "" || done != 1 {
		t.Fatalf("Submit: %+v %v %v (done %d)", r, errs, err, done)
	}
	if q := st.tx.queued; len(q) != 1 || q[0].Subject != "secret s3cret-1" {
		t.Fatalf("the step's secret did not reach the mail: %+v", q)
	}
	refuse = true
	_, errs, err = s.Submit(t.Context(), good, "203.0.113.7")
	if err != nil || errs["slot"] != field.KeySlotFull || len(st.rows) != 1 || done != 1 {
		t.Fatalf("refused: %v %v, %d stored, done %d", errs, err, len(st.rows), done)
	}
	// Another kind has no step.
	if _, _, err := s.Submit(t.Context(), post(KindSiteContact, map[string]string{"remark": "x"}), "198.51.100.1"); err != nil {
		t.Fatal(err)
	}
}

// TestSubmitRulesAndRepeat: the Rules' problems join Validate's, and a
// Repeat refuses a request after everything else: nothing stored either way.
func TestSubmitRulesAndRepeat(t *testing.T) {
	ip, _ := NewIPHasher([]byte(strings.Repeat("k", 32)))
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	st := &fakeStore{}
	var ruledAt time.Time
	s := &Service{Store: st, Queue: fakeQueue{}, IP: ip, Now: func() time.Time { return now },
		Rules: RulesFunc(func(_ context.Context, r Request, at time.Time) field.Errors {
			ruledAt = at
			e := field.Errors{}
			e.Check(r.Remark == "too late", FieldRemark, "rule.late")
			e.Check(true, FieldEmail, "rule.never-shown") // email already has Validate's problem below
			return e
		}),
		Repeat: RepeatsFunc(func(_ context.Context, r Request) (bool, error) {
			return r.Remark == "again", nil
		})}
	bad := post(KindSiteContact, map[string]string{"remark": "too late", "email": "anne@"})
	if got := s.Check(t.Context(), bad); !reflect.DeepEqual(got, field.Errors{FieldRemark: "rule.late", FieldEmail: field.KeyEmail}) || !ruledAt.Equal(now) {
		t.Fatalf("Check = %v (ruled at %v)", got, ruledAt)
	}
	s.Rules = nil
	if _, errs, err := s.Submit(context.Background(), post(KindSiteContact, map[string]string{"remark": "again"}), "203.0.113.7"); !errors.Is(err, ErrRepeated) ||
		len(errs) > 0 || len(st.rows) != 0 {
		t.Fatalf("a repeat: errs %v, err %v, %d stored", errs, err, len(st.rows))
	}
	if _, errs, err := s.Submit(context.Background(), post(KindSiteContact, map[string]string{"remark": "first"}), "203.0.113.7"); err != nil || len(errs) > 0 || len(st.rows) != 1 {
		t.Fatalf("not a repeat: errs %v, err %v, %d stored", errs, err, len(st.rows))
	}
}
