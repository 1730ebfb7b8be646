package feed

import (
	"testing"
	"time"
)

// TestSignature: a signature holds for its request only — its time
// within the skew, its method, its path, its body — and so does a token.
func TestSignature(t *testing.T) {
	// What the push endpoint checks: a fresh timestamp, then the signature
	// of the request it received (compared in constant time there).
	SignatureMatches := func(key, ts, method, path, sig string, body []byte, now time.Time) bool {
		return key != "" && SignatureFresh(ts, now) && Signature(key, ts, method, path, body) == sig
	}
	now := time.Unix(1764450000, 0)
	ts := "1764450000"
	sig := Signature("tok", ts, "DELETE", "/api/feed/3/properties/7", nil)
	for _, c := range []struct {
		name                       string
		key, ts, method, path, sig string
		body                       []byte
		want                       bool
	}{
		{"its request", "tok", ts, "DELETE", "/api/feed/3/properties/7", sig, nil, true},
		{"another listing", "tok", ts, "DELETE", "/api/feed/3/properties/8", sig, nil, false},
		{"another method", "tok", ts, "PUT", "/api/feed/3/properties/7", sig, nil, false},
		{"another body", "tok", ts, "DELETE", "/api/feed/3/properties/7", sig, []byte("x"), false},
		{"another key", "tok2", ts, "DELETE", "/api/feed/3/properties/7", sig, nil, false},
		{"no key", "", ts, "DELETE", "/api/feed/3/properties/7", sig, nil, false},
		{"no prefix", "tok", ts, "DELETE", "/api/feed/3/properties/7", sig[len("sha256="):], nil, false},
		{"a number that is no time", "tok", "x", "DELETE", "/api/feed/3/properties/7", sig, nil, false},
	} {
		if got := SignatureMatches(c.key, c.ts, c.method, c.path, c.sig, c.body, now); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	for skew, want := range map[time.Duration]bool{0: true, SignatureSkew: true, SignatureSkew + time.Second: false, -SignatureSkew - time.Second: false} {
		if got := SignatureMatches("tok", ts, "DELETE", "/api/feed/3/properties/7", sig, nil, now.Add(skew)); got != want {
			t.Errorf("the server %v away: %v, want %v", skew, got, want)
		}
	}
	if !TokenMatches("tok", "tok") || TokenMatches("tok", "tok2") || TokenMatches("", "") {
		t.Error("TokenMatches")
	}
}
