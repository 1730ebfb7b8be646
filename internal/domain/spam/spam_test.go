package spam

import (
	"context"
	"fmt"
	"maps"
	"net/url"
	"strings"
	"testing"
	"time"

	"immo/internal/domain/agency"
	"immo/internal/domain/altcha"
	"immo/internal/domain/antispam"
	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/domain/lead/leadtest"
	"immo/internal/domain/site"
)

var goodContact = url.Values{"title": {"ms"}, "firstName": {"Ann"}, "lastName": {"Peeters"}, "email": {"ann@example.be"},
	"phone": {"0471 23 45 67"}, "remark": {"Bonjour"}}

func without(v url.Values, names ...string) url.Values {
	out := url.Values{}
	for k, x := range v {
		out[k] = x
	}
	for _, n := range names {
		out.Del(n)
	}
	return out
}

// counter is an antispam.Counter in memory.
type counter map[string]int

func (c counter) Hit(_ context.Context, key string, w time.Time) (int, error) {
	k := key + "@" + w.Format(time.RFC3339)
	c[k]++
	return c[k], nil
}

func (c counter) Count(_ context.Context, key string, w time.Time) (int, error) {
	return c[key+"@"+w.Format(time.RFC3339)], nil
}

func (c counter) PurgeHits(context.Context, time.Time) (int64, error) { return 0, nil }

// checker accepts the payload "good" and counts the payloads it checked.
type checker struct{ checked int }

func (c *checker) Check(_ context.Context, v url.Values) (field.Errors, error) {
	c.checked++
	if v.Get(altcha.FieldName) != "good" {
		return field.Errors{altcha.FieldName: field.KeyCaptcha}, nil
	}
	return nil, nil
}

