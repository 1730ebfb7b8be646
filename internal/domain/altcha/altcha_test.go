package altcha

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"immo/internal/domain/field"
)

// memSpender is the Spender contract in memory: first spend true, then false.
type memSpender struct {
	mu    sync.Mutex
	spent map[string]time.Time
	err   error
}

func (m *memSpender) Spend(_ context.Context, key string, expires time.Time) (bool, error) {
	if m.err != nil {
		return false, m.err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.spent == nil {
		m.spent = map[string]time.Time{}
	}
	if _, ok := m.spent[key]; ok {
		return false, nil
	}
	m.spent[key] = expires
	return true, nil
}

var testKey = []byte("0123456789abcdef0123456789abcdef")

// clock is a settable time.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// solve finds the number as the widget does: from 0 upwards.
func solve(t *testing.T, c Challenge) int64 {
	t.Helper()
	for n := int64(0); n <= c.MaxNumber; n++ {
		if hashHex(c.Salt, n) == c.Challenge {
			return n
		}
	}
	t.Fatalf("no number up to %d solves %+v", c.MaxNumber, c)
	return 0
}

// encode is the widget's payload: btoa(JSON.stringify({…, took})).
func encode(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(b)
}

func widgetPayload(c Challenge, n int64) map[string]any {
	return map[string]any{"algorithm": c.Algorithm, "challenge": c.Challenge, "number": n, "salt": c.Salt, "signature": c.Signature, "took": 42}
}

func TestVerify(t *testing.T) {
	start := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	type setup struct {
		svc   *Service
		clock *clock
		store *memSpender
		good  Challenge
		n     int64
	}
	for _, tc := range []struct {
		name    string
		payload func(t *testing.T, s setup) string
		before  func(t *testing.T, s setup) // runs before Verify
		want    error
	}{
		{"good payload", func(t *testing.T, s setup) string { return encode(t, widgetPayload(s.good, s.n)) }, nil, nil},
		{"replayed", func(t *testing.T, s setup) string { return encode(t, widgetPayload(s.good, s.n)) },
			func(t *testing.T, s setup) {
				if err := s.svc.Verify(context.Background(), encode(t, widgetPayload(s.good, s.n))); err != nil {
					t.Fatalf("first use: %v", err)
				}
			}, ErrReplayed},
		{"expired", func(t *testing.T, s setup) string { return encode(t, widgetPayload(s.good, s.n)) },
			func(t *testing.T, s setup) { s.clock.t = start.Add(DefaultTTL) }, ErrExpired},
		{"just before expiry", func(t *testing.T, s setup) string { return encode(t, widgetPayload(s.good, s.n)) },
			func(t *testing.T, s setup) { s.clock.t = start.Add(DefaultTTL - time.Second) }, nil},
		{"bad signature", func(t *testing.T, s setup) string {
			p := widgetPayload(s.good, s.n)
			p["signature"] = strings.Repeat("0", 64)
			return encode(t, p)
		}, nil, ErrSignature},
		{"signed by another key", func(t *testing.T, s setup) string {
			other, _ := New([]byte("another key, another key, another"), nil, Options{Now: s.clock.now, MaxNumber: 50})
			c, _ := other.Challenge()
			return encode(t, widgetPayload(c, solve(t, c)))
		}, nil, ErrSignature},
		{"wrong number", func(t *testing.T, s setup) string { return encode(t, widgetPayload(s.good, s.n+1)) }, nil, ErrProof},
		{"salt changed (longer expiry)", func(t *testing.T, s setup) string {
			p := widgetPayload(s.good, s.n)
			p["salt"] = strings.Replace(s.good.Salt, "expires=", "expires=9", 1)
			return encode(t, p)
		}, nil, ErrProof},
		{"wrong algorithm", func(t *testing.T, s setup) string {
			p := widgetPayload(s.good, s.n)
			p["algorithm"] = "SHA-1"
			return encode(t, p)
		}, nil, ErrAlgorithm},
		{"missing", func(t *testing.T, s setup) string { return "" }, nil, ErrMissing},
		{"garbage base64", func(t *testing.T, s setup) string { return "%%%not base64%%%" }, nil, ErrMalformed},
		{"base64 of garbage JSON", func(t *testing.T, s setup) string { return base64.StdEncoding.EncodeToString([]byte("{nope")) }, nil, ErrMalformed},
		{"no number", func(t *testing.T, s setup) string {
			p := widgetPayload(s.good, s.n)
			delete(p, "number")
			return encode(t, p)
		}, nil, ErrMalformed},
		{"fractional number", func(t *testing.T, s setup) string {
			p := widgetPayload(s.good, s.n)
			p["number"] = 1.5
			return encode(t, p)
		}, nil, ErrMalformed},
		{"negative number", func(t *testing.T, s setup) string {
			p := widgetPayload(s.good, s.n)
			p["number"] = -1
			return encode(t, p)
		}, nil, ErrMalformed},
		{"oversized payload", func(t *testing.T, s setup) string {
			p := widgetPayload(s.good, s.n)
			p["padding"] = strings.Repeat("x", MaxPayload)
			return encode(t, p)
		}, nil, ErrMalformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &clock{t: start}
			store := &memSpender{}
			svc, err := New(testKey, store, Options{Now: c.now, MaxNumber: 2000})
			if err != nil {
				t.Fatal(err)
			}
			good, err := svc.Challenge()
			if err != nil {
				t.Fatal(err)
			}
			s := setup{svc: svc, clock: c, store: store, good: good, n: solve(t, good)}
			payload := tc.payload(t, s)
			if tc.before != nil {
				tc.before(t, s)
			}
			err = svc.Verify(context.Background(), payload)
			if !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
				t.Fatalf("Verify: %v, want %v", err, tc.want)
			}
			if tc.want != nil && !Refused(err) {
				t.Errorf("%v must count as the visitor's refusal", err)
			}
			spentNow := len(store.spent)
			if tc.want == nil && spentNow != 1 {
				t.Errorf("a good payload must be spent once, the store holds %d", spentNow)
			}
			if tc.want != nil && tc.want != ErrReplayed && spentNow != 0 {
				t.Errorf("a refused payload must not reach the store (%d spent)", spentNow)
			}
		})
	}
}

