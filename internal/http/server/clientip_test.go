package server

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestClientAddress(t *testing.T) {
	trusted, err := ParseTrustedProxies("10.0.0.0/8, 192.0.2.7 ,fd00::/8")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, peer string
		xff        []string
		trusted    bool // with IMMO_TRUSTED_PROXIES set
		want       string
	}{
		{"no proxies configured: the header is ignored", "203.0.113.5:4000", []string{"198.51.100.1"}, false, "203.0.113.5:4000"},
		{"a stranger's header is ignored", "203.0.113.5:4000", []string{"198.51.100.1"}, true, "203.0.113.5:4000"},
		{"one proxy", "10.1.2.3:5000", []string{"198.51.100.1"}, true, "198.51.100.1:0"},
		{"the right-most untrusted one, not what the client wrote", "10.1.2.3:5000", []string{"6.6.6.6, 198.51.100.1, 10.9.9.9"}, true, "198.51.100.1:0"},
		{"several header lines", "192.0.2.7:80", []string{"1.1.1.1", "198.51.100.2"}, true, "198.51.100.2:0"},
		{"IPv6 proxy and client", "[fd00::1]:443", []string{"2001:db8::5"}, true, "[2001:db8::5]:0"},
		{"only proxies: the connection", "10.1.2.3:5000", []string{"10.2.2.2"}, true, "10.1.2.3:5000"},
		{"a client written ip:port", "10.1.2.3:5000", []string{"198.51.100.1:4711"}, true, "198.51.100.1:0"},
		{"a client written [ipv6]:port", "10.1.2.3:5000", []string{"[2001:db8::5]:4711"}, true, "[2001:db8::5]:0"},
		{"a client written [ipv6]", "10.1.2.3:5000", []string{"[2001:db8::5]"}, true, "[2001:db8::5]:0"},
		{"a proxy written ip:port is still a proxy", "10.1.2.3:5000", []string{"198.51.100.1, 10.9.9.9:80"}, true, "198.51.100.1:0"},
		{"garbage: the connection", "10.1.2.3:5000", []string{"not-an-ip"}, true, "10.1.2.3:5000"},
		{"a port alone: the connection", "10.1.2.3:5000", []string{":4711"}, true, "10.1.2.3:5000"},
		{"[ipv4]: the connection", "10.1.2.3:5000", []string{"[198.51.100.1]"}, true, "10.1.2.3:5000"},
		{"no header: the connection", "10.1.2.3:5000", nil, true, "10.1.2.3:5000"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got string
			h := http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got = r.RemoteAddr })
			list := trusted
			if !c.trusted {
				list = nil
			}
			req := httptest.NewRequest("GET", "/", nil)
			req.RemoteAddr = c.peer
			for _, v := range c.xff {
				req.Header.Add("X-Forwarded-For", v)
			}
			clientAddress(list, h).ServeHTTP(httptest.NewRecorder(), req)
			if got != c.want {
				t.Errorf("RemoteAddr = %q, want %q", got, c.want)
			}
		})
	}
	if _, err := ParseTrustedProxies("10.0.0.0/8,nope"); err == nil {
		t.Error("a bad entry must be refused")
	}
}
