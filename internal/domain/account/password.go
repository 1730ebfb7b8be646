package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"immo/internal/domain/field"
)

// Argon2id parameters: OWASP's minimum for argon2id (19 MiB, 2 passes, 1
// lane). A login costs ~20 ms and 19 MiB on one core: on two shared cores,
// more memory per login would let a burst of logins starve the pages.
const (
	argonMemory  = 19 * 1024 // KiB
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	saltLen      = 16
)

// Password bounds: long enough to resist guessing offline, short enough
// that hashing it costs what any other password does.
const (
	MinPassword = 10  // characters
	MaxPassword = 256 // bytes
)

// CheckPassword is the password rule of a registration or a change: given,
// at least MinPassword characters, at most MaxPassword bytes, and the
// confirmation equal (each said on its field).
func CheckPassword(e field.Errors, password, confirm string) {
	const name, confirmName = "password", "passwordConfirm"
	switch {
	case password == "":
		e.Add(name, field.KeyRequired)
	case utf8.RuneCountInString(password) < MinPassword:
		e.Add(name, field.KeyPasswordShort)
	case len(password) > MaxPassword:
		e.Add(name, field.KeyTooLong)
	}
	// The confirmation on its own: a short password typed differently
	// twice gets both messages in one round.
	if password != "" && password != confirm {
		e.Add(confirmName, field.KeyPasswordMatch)
	}
}

// HashPassword returns password's argon2id hash in the PHC string format
// ($argon2id$v=19$m=…,t=…,p=…$salt$hash), salted at random.
func HashPassword(password string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// ErrBadHash says a stored hash is not one HashPassword makes.
var ErrBadHash = errors.New("account: not an argon2id hash")

// VerifyPassword tells whether password matches hash, comparing in
// constant time. stale says the hash was made with other parameters than
// today's: the caller stores a new one after a successful login. A hash
// asking more than 64 MiB or 10 passes is refused rather than computed.
func VerifyPassword(hash, password string) (ok, stale bool, err error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" || parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return false, false, ErrBadHash
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 || m > 64*1024 || t == 0 || t > 10 || p == 0 {
		return false, false, ErrBadHash
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	want, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(salt) < 8 || len(want) < 16 || len(want) > 64 {
		return false, false, ErrBadHash
	}
	if len(password) > MaxPassword {
		return false, false, nil
	}
	got := argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(want)))
	ok = subtle.ConstantTimeCompare(got, want) == 1
	return ok, m != argonMemory || t != argonTime || p != argonThreads || len(want) != argonKeyLen, nil
}
