// Package linktoken is the secret a mailed link carries — a newsletter
// confirmation, an unsubscribe link, an owner's password link: 256 random
// bits, URL-safe, of which only the SHA-256 is stored, so a copy of the
// database opens no link.
package linktoken

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// New is a fresh token.
func New() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Hash is what is stored of a token.
func Hash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Plausible rejects what New never makes, before the database is asked.
func Plausible(token string) bool {
	if len(token) != 43 {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(token)
	return err == nil
}
