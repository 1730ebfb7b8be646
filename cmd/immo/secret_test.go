package main

import (
	"bytes"
	"crypto/hkdf"
	"crypto/sha256"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestLoadKeys(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "var") // not there yet: the first start makes it
	first, err := loadKeys("", dir)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(filepath.Join(dir, secretFile))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("the secret file: %v, mode %v, want 0600", err, info.Mode().Perm())
	}
	again, err := loadKeys("", dir)
	if err != nil || !bytes.Equal(first.altcha, again.altcha) || !bytes.Equal(first.ipHash, again.ipHash) {
		t.Fatalf("a restart must keep the keys: %v", err)
	}
	if len(first.altcha) != 32 || bytes.Equal(first.altcha, first.ipHash) {
		t.Errorf("each purpose gets its own 32-byte key")
	}

	env := strings.Repeat("s", 32)
	fromEnv, err := loadKeys(env, dir)
	if err != nil || bytes.Equal(fromEnv.altcha, first.altcha) {
		t.Fatalf("IMMO_SECRET must win over the file: %v", err)
	}
	other, _ := loadKeys(env, t.TempDir())
	if !bytes.Equal(fromEnv.altcha, other.altcha) {
		t.Errorf("one IMMO_SECRET must give every server the same keys")
	}
	// Each agency's keys are its own; the implicit agency's are those before agencies.
	two, err := fromEnv.forAgency(2)
	if err != nil || bytes.Equal(two.Altcha, fromEnv.altcha) || bytes.Equal(two.TOTP, fromEnv.totp) || len(two.IPHash) != 32 {
		t.Errorf("agency 2's keys: %v", err)
	}
	if one, _ := fromEnv.forAgency(1); !bytes.Equal(one.Altcha, fromEnv.altcha) || !bytes.Equal(one.TOTP, fromEnv.totp) {
		t.Error("agency 1's keys changed with the agencies")
	}
	legacy, _ := hkdf.Key(sha256.New, []byte(env), nil, "immo staff-totp", 32)
	if !bytes.Equal(legacy, fromEnv.totp) {
		t.Error("the implicit agency's TOTP key is not the one sealed before agencies")
	}
	if _, err := loadKeys("short", dir); err == nil || !strings.Contains(err.Error(), "IMMO_SECRET") {
		t.Errorf("a short IMMO_SECRET: %v", err)
	}

	open := t.TempDir()
	os.WriteFile(filepath.Join(open, secretFile), []byte(strings.Repeat("a", 64)), 0o644)
	if _, err := loadKeys("", open); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a secret others may read: %v", err)
	}
	short := t.TempDir()
	os.WriteFile(filepath.Join(short, secretFile), []byte("abc\n"), 0o600)
	if _, err := loadKeys("", short); err == nil {
		t.Error("a short secret file must fail")
	}
}

// Servers starting at once on one folder end with one secret.
func TestLoadKeysRace(t *testing.T) {
	dir := t.TempDir()
	got := make([][]byte, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() {
			k, err := loadKeys("", dir)
			if err != nil {
				t.Error(err)
			}
			got[i] = k.altcha
		})
	}
	wg.Wait()
	for _, k := range got[1:] {
		if !bytes.Equal(k, got[0]) {
			t.Fatal("two servers derived different keys")
		}
	}
}