// Gate stores a request only past the honeypot, its fields, the
// challenge and the limits, in that order: a post with bad fields neither
// spends its challenge nor counts against the sender.
func TestGate(t *testing.T) {
	now := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC) // an hour's and a day's window start together
	for _, tc := range []struct {
		name    string
		posts   []url.Values // sent before the last, each must be kept
		last    url.Values
		want    field.Errors
		stored  int // requests stored by the last post
		checked int // challenges checked by the last post
		// required: a third-party captcha, every post checked (Captcha)
		required bool
		// agency is the post's agency's captcha provider ("-": an agency
		// that shows none; "": no agency in the context).
		agency string
	}{
		{name: "good, without a challenge", last: goodContact, stored: 1},
		{name: "good, with a challenge", last: with(goodContact, altcha.FieldName, "good"), stored: 1, checked: 1},
		{name: "a refused challenge", last: with(goodContact, altcha.FieldName, "bad"),
			want: field.Errors{altcha.FieldName: field.KeyCaptcha}, checked: 1},
		{name: "honeypot", last: with(goodContact, altcha.HoneypotField, "x")},
		{name: "bad fields spend no challenge", last: with(with(goodContact, "email", "ann@"), altcha.FieldName, "bad"),
			want: field.Errors{"email": field.KeyEmail}},
		{name: "bad fields do not count", posts: []url.Values{goodContact},
			last: goodContact, stored: 1}, // three bad posts before it are below
		{name: "over the hour's limit: try again in an hour", posts: []url.Values{goodContact, goodContact},
			last: goodContact, want: field.Errors{FieldForm: field.KeyTooManyHour}},
		{name: "a NUL in a field: its message, nothing spent", last: with(with(goodContact, "lastName", "Pee\x00ters"), altcha.FieldName, "good"),
			want: field.Errors{"lastName": field.KeyControl}},
		{name: "the proof's limit is its own", posts: []url.Values{goodContact, goodContact},
			last: with(goodContact, altcha.FieldName, "good"), stored: 1, checked: 1},
		{name: "a required proof: missing", required: true, last: goodContact,
			want: field.Errors{altcha.FieldName: field.KeyCaptcha}, checked: 1},
		{name: "a required proof: given", required: true, last: with(goodContact, altcha.FieldName, "good"), stored: 1, checked: 1},
		{name: "a required proof: bad fields spend none", required: true, last: with(goodContact, "email", "ann@"),
			want: field.Errors{"email": field.KeyEmail}},
		{name: "a required proof: its limit, not the one without", required: true,
			posts: []url.Values{with(goodContact, altcha.FieldName, "good"), with(goodContact, altcha.FieldName, "good")},
			last:  with(goodContact, altcha.FieldName, "good"), stored: 1, checked: 1},
		{name: "a required proof: the agency shows it", required: true, agency: "hcaptcha", last: goodContact,
			want: field.Errors{altcha.FieldName: field.KeyCaptcha}, checked: 1},
		{name: "a captcha the agency no longer shows: ALTCHA's rules", required: true, agency: "-", last: goodContact, stored: 1},
		{name: "another provider than the checker's: ALTCHA's rules", required: true, agency: "turnstile",
			last: with(goodContact, altcha.FieldName, "good"), stored: 1, checked: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &leadtest.Store{}
			hits := counter{}
			ip, _ := lead.NewIPHasher([]byte(strings.Repeat("s", 32)))
			limit := func(name string, max int, window time.Duration) Limit {
				return Limit{Limiter: &antispam.Limiter{Counter: hits, Max: max, Window: window, Now: func() time.Time { return now }, Name: name}}
			}
			ch := &checker{}
			h := &Gate{Requests: &lead.Service{Store: st, IP: ip}, Challenges: ch, IP: ip,
				WithProof:    []Limit{limit("proof-hour", 10, time.Hour)},
				WithoutProof: []Limit{limit("noproof-hour", 2, time.Hour), limit("noproof-day", 10, 24*time.Hour)}}
			if tc.required {
				h.Captcha, h.CaptchaProvider = ch, "hcaptcha"
			}
			ctx := t.Context()
			if tc.agency != "" {
				cfg := &site.Config{}
				if tc.agency != "-" {
					cfg.Captcha = &site.Captcha{Provider: tc.agency}
				}
				ctx = agency.NewContext(ctx, &agency.Agency{Site: cfg})
			}
			post := func(v url.Values) (field.Errors, error) {
				return h.Submit(ctx, Post{Kind: lead.KindSiteContact, Lang: "fr", Page: "/fr/contact/", Values: v, IP: "203.0.113.7"})
			}
			for range 3 {
				post(with(goodContact, "email", "")) // bad fields: never counted
			}
			for i, v := range tc.posts {
				if errs, err := post(v); err != nil || len(errs) > 0 {
					t.Fatalf("post %d: %v %v", i+1, errs, err)
				}
			}
			stored, checked := len(st.Rows), ch.checked
			errs, err := post(tc.last)
			if err != nil {
				t.Fatal(err)
			}
			if !maps.Equal(errs, tc.want) {
				t.Errorf("errors %v, want %v", errs, tc.want)
			}
			if n := len(st.Rows) - stored; n != tc.stored {
				t.Errorf("stored %d, want %d", n, tc.stored)
			}
			if n := ch.checked - checked; n != tc.checked {
				t.Errorf("checked %d challenges, want %d", n, tc.checked)
			}
		})
	}
}

func with(v url.Values, name, value string) url.Values {
	out := without(v)
	out.Set(name, value)
	return out
}

