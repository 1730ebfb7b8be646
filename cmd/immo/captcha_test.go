package main

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"

	"immo/internal/adapter/captcha"
	"immo/internal/app"
	"immo/internal/app/apptest"
	"immo/internal/domain/altcha"
	"immo/internal/domain/field"
	"immo/internal/domain/site"
)

// toServer sends every request to srv instead (the provider's siteverify
// address becomes the test's).
type toServer struct{ srv *httptest.Server }

func (s toServer) RoundTrip(r *http.Request) (*http.Response, error) {
	u, _ := url.Parse(s.srv.URL)
	r = r.Clone(r.Context())
	r.URL.Scheme, r.URL.Host, r.Host = u.Scheme, u.Host, u.Host
	return s.srv.Client().Transport.RoundTrip(r)
}

// With a third-party captcha configured, it replaces ALTCHA on the forms:
// a post is stored only with a token the provider accepts (asked with the
// secret and the sender's address), one without a token, or with an ALTCHA
// payload, is refused with the captcha message, JavaScript or not; the
// provider unreachable is our failure.
func TestFormsWithCaptcha(t *testing.T) {
	var mu sync.Mutex
	var asked []url.Values
	up := true
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		mu.Lock()
		asked = append(asked, r.PostForm)
		ok := up
		mu.Unlock()
		if !ok {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, `{"success":`+map[bool]string{true: "true", false: "false"}[r.PostForm.Get("response") == "good-token"]+`}`)
	}))
	defer srv.Close()
	cfg := &site.Config{Captcha: &site.Captcha{Provider: "turnstile", SiteKey: "0x4AAAAAAABkMYinukE8nzY"}}
	checker, err := app.NewCaptcha(cfg, "the-secret", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	checker.Client = &http.Client{Transport: toServer{srv}}
	s := newSite(t, apptest.Options{Captcha: checker})

	before := s.Count(t, "requests")
	for name, extra := range map[string]url.Values{
		"no token":          nil,
		"an ALTCHA payload": {altcha.FieldName: {s.Solve(t)}},
		"a refused token":   {"cf-turnstile-response": {"bad-token"}},
		"another's field":   {"h-captcha-response": {"good-token"}},
	} {
		for _, plain := range []bool{false, true} {
			resp, props := s.postFrom("192.0.2.9", "/fr/contact/", contactPost(extra), plain)
			if resp.StatusCode != http.StatusUnprocessableEntity {
				t.Fatalf("%s (plain %v): %d", name, plain, resp.StatusCode)
			}
			if !plain {
				if errs, _ := props["errors"].(map[string]any); errs[captcha.ErrorField] != field.KeyCaptcha {
					t.Errorf("%s: errors %v", name, props["errors"])
				}
			}
		}
	}
	if n := s.Count(t, "requests"); n != before {
		t.Fatalf("refused posts stored: %d → %d", before, n)
	}

	resp, _ := s.postFrom("192.0.2.9", "/fr/contact/", contactPost(url.Values{"cf-turnstile-response": {"good-token"}}), true)
	if resp.StatusCode != http.StatusSeeOther || s.Count(t, "requests") != before+1 {
		t.Fatalf("an accepted token: %d, requests %d → %d", resp.StatusCode, before, s.Count(t, "requests"))
	}
	mu.Lock()
	last := asked[len(asked)-1]
	up = false
	mu.Unlock()
	if last.Get("secret") != "the-secret" || last.Get("response") != "good-token" || last.Get("remoteip") != "192.0.2.9" {
		t.Errorf("siteverify was posted %v", last)
	}
	resp, _ = s.postFrom("192.0.2.9", "/fr/contact/", contactPost(url.Values{"cf-turnstile-response": {"good-token"}}), false)
	if resp.StatusCode != http.StatusInternalServerError && resp.StatusCode < 500 {
		t.Errorf("the provider down: %d, want our failure", resp.StatusCode)
	}
}
