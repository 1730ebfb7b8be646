package safehttp_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/safehttp"
)

// TestClientPublicOnly: a name resolving to a private address, a literal
// private address and a redirect to one are refused at connect time;
// a trusted host is reached; a redirect elsewhere drops the credentials.
func TestClientPublicOnly(t *testing.T) {
	var gotKey []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotKey = append(gotKey, r.Header.Get("X-Api-Key"))
		if r.URL.Path == "/hop" {
			http.Redirect(w, r, "http://127.0.0.2"+strings.TrimPrefix(srv0(r), "http://127.0.0.1")+"/end", http.StatusFound)
			return
		}
		w.Write([]byte("ok"))
	}))
	defer srv.Close()
	port := srv.URL[strings.LastIndex(srv.URL, ":"):]
	strict := safehttp.Client(safehttp.Options{Timeout: 10 * time.Second})
	for _, u := range []string{srv.URL, "http://localhost" + port, "http://[::1]" + port} {
		if _, err := strict.Get(u); !errors.Is(err, safehttp.ErrNotPublic) {
			t.Errorf("GET %s: %v, want ErrNotPublic", u, err)
		}
	}
	trusted := safehttp.Client(safehttp.Options{Private: safehttp.Hosts("127.0.0.1"), Timeout: 10 * time.Second})
	resp, err := trusted.Get(srv.URL)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("a trusted host: %v", err)
	}
	resp.Body.Close()
	// A redirect from the trusted host to an untrusted private one.
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/hop", nil)
	req.Header.Set("X-Api-Key", "secret")
	if _, err := trusted.Do(req); err == nil || !strings.Contains(err.Error(), "not https") && !errors.Is(err, safehttp.ErrNotPublic) {
		t.Errorf("a redirect to 127.0.0.2: %v", err)
	}
}

func srv0(r *http.Request) string { return "http://" + r.Host }

func TestPublicIP(t *testing.T) {
	for addr, want := range map[string]bool{
		"8.8.8.8": true, "2a00:1450:4001::1": true, "127.0.0.1": false, "10.1.2.3": false, "169.254.169.254": false,
		"100.64.0.1": false, "::ffff:127.0.0.1": false, "64:ff9b::a00:1": false, "2002:7f00:1::": false, "fe80::1": false, "0.1.2.3": false,
	} {
		if got := safehttp.PublicIP(netip.MustParseAddr(addr)); got != want {
			t.Errorf("PublicIP(%s) = %v, want %v", addr, got, want)
		}
	}
}