// Past the limit of mails to one typed address (case and +tag aside), a
// request is still kept (the agency hears of it) but marked to get no
// confirmation; another address is not affected. A friend's mail and a
// newsletter sign-up, which are the request, are refused instead, and the
// information form's newsletter box counts like a sign-up.
func TestGateAddresses(t *testing.T) {
	now := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	st := &leadtest.Store{}
	hits := counter{}
	ip, _ := lead.NewIPHasher([]byte(strings.Repeat("s", 32)))
	limit := func(name string, max int) Limit {
		return Limit{Limiter: &antispam.Limiter{Counter: hits, Max: max, Window: 24 * time.Hour, Now: func() time.Time { return now }, Name: name}}
	}
	addresses := limit("mailto-day", 2)
	h := &Gate{Requests: &lead.Service{Store: st, IP: ip}, Challenges: &checker{}, IP: ip,
		WithoutProof: []Limit{limit("noproof-day", 100)}, Addresses: &addresses,
		Receivers: map[lead.Kind]ReceiverLimit{lead.KindNewsletter: {Limit: limit("newsletter-day", 1), Field: lead.FieldEmail}}}
	for i, tc := range []struct {
		email string
		quiet bool
	}{
		{"ann@example.be", false}, {"ANN+1@example.be", false}, {"ann+2@Example.be", true}, {"bob@example.be", false}, {"ann@example.be", true},
	} {
		v := with(goodContact, "email", tc.email)
		errs, err := h.Submit(t.Context(), Post{Kind: lead.KindSiteContact, Lang: "fr", Page: "/fr/contact/", Values: v, IP: "203.0.113.7"})
		if err != nil || len(errs) > 0 {
			t.Fatalf("post %d: %v %v", i+1, errs, err)
		}
		if got := st.Rows[len(st.Rows)-1]; got.NoConfirmation != tc.quiet {
			t.Errorf("post %d (%s): NoConfirmation %v, want %v", i+1, tc.email, got.NoConfirmation, tc.quiet)
		}
	}
	if len(st.Rows) != 5 {
		t.Errorf("%d kept, want every one", len(st.Rows))
	}
	// A sign-up to an address over the limit is refused, and says why.
	errs, err := h.Submit(t.Context(), Post{Kind: lead.KindNewsletter, Lang: "fr", Page: "/fr/",
		Values: url.Values{"email": {"Ann+news@example.be"}}, IP: "203.0.113.8"})
	if err != nil || errs["email"] != field.KeyReceiverDay {
		t.Errorf("sign-up over the address's limit: %v %v, want %s", errs, err, field.KeyReceiverDay)
	}
	// The information form's box: one opt-in for cleo a day; the second
	// request is kept with its confirmation, without the opt-in.
	info := with(with(goodContact, "email", "cleo@example.be"), "newsletter", "yes")
	for i, want := range []bool{false, true} {
		errs, err := h.Submit(t.Context(), Post{Kind: lead.KindInformation, Lang: "fr", Page: "/fr/property/1/",
			Values: info, IP: "203.0.113.9", PropertyID: 1})
		if err != nil || len(errs) > 0 {
			t.Fatalf("information %d: %v %v", i+1, errs, err)
		}
		if got := st.Rows[len(st.Rows)-1]; got.NoNewsletter != want {
			t.Errorf("information %d: NoNewsletter %v, want %v", i+1, got.NoNewsletter, want)
		}
	}
}

// The per-address brake counts a Gmail inbox once, whatever dots, +tags and
// domain (gmail.com, googlemail.com) the address is written with.
func TestGateAddressesGmailDots(t *testing.T) {
	now := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	st := &leadtest.Store{}
	ip, _ := lead.NewIPHasher([]byte(strings.Repeat("s", 32)))
	addresses := Limit{Limiter: &antispam.Limiter{Counter: counter{}, Max: 2, Window: 24 * time.Hour,
		Now: func() time.Time { return now }, Name: "mailto-day"}}
	h := &Gate{Requests: &lead.Service{Store: st, IP: ip}, Challenges: &checker{}, IP: ip,
		WithoutProof: []Limit{{Limiter: &antispam.Limiter{Counter: counter{}, Max: 100, Window: 24 * time.Hour,
			Now: func() time.Time { return now }, Name: "noproof-day"}}}, Addresses: &addresses}
	for i, tc := range []struct {
		email string
		quiet bool
	}{
		{"victim@gmail.com", false}, {"v.ictim@gmail.com", false}, {"vi.c.tim+x@googlemail.com", true},
		{"V.I.C.T.I.M@GMAIL.COM", true}, {"vic.tim@example.be", false},
	} {
		v := with(goodContact, "email", tc.email)
		errs, err := h.Submit(t.Context(), Post{Kind: lead.KindSiteContact, Lang: "fr", Page: "/fr/contact/", Values: v, IP: "203.0.113.7"})
		if err != nil || len(errs) > 0 {
			t.Fatalf("post %d: %v %v", i+1, errs, err)
		}
		if got := st.Rows[len(st.Rows)-1]; got.NoConfirmation != tc.quiet {
			t.Errorf("post %d (%s): NoConfirmation %v, want %v", i+1, tc.email, got.NoConfirmation, tc.quiet)
		}
	}
}

