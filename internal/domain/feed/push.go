package feed

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"hash"
	"strconv"
	"time"
)

// A CRM pushing to a feed proves it holds the feed's push token in one of
// two ways (docs/CRM.md):
//
//   - Authorization: Bearer <token>;
//   - or a signature of its body: X-Immo-Timestamp: <Unix seconds> and
//     X-Immo-Signature: sha256=<hex HMAC-SHA256 keyed with the token of
//     "<timestamp>.<METHOD> <path>.<body>">, the timestamp within
//     SignatureSkew of the server's clock, so that a request seen once
//     cannot be replayed later, nor its signature used for another
//     method or address (a DELETE of another listing).
//
// Both are compared in constant time.

// SignatureSkew is how far a signature's timestamp may be from now.
const SignatureSkew = 5 * time.Minute

// TokenMatches is true when given is the push token key.
func TokenMatches(key, given string) bool {
	return key != "" && subtle.ConstantTimeCompare([]byte(key), []byte(given)) == 1
}

// Signature is the signature of a request (its method, its path and its
// body) at timestamp under key, as a CRM sends it.
func Signature(key, timestamp, method, path string, body []byte) string {
	m := Signer(key, timestamp, method, path)
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// Signer is Signature's HMAC before the body: the body is written into
// it as it is read (a whole file is never held).
func Signer(key, timestamp, method, path string) hash.Hash {
	m := hmac.New(sha256.New, []byte(key))
	m.Write([]byte(timestamp + "." + method + " " + path + "."))
	return m
}

// SignatureFresh is true when timestamp (Unix seconds) is within
// SignatureSkew of now: a signature older or newer is refused whatever it
// signs.
func SignatureFresh(timestamp string, now time.Time) bool {
	sec, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil || len(timestamp) > 12 {
		return false
	}
	at := time.Unix(sec, 0)
	return !at.Before(now.Add(-SignatureSkew)) && !at.After(now.Add(SignatureSkew))
}
