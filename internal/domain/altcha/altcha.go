// Package altcha is the server side of ALTCHA's proof-of-work challenge
// (the protocol of the `altcha` widget's "v1" challenges): it makes signed
// challenges and verifies the payloads the widget posts, each usable once
// and until it expires. No HTTP, no SQL: the single use goes through a
// Spender, which storage implements.
//
// A challenge: salt = random hex + "?expires=<unix>&" (the trailing "&"
// keeps the number from extending the parameters), a secret number n in
// [0, MaxNumber], challenge = hex(SHA-256(salt + decimal n)), signature =
// hex(HMAC-SHA256(key, challenge)). The widget tries numbers from 0 until
// the hash matches and posts base64(JSON{algorithm, challenge, number,
// salt, signature}).
package altcha

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/url"
	"strconv"
	"strings"
	"time"

	"immo/internal/domain/field"
)

// Algorithm is the only hash we issue and accept.
const Algorithm = "SHA-256"

// Defaults. The widget (altcha 3) tries 8 000–30 000 numbers a second
// with two workers in headless Chromium on our shared two-core machine
// (one crypto.subtle digest per try; the low figure under load): up to
// 20 000 is 0.3–1.2 s on average, 2.5 s at worst, mostly hidden as it
// starts when the visitor focuses the form; 100 000 took up to 12 s. The proof only slows a spammer down: the
// per-IP limits do the rest. A challenge lives 10 minutes, long enough to
// fill in a form after the widget solved it (the widget fetches a new one
// when it expires).
const (
	DefaultMaxNumber = 20_000
	DefaultTTL       = 10 * time.Minute
)

// MaxPayload bounds the posted payload (base64): a real one is ~250 bytes.
const MaxPayload = 1024

// FieldName is the form field the widget posts its payload in.
const FieldName = "altcha"

// Spender records that a challenge was used: it answers true the first
// time key is spent, false for every later time (a replay). The record
// may be forgotten after expires, when the challenge no longer verifies.
type Spender interface {
	Spend(ctx context.Context, key string, expires time.Time) (bool, error)
}

// Challenge is what the widget fetches (GET /api/altcha), as JSON.
type Challenge struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	MaxNumber int64  `json:"maxnumber"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// payload is what the widget posts, base64-encoded JSON (it adds "took",
// the solving time, which we ignore).
type payload struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	Number    *int64 `json:"number"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// Options tune a Service; zero values take the defaults.
type Options struct {
	MaxNumber int64
	TTL       time.Duration
	Now       func() time.Time // the clock (tests)
}

// Service makes and verifies challenges with one key.
type Service struct {
	key       []byte
	maxNumber int64
	ttl       time.Duration
	now       func() time.Time
	spent     Spender
}

// ErrShortKey refuses a key too short to sign with HMAC-SHA256.
var ErrShortKey = errors.New("altcha: the key needs at least 32 bytes")

