package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"immo/internal/domain/altcha"
)

type failingChallenger struct{}

func (failingChallenger) Challenge() (altcha.Challenge, error) {
	return altcha.Challenge{}, errors.New("no randomness")
}

func TestAltchaChallenge(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	svc, err := altcha.New([]byte("0123456789abcdef0123456789abcdef"), nil, altcha.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	serve := func(c Challenger, method, path string) *httptest.ResponseRecorder {
		mux := http.NewServeMux()
		(&CatalogAPI{Challenges: c, Log: quiet, DefaultLang: "fr"}).Register(mux)
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, httptest.NewRequest(method, path, nil))
		return w
	}
	for _, tc := range []struct {
		name       string
		challenger Challenger
		method     string
		status     int
	}{
		{"a fresh challenge", svc, http.MethodGet, http.StatusOK},
		{"HEAD", svc, http.MethodHead, http.StatusOK},
		{"POST", svc, http.MethodPost, http.StatusMethodNotAllowed},
		{"no challenger: no such path", nil, http.MethodGet, http.StatusNotFound},
		{"a failure of ours", failingChallenger{}, http.MethodGet, http.StatusInternalServerError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := serve(tc.challenger, tc.method, "/api/altcha")
			if w.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tc.status, w.Body)
			}
			if tc.status != http.StatusOK {
				return
			}
			if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
				t.Errorf("Cache-Control %q, want no-store", cc)
			}
			if ct := w.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}

	// The body is the widget's challenge: these five fields, and two
	// answers are two challenges.
	var a, b map[string]any
	json.Unmarshal(serve(svc, http.MethodGet, "/api/altcha").Body.Bytes(), &a)
	json.Unmarshal(serve(svc, http.MethodGet, "/api/altcha").Body.Bytes(), &b)
	for _, k := range []string{"algorithm", "challenge", "maxnumber", "salt", "signature"} {
		if _, ok := a[k]; !ok {
			t.Errorf("the challenge lacks %q: %v", k, a)
		}
	}
	if len(a) != 5 || a["algorithm"] != "SHA-256" || a["challenge"] == b["challenge"] {
		t.Errorf("challenges %v and %v", a, b)
	}
}
