package account

import (
	"encoding/base64"

	"golang.org/x/crypto/argon2"
)

func b64(b []byte) string { return base64.RawStdEncoding.EncodeToString(b) }

func argonKey(pw string, salt []byte, t uint32) []byte {
	return argon2.IDKey([]byte(pw), salt, t, argonMemory, argonThreads, argonKeyLen)
}