// New returns a Service signing with key (at least 32 bytes, the same on
// every server) and spending through spent (nil: a Service that only makes
// challenges; Verify then fails).
func New(key []byte, spent Spender, o Options) (*Service, error) {
	if len(key) < 32 {
		return nil, ErrShortKey
	}
	s := &Service{key: append([]byte(nil), key...), maxNumber: o.MaxNumber, ttl: o.TTL, now: o.Now, spent: spent}
	if s.maxNumber <= 0 {
		s.maxNumber = DefaultMaxNumber
	}
	if s.ttl <= 0 {
		s.ttl = DefaultTTL
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s, nil
}

// Challenge makes a fresh challenge expiring TTL from now.
func (s *Service) Challenge() (Challenge, error) {
	var random [12]byte
	if _, err := rand.Read(random[:]); err != nil {
		return Challenge{}, fmt.Errorf("altcha: salt: %w", err)
	}
	n, err := rand.Int(rand.Reader, big.NewInt(s.maxNumber+1))
	if err != nil {
		return Challenge{}, fmt.Errorf("altcha: number: %w", err)
	}
	expires := s.now().Add(s.ttl).Unix()
	salt := hex.EncodeToString(random[:]) + "?expires=" + strconv.FormatInt(expires, 10) + "&"
	challenge := hashHex(salt, n.Int64())
	return Challenge{Algorithm: Algorithm, Challenge: challenge, MaxNumber: s.maxNumber, Salt: salt, Signature: s.sign(challenge)}, nil
}

// Failures of Verify. Each is a refusal (the visitor sees KeyCaptcha), not
// a fault of ours; only the store's errors are.
var (
	ErrMissing   = errors.New("altcha: no payload")
	ErrMalformed = errors.New("altcha: malformed payload")
	ErrAlgorithm = errors.New("altcha: unsupported algorithm")
	ErrSignature = errors.New("altcha: bad signature")
	ErrProof     = errors.New("altcha: wrong number")
	ErrExpired   = errors.New("altcha: expired")
	ErrReplayed  = errors.New("altcha: already used")
	ErrNoStore   = errors.New("altcha: no store to spend challenges")
)

// Refused tells whether err is the visitor's failure (an invalid, expired
// or replayed payload) rather than ours (the store).
func Refused(err error) bool {
	for _, r := range []error{ErrMissing, ErrMalformed, ErrAlgorithm, ErrSignature, ErrProof, ErrExpired, ErrReplayed} {
		if errors.Is(err, r) {
			return true
		}
	}
	return false
}

// Verify checks a posted payload: its shape, algorithm, signature
// (constant time), proof and expiry, then spends it. A payload that
// verifies once never verifies again. Checks that need no store come
// first, so garbage costs no write.
func (s *Service) Verify(ctx context.Context, posted string) error {
	if posted == "" {
		return ErrMissing
	}
	if len(posted) > MaxPayload {
		return ErrMalformed
	}
	raw, err := base64.StdEncoding.DecodeString(posted)
	if err != nil {
		return ErrMalformed
	}
	var p payload
	if err := json.Unmarshal(raw, &p); err != nil || p.Number == nil || *p.Number < 0 {
		return ErrMalformed
	}
	if p.Algorithm != Algorithm {
		return ErrAlgorithm
	}
	if !hmac.Equal([]byte(s.sign(p.Challenge)), []byte(p.Signature)) {
		return ErrSignature
	}
	if !hmac.Equal([]byte(hashHex(p.Salt, *p.Number)), []byte(p.Challenge)) {
		return ErrProof
	}
	expires, ok := expiry(p.Salt)
	if !ok {
		return ErrMalformed // we never sign a salt without one
	}
	if !s.now().Before(expires) {
		return ErrExpired
	}
	if s.spent == nil {
		return ErrNoStore
	}
	first, err := s.spent.Spend(ctx, "altcha:"+p.Challenge, expires)
	if err != nil {
		return fmt.Errorf("altcha: spend: %w", err)
	}
	if !first {
		return ErrReplayed
	}
	return nil
}

// Check is Verify for a form validator: the field's error key
// (field.KeyCaptcha) when the visitor's payload is refused, an error when
// the store failed. A missing payload is refused too: a form that accepts
// posts without JavaScript tests values.Get(FieldName) == "" first and
// applies the honeypot and the stricter per-IP limit instead
// (docs/ARCHITECTURE.md, "Spam").
func (s *Service) Check(ctx context.Context, values url.Values) (field.Errors, error) {
	err := s.Verify(ctx, values.Get(FieldName))
	switch {
	case err == nil:
		return nil, nil
	case Refused(err):
		return field.Errors{FieldName: field.KeyCaptcha}, nil
	default:
		return nil, err
	}
}

// expiry reads "expires" from the salt's parameters ("…?expires=…&").
func expiry(salt string) (time.Time, bool) {
	_, query, ok := strings.Cut(salt, "?")
	if !ok || !strings.HasSuffix(query, "&") {
		return time.Time{}, false
	}
	params, err := url.ParseQuery(strings.TrimSuffix(query, "&"))
	if err != nil {
		return time.Time{}, false
	}
	unix, err := strconv.ParseInt(params.Get("expires"), 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(unix, 0), true
}

func (s *Service) sign(challenge string) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(challenge))
	return hex.EncodeToString(m.Sum(nil))
}

// Solve does what the widget does: it finds c's number and returns the
// payload to post (the tests and bench/ commands post like a browser).
func Solve(c Challenge) (string, error) {
	for n := int64(0); n <= c.MaxNumber; n++ {
		if hashHex(c.Salt, n) == c.Challenge {
			raw, err := json.Marshal(payload{Algorithm: c.Algorithm, Challenge: c.Challenge, Number: &n, Salt: c.Salt, Signature: c.Signature})
			return base64.StdEncoding.EncodeToString(raw), err
		}
	}
	return "", errors.New("altcha: no number solves the challenge")
}

func hashHex(salt string, n int64) string {
	sum := sha256.Sum256([]byte(salt + strconv.FormatInt(n, 10)))
	return hex.EncodeToString(sum[:])
}
