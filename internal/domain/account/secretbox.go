package account

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// SecretBox seals what the database keeps but must not give away to
// whoever reads a copy of it (a backup, a dump): a staff member's TOTP
// secret, which the server must read back to check a code, so it cannot
// be hashed like a password. AES-256-GCM under a key derived from the
// server's secret (IMMO_SECRET), the account's ID as associated data, so
// a sealed secret copied onto another account's row opens nothing.
type SecretBox struct{ aead cipher.AEAD }

// sealedPrefix names the format, so another can follow.
const sealedPrefix = "v1:"

// ErrSealed says a sealed value does not open: another key (the server's
// secret changed), another account, or damaged.
var ErrSealed = errors.New("account: a sealed secret does not open")

// NewSecretBox returns a box sealing with key (32 bytes).
func NewSecretBox(key []byte) (*SecretBox, error) {
	if len(key) != 32 {
		return nil, fmt.Errorf("account: a secret box needs a 32-byte key, not %d", len(key))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &SecretBox{aead}, nil
}

func boxData(id int64) []byte { return []byte("account:" + strconv.FormatInt(id, 10)) }

// Seal seals plain for the account id: a random nonce, then the
// ciphertext, base64, after the format's prefix.
func (b *SecretBox) Seal(plain string, id int64) string { return b.seal(plain, boxData(id)) }

// SealFor seals plain for what context names (another thing than an
// account: a CRM feed's secret, feed.SealContext); OpenFor opens it.
func (b *SecretBox) SealFor(plain, context string) string { return b.seal(plain, []byte(context)) }

// OpenFor is what SealFor sealed for context: ErrSealed when it does not open.
func (b *SecretBox) OpenFor(sealed, context string) (string, error) {
	return b.open(sealed, []byte(context))
}

func (b *SecretBox) seal(plain string, data []byte) string {
	nonce := make([]byte, b.aead.NonceSize(), b.aead.NonceSize()+len(plain)+b.aead.Overhead())
	rand.Read(nonce)
	return sealedPrefix + base64.RawURLEncoding.EncodeToString(b.aead.Seal(nonce, nonce, []byte(plain), data))
}

// Open is what Seal sealed for id: ErrSealed when it does not open.
func (b *SecretBox) Open(sealed string, id int64) (string, error) { return b.open(sealed, boxData(id)) }

func (b *SecretBox) open(sealed string, data []byte) (string, error) {
	rest, ok := strings.CutPrefix(sealed, sealedPrefix)
	if !ok {
		return "", ErrSealed
	}
	raw, err := base64.RawURLEncoding.DecodeString(rest)
	if err != nil || len(raw) < b.aead.NonceSize()+b.aead.Overhead() {
		return "", ErrSealed
	}
	n := b.aead.NonceSize()
	plain, err := b.aead.Open(nil, raw[:n], raw[n:], data)
	if err != nil {
		return "", ErrSealed
	}
	return string(plain), nil
}