// Posts without a proof past the site's flood mark are kept, not refused:
// their mails to typed addresses wait their turn, Max a window.
func TestGateFlood(t *testing.T) {
	now := time.Date(2026, 3, 2, 10, 20, 0, 0, time.UTC)
	st := &leadtest.Store{}
	hits := counter{}
	ip, _ := lead.NewIPHasher([]byte(strings.Repeat("s", 32)))
	flood := Limit{Limiter: &antispam.Limiter{Counter: hits, Max: 2, Window: time.Hour, Now: func() time.Time { return now }, Name: "noproof-site"}, Site: true}
	h := &Gate{Requests: &lead.Service{Store: st, IP: ip}, Challenges: &checker{}, IP: ip, Flood: &flood}
	hour := now.Truncate(time.Hour)
	want := []time.Time{{}, {}, hour.Add(time.Hour), hour.Add(time.Hour), hour.Add(2 * time.Hour)}
	for i, w := range want {
		errs, err := h.Submit(t.Context(), Post{Kind: lead.KindSiteContact, Lang: "fr", Page: "/fr/contact/", Values: goodContact,
			IP: fmt.Sprintf("203.0.113.%d", i)})
		if err != nil || len(errs) > 0 {
			t.Fatalf("post %d refused: %v %v", i+1, errs, err)
		}
		if got := st.Rows[len(st.Rows)-1].MailLater; !got.Equal(w) {
			t.Errorf("post %d: mails later %v, want %v", i+1, got, w)
		}
	}
	// A post with a proof is not paced.
	if _, err := h.Submit(t.Context(), Post{Kind: lead.KindSiteContact, Lang: "fr", Page: "/fr/contact/",
		Values: with(goodContact, altcha.FieldName, "good"), IP: "198.51.100.1"}); err != nil {
		t.Fatal(err)
	}
	if got := st.Rows[len(st.Rows)-1].MailLater; !got.IsZero() {
		t.Errorf("with a proof: mails later %v", got)
	}
}

// tx is a Transactor that says whether a post is inside it.
type tx struct{ in, calls int }

func (t *tx) InTx(ctx context.Context, fn func(context.Context) error) error {
	t.calls++
	t.in++
	defer func() { t.in-- }()
	return fn(ctx)
}

// With a Transactor, the post runs in one InTx, and a Step's Done waits
// for its end (the request committed).
func TestGateTx(t *testing.T) {
	st := &leadtest.Store{}
	ip, _ := lead.NewIPHasher([]byte(strings.Repeat("s", 32)))
	x := &tx{}
	doneIn := -1
	step := lead.StepFuncs{DoneFunc: func(context.Context, lead.Request) { doneIn = x.in }}
	g := &Gate{Requests: &lead.Service{Store: st, IP: ip, Steps: map[lead.Kind]lead.Step{lead.KindSiteContact: step}},
		Challenges: &checker{}, IP: ip, Tx: x}
	errs, err := g.Submit(t.Context(), Post{Kind: lead.KindSiteContact, Lang: "fr", Page: "/fr/contact/",
		Values: with(goodContact, altcha.FieldName, "good"), IP: "203.0.113.7"})
	if err != nil || len(errs) > 0 || len(st.Rows) != 1 {
		t.Fatalf("Submit: %v %v, %d stored", errs, err, len(st.Rows))
	}
	if x.calls != 1 || doneIn != 0 {
		t.Fatalf("%d transactions, Done ran %d deep; want 1 and after it", x.calls, doneIn)
	}
}