func TestChallenge(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	svc, err := New(testKey, nil, Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := svc.Challenge()
	b, _ := svc.Challenge()
	if a.Salt == b.Salt || a.Challenge == b.Challenge {
		t.Fatalf("two challenges alike: %+v %+v", a, b)
	}
	if a.Algorithm != "SHA-256" || a.MaxNumber != DefaultMaxNumber || len(a.Challenge) != 64 || len(a.Signature) != 64 {
		t.Errorf("challenge shape: %+v", a)
	}
	exp, ok := expiry(a.Salt)
	if !ok || !exp.Equal(now.Add(DefaultTTL)) || !strings.HasSuffix(a.Salt, "&") {
		t.Errorf("salt %q: expiry %v %v, want %v and a closing &", a.Salt, exp, ok, now.Add(DefaultTTL))
	}
	if err := svc.Verify(context.Background(), encode(t, widgetPayload(a, solve(t, a)))); !errors.Is(err, ErrNoStore) {
		t.Errorf("without a store Verify must fail: %v", err)
	}
	if _, err := New([]byte("short"), nil, Options{}); !errors.Is(err, ErrShortKey) {
		t.Errorf("short key: %v", err)
	}
}

// TestKnownVector pins the hash and signature inputs to values computed
// apart (Python's hashlib/hmac): challenge = SHA-256(salt + decimal number),
// signature = HMAC-SHA256(key, hex challenge).
func TestKnownVector(t *testing.T) {
	const (
		salt      = "abc?expires=1&"
		challenge = "d4dcfc85cafed3b733a1c16ab4b6543a5bfbff6347d35c362d9f74064d507116"
		signature = "9d2265c6766ef89ce45d3b5db116c5bfb1beccf366b6f5f1efc76e9c512fa8c8"
	)
	if got := hashHex(salt, 123); got != challenge {
		t.Errorf("challenge %s, want %s", got, challenge)
	}
	svc, _ := New(testKey, nil, Options{})
	if got := svc.sign(challenge); got != signature {
		t.Errorf("signature %s, want %s", got, signature)
	}
}

func TestCheck(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	store := &memSpender{}
	svc, _ := New(testKey, store, Options{Now: func() time.Time { return now }, MaxNumber: 500})
	c, _ := svc.Challenge()
	good := encode(t, widgetPayload(c, solve(t, c)))
	if errs, err := svc.Check(context.Background(), url.Values{FieldName: {good}}); errs != nil || err != nil {
		t.Fatalf("good: %v %v", errs, err)
	}
	errs, err := svc.Check(context.Background(), url.Values{FieldName: {good}})
	if err != nil || errs[FieldName] != field.KeyCaptcha {
		t.Fatalf("replay: %v %v, want %s on %s", errs, err, field.KeyCaptcha, FieldName)
	}
	errs, err = svc.Check(context.Background(), url.Values{})
	if err != nil || errs[FieldName] != field.KeyCaptcha {
		t.Fatalf("missing: %v %v", errs, err)
	}
	c2, _ := svc.Challenge()
	store.err = errors.New("database down")
	if errs, err := svc.Check(context.Background(), url.Values{FieldName: {encode(t, widgetPayload(c2, solve(t, c2)))}}); err == nil || errs != nil {
		t.Fatalf("a store failure is ours, not the visitor's: %v %v", errs, err)
	}
}

func TestHoneypot(t *testing.T) {
	for _, tc := range []struct {
		name   string
		values url.Values
		want   bool
	}{
		{"absent", url.Values{"email": {"a@b.be"}}, false},
		{"empty", url.Values{HoneypotField: {""}}, false},
		{"filled", url.Values{HoneypotField: {"http://spam.example"}}, true},
		{"a space", url.Values{HoneypotField: {" "}}, true},
		{"second value filled", url.Values{HoneypotField: {"", "x"}}, true},
	} {
		if got := Honeypot(tc.values); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// Solve posts what the widget would: the payload verifies, once.
func TestSolve(t *testing.T) {
	s, err := New([]byte(strings.Repeat("k", 32)), &memSpender{}, Options{MaxNumber: 500})
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.Challenge()
	if err != nil {
		t.Fatal(err)
	}
	p, err := Solve(c)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Verify(t.Context(), p); err != nil {
		t.Errorf("the solved payload does not verify: %v", err)
	}
	c.Challenge = strings.Repeat("0", 64)
	if _, err := Solve(c); err == nil {
		t.Error("an unsolvable challenge solved")
	}
}
