package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestServeTLS: with a certificate, immo serve answers HTTPS, over HTTP/2
// to a client that speaks it (and HTTP/1.1 to one that does not), and the
// site's own addresses are https (HSTS sent).
func TestServeTLS(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	t.Setenv("IMMO_PRERENDER", "off")
	dir := t.TempDir()
	certFile, keyFile, pool := selfSigned(t, dir)
	logs := &syncBuffer{}
	old := logOutput
	logOutput = logs
	defer func() { logOutput = old }()
	captureStdout(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--data-dir", dir, "--addr", "127.0.0.1:0", "--tls-cert", certFile, "--tls-key", keyFile})
	}()
	var base string
	for deadline := time.Now().Add(30 * time.Second); base == "" && time.Now().Before(deadline); {
		select {
		case err := <-done:
			t.Fatalf("serve ended: %v\n%s", err, logs)
		case <-time.After(20 * time.Millisecond):
		}
		if m := regexp.MustCompile(`immo is serving" url=(https://\S+)`).FindStringSubmatch(logs.String()); m != nil {
			base = strings.Replace(m[1], "localhost", "127.0.0.1", 1)
		}
	}
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	if base == "" {
		t.Fatalf("no https address in the start log:\n%s", logs)
	}
	for _, h2 := range []bool{true, false} {
		tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: "localhost"}, ForceAttemptHTTP2: h2}
		if !h2 {
			tr.TLSNextProto = map[string]func(string, *tls.Conn) http.RoundTripper{} // HTTP/1.1 only
		}
		resp, err := (&http.Client{Transport: tr, Timeout: 20 * time.Second}).Get(base + "/fr/contact/")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		want := map[bool]string{true: "HTTP/2.0", false: "HTTP/1.1"}[h2]
		if resp.StatusCode != 200 || resp.Proto != want {
			t.Errorf("h2=%v: %d %s, want 200 %s", h2, resp.StatusCode, resp.Proto, want)
		}
		if !strings.Contains(resp.Header.Get("Strict-Transport-Security"), "max-age") {
			t.Errorf("h2=%v: no HSTS on the site served over HTTPS", h2)
		}
	}
	if err := run(context.Background(), []string{"serve", "--data-dir", dir, "--tls-cert", certFile}); err == nil {
		t.Error("a certificate without its key was taken")
	}
}

// selfSigned writes a certificate for localhost and 127.0.0.1 and its key,
// and returns the pool that trusts it.
func selfSigned(t *testing.T, dir string) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "localhost"},
		DNSNames: []string{"localhost"}, IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600)
	cert, _ := x509.ParseCertificate(der)
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}
