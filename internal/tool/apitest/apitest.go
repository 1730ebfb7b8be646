// Package apitest runs table-driven HTTP scenarios against a handler: a
// request, the status, headers and body it must answer, and checks of its
// side effects (rows stored, mail queued). Page, form, API and inbox tests
// share it, in the spirit of pocketbase's tests/api.go.
//
// It is written here rather than taken from a library: what it does is
// httptest plus a loop, and the fluent HTTP-testing libraries
// (steinfletcher/apitest and the like) bring mocks and a DSL the
// scenarios do not need.
package apitest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// Scenario is one request and what must come of it.
type Scenario struct {
	Name   string
	Method string // GET when empty
	URL    string // path and query
	// Body is sent as is; Form, when set, is sent url-encoded instead
	// (Content-Type application/x-www-form-urlencoded), as a browser
	// without JavaScript posts.
	Body    string
	Form    url.Values
	Headers map[string]string

	Status int // the status expected: every scenario states one
	// Header values that must be answered exactly ("" must be absent).
	Header map[string]string
	// Contains are texts the body must hold; Lacks, texts it must not.
	Contains []string
	Lacks    []string

	// Before runs before the request (set the clock, fill a table…).
	Before func(tb testing.TB)
	// After checks the side effects once the answer is in.
	After func(tb testing.TB, res *http.Response, body string)
}

// Run runs each scenario as a subtest against h.
func Run(t *testing.T, h http.Handler, scenarios []Scenario) {
	t.Helper()
	for _, s := range scenarios {
		t.Run(s.Name, func(t *testing.T) { s.Test(t, h) })
	}
}

// Test runs the scenario against h.
func (s Scenario) Test(tb testing.TB, h http.Handler) {
	tb.Helper()
	if s.Before != nil {
		s.Before(tb)
	}
	if s.Status == 0 {
		tb.Errorf("%s %s: the scenario states no status", s.method(), s.URL)
		return
	}
	res, body := s.Do(h)
	if res.StatusCode != s.Status {
		tb.Errorf("%s %s: status %d, want %d\n%s", s.method(), s.URL, res.StatusCode, s.Status, clip(body))
	}
	for k, want := range s.Header {
		if got := res.Header.Get(k); got != want {
			tb.Errorf("%s %s: header %s = %q, want %q", s.method(), s.URL, k, got, want)
		}
	}
	for _, want := range s.Contains {
		if !strings.Contains(body, want) {
			tb.Errorf("%s %s: body lacks %q\n%s", s.method(), s.URL, want, clip(body))
		}
	}
	for _, bad := range s.Lacks {
		if strings.Contains(body, bad) {
			tb.Errorf("%s %s: body holds %q", s.method(), s.URL, bad)
		}
	}
	if s.After != nil {
		s.After(tb, res, body)
	}
}

// Do sends the scenario's request to h and returns the answer and its body.
func (s Scenario) Do(h http.Handler) (*http.Response, string) {
	var body io.Reader
	if s.Form != nil {
		body = strings.NewReader(s.Form.Encode())
	} else if s.Body != "" {
		body = strings.NewReader(s.Body)
	}
	req := httptest.NewRequest(s.method(), s.URL, body)
	if s.Form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for k, v := range s.Headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	return res, rec.Body.String()
}

func (s Scenario) method() string {
	if s.Method == "" {
		return http.MethodGet
	}
	return s.Method
}

// clip keeps a failure message readable when the body is a whole page.
func clip(s string) string {
	const max = 600
	if len(s) > max {
		return s[:max] + "…"
	}
	return s
}
