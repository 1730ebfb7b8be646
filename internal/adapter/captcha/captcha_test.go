package captcha

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"immo/internal/domain/field"
	"immo/internal/domain/site"
)

// siteverify is a provider's endpoint: it records what it was posted and
// answers with answer (or as handle does).
type siteverify struct {
	got    url.Values
	calls  int
	handle func(w http.ResponseWriter, r *http.Request)
}

func (s *siteverify) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.calls++
	if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	_ = r.ParseForm()
	s.got = r.PostForm
	s.handle(w, r)
}

func answer(body string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}
}

func TestCheck(t *testing.T) {
	for _, name := range Names() {
		p := Providers[name]
		t.Run(name, func(t *testing.T) {
			tests := []struct {
				name    string
				values  url.Values
				handle  func(http.ResponseWriter, *http.Request)
				want    field.Errors
				wantErr bool
				asked   bool
			}{
				{name: "success", values: url.Values{p.TokenField: {"tok-1"}}, handle: answer(`{"success":true,"hostname":"example.be"}`), asked: true},
				{name: "refused", values: url.Values{p.TokenField: {"tok-1"}}, handle: answer(`{"success":false,"error-codes":["invalid-input-response"]}`),
					want: field.Errors{ErrorField: field.KeyCaptcha}, asked: true},
				{name: "missing token", values: url.Values{"name": {"Ann"}}, handle: answer(`{"success":true}`),
					want: field.Errors{ErrorField: field.KeyCaptcha}},
				{name: "another provider's field", values: url.Values{otherField(p): {"tok-1"}}, handle: answer(`{"success":true}`),
					want: field.Errors{ErrorField: field.KeyCaptcha}},
				{name: "a token too long", values: url.Values{p.TokenField: {strings.Repeat("x", MaxToken+1)}}, handle: answer(`{"success":true}`),
					want: field.Errors{ErrorField: field.KeyCaptcha}},
				{name: "success as a string is no success", values: url.Values{p.TokenField: {"tok-1"}}, handle: answer(`{"success":"true"}`),
					wantErr: true, asked: true},
				{name: "timeout", values: url.Values{p.TokenField: {"tok-1"}}, handle: func(w http.ResponseWriter, r *http.Request) {
					select {
					case <-r.Context().Done():
					case <-time.After(2 * time.Second):
					}
				}, wantErr: true, asked: true},
				{name: "huge body", values: url.Values{p.TokenField: {"tok-1"}}, handle: func(w http.ResponseWriter, r *http.Request) {
					_, _ = w.Write([]byte(`{"success":true,"x":"` + strings.Repeat("a", MaxResponse) + `"}`))
				}, wantErr: true, asked: true},
				{name: "server error", values: url.Values{p.TokenField: {"tok-1"}}, handle: func(w http.ResponseWriter, r *http.Request) {
					http.Error(w, "down", http.StatusBadGateway)
				}, wantErr: true, asked: true},
				{name: "not JSON", values: url.Values{p.TokenField: {"tok-1"}}, handle: answer(`<html>`), wantErr: true, asked: true},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					sv := &siteverify{handle: tt.handle}
					srv := httptest.NewServer(sv)
					defer srv.Close()
					c, err := New(name, "s3cret")
					if err != nil {
						t.Fatal(err)
					}
					c.Client, c.Timeout, c.verifyURL = srv.Client(), 200*time.Millisecond, srv.URL
					errs, err := c.Check(WithRemoteIP(context.Background(), "203.0.113.7"), tt.values)
					if (err != nil) != tt.wantErr {
						t.Fatalf("err = %v, want an error: %v", err, tt.wantErr)
					}
					if len(errs) != len(tt.want) || errs[ErrorField] != tt.want[ErrorField] {
						t.Errorf("errors = %v, want %v", errs, tt.want)
					}
					if (sv.calls > 0) != tt.asked {
						t.Fatalf("provider asked %d times, want asked: %v", sv.calls, tt.asked)
					}
					if tt.asked {
						if sv.got.Get("secret") != "s3cret" || sv.got.Get("response") != "tok-1" || sv.got.Get("remoteip") != "203.0.113.7" {
							t.Errorf("posted %v, want the secret, the token and the remote IP", sv.got)
						}
					}
				})
			}
		})
	}
}

// otherField is another provider's token field than p's.
func otherField(p Provider) string {
	for _, q := range Providers {
		if q.TokenField != p.TokenField {
			return q.TokenField
		}
	}
	return "x"
}

func TestVerifyUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close() // nothing listens there any more
	c, _ := New("turnstile", "s")
	c.verifyURL = srv.URL
	err := c.Verify(context.Background(), "tok", "")
	if err == nil || errors.Is(err, ErrRefused) {
		t.Fatalf("err = %v, want our failure, not a refusal", err)
	}
}

func TestNew(t *testing.T) {
	if _, err := New("recaptcha-v3", "s"); err == nil || !strings.Contains(err.Error(), "hcaptcha, recaptcha, turnstile") {
		t.Errorf("unknown provider: %v", err)
	}
	if _, err := New("hcaptcha", " "); err == nil || !strings.Contains(err.Error(), "IMMO_CAPTCHA_SECRET") {
		t.Errorf("no secret: %v", err)
	}
	for _, name := range Names() {
		c, err := New(name, "s")
		if err != nil {
			t.Fatal(err)
		}
		p := c.Provider
		for _, u := range append([]string{p.Script, p.VerifyURL}, append(p.ScriptHosts, append(p.FrameHosts, p.ConnectHosts...)...)...) {
			if !strings.HasPrefix(u, "https://") {
				t.Errorf("%s: %q is not https", name, u)
			}
		}
		if !strings.Contains(p.Script, "render=explicit") || p.TokenField == "" || p.Class == "" {
			t.Errorf("%s: incomplete provider %+v", name, p)
		}
	}
}

// The configuration accepts exactly the providers this package knows.
func TestSiteProviders(t *testing.T) {
	if got, want := strings.Join(site.CaptchaProviders, ","), strings.Join(Names(), ","); got != want {
		t.Fatalf("site.CaptchaProviders = %s, captcha.Providers = %s", got, want)
	}
}
