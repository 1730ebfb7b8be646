package main

import (
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"immo/internal/app"
	"immo/internal/domain/platform"
)

// minSecret is the shortest IMMO_SECRET accepted, in bytes.
const minSecret = 32

// secretFile is the data folder's secret, made on first start.
const secretFile = "secret"

// keys are the server's keys, each derived from the one secret for one
// purpose (HKDF-SHA256, the purpose as info): knowing one key tells
// nothing of another, and one secret is all an operator keeps.
type keys struct {
	altcha  []byte // signs the forms' spam challenges (internal/domain/altcha)
	ipHash  []byte // keys the hash of a sender's IP (lead.NewIPHasher), with the forms
	picture []byte // signs the approved testimonials' picture addresses (testimonial.PictureSigner)
	totp    []byte // seals the staff's TOTP secrets in the database (account.SecretBox)
	secret  []byte // what they are derived from: each agency's keys (forAgency)
}

// loadKeys derives the keys from IMMO_SECRET (env, at least 32 bytes)
// or, without it, from <dataDir>/secret, which the first start writes:
// 32 random bytes, hex, mode 0600. Servers sharing one database (several
// servers on PostgreSQL) must share the secret: set the same IMMO_SECRET
// on each, or copy one file. They are the implicit agency's; forAgency
// derives another's.
func loadKeys(env, dataDir string) (keys, error) {
	secret := []byte(env)
	if env == "" {
		var err error
		if secret, err = dataSecret(dataDir); err != nil {
			return keys{}, err
		}
	}
	if len(secret) < minSecret {
		return keys{}, fmt.Errorf("IMMO_SECRET: at least %d bytes are needed", minSecret)
	}
	return deriveKeys(secret, platform.Implicit)
}

// forAgency is agency's keys: one secret for the platform, nothing stored
// per agency, and no agency's key tells another's (issue #35).
func (k keys) forAgency(agency int64) (app.Keys, error) {
	d, err := deriveKeys(k.secret, agency)
	return d.app(), err
}

// app is k as the site takes them.
func (k keys) app() app.Keys {
	return app.Keys{Altcha: k.altcha, IPHash: k.ipHash, Picture: k.picture, TOTP: k.totp}
}

// deriveKeys derives each purpose's key from secret with HKDF, the agency
// in the info; the implicit agency's info names none, so its keys — its
// sealed second factors, its signed links — are those it had before there
// were agencies.
func deriveKeys(secret []byte, agency int64) (keys, error) {
	info := func(purpose string) string {
		if agency == platform.Implicit {
			return "immo " + purpose
		}
		return "immo " + purpose + " agency " + strconv.FormatInt(agency, 10)
	}
	derive := func(purpose string) ([]byte, error) { return hkdf.Key(sha256.New, secret, nil, info(purpose), 32) }
	k := keys{secret: secret}
	var err1, err2, err3, err4 error
	k.altcha, err1 = derive("altcha")
	k.ipHash, err2 = derive("ip-hash")
	k.picture, err3 = derive("testimonial-picture")
	k.totp, err4 = derive("staff-totp")
	return k, errors.Join(err1, err2, err3, err4)
}

// dataSecret reads <dataDir>/secret, writing it first if it is missing.
// It is written whole under another name and then linked into place, so
// two servers starting at once on one folder read the same secret, never
// a half-written one.
func dataSecret(dataDir string) ([]byte, error) {
	path := filepath.Join(dataDir, secretFile)
	if b, err := readSecret(path); !errors.Is(err, fs.ErrNotExist) {
		return b, err
	}
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return nil, err
	}
	var random [32]byte
	rand.Read(random[:])
	tmp, err := os.CreateTemp(dataDir, ".secret-*")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.WriteString(hex.EncodeToString(random[:]) + "\n")
	if err = errors.Join(err, tmp.Chmod(0o600), tmp.Sync(), tmp.Close()); err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	return readSecret(path)
}

// readSecret reads a secret file, refusing one others may read.
func readSecret(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("%s: readable by others (mode %v): chmod 600 it", path, info.Mode().Perm())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s := strings.TrimSpace(string(b))
	if len(s) < minSecret {
		return nil, fmt.Errorf("%s: at least %d bytes are needed", path, minSecret)
	}
	return []byte(s), nil
}
