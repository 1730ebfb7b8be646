package apitest

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"testing"
)

// recordingTB catches the failures a scenario reports, so the harness's
// own checks are shown to fail when they should.
type recordingTB struct {
	testing.TB
	errors []string
}

func (r *recordingTB) Helper() {}
func (r *recordingTB) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func echo() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		w.Header().Set("X-Method", r.Method)
		w.Header().Set("X-Type", r.Header.Get("Content-Type"))
		w.WriteHeader(http.StatusTeapot)
		fmt.Fprintf(w, "%s %s %s", r.Method, r.URL.RequestURI(), b)
	})
}

func TestScenarioPasses(t *testing.T) {
	var after bool
	Run(t, echo(), []Scenario{{
		Name:     "form post",
		Method:   "POST",
		URL:      "/contact/?x=1",
		Form:     url.Values{"name": {"Ann"}},
		Headers:  map[string]string{"X-Inertia": "true"},
		Status:   http.StatusTeapot,
		Header:   map[string]string{"X-Method": "POST", "X-Type": "application/x-www-form-urlencoded", "X-Absent": ""},
		Contains: []string{"POST /contact/?x=1 name=Ann"},
		Lacks:    []string{"Bob"},
		After:    func(testing.TB, *http.Response, string) { after = true },
	}})
	if !after {
		t.Fatal("After did not run")
	}
}

func TestScenarioFailsOnEachMismatch(t *testing.T) {
	for _, s := range []Scenario{
		{Name: "status", URL: "/", Status: 200},
		{Name: "no status stated", URL: "/"},
		{Name: "header", URL: "/", Status: http.StatusTeapot, Header: map[string]string{"X-Method": "PUT"}},
		{Name: "absent header", URL: "/", Status: http.StatusTeapot, Header: map[string]string{"X-Method": ""}},
		{Name: "contains", URL: "/", Status: http.StatusTeapot, Contains: []string{"nowhere"}},
		{Name: "lacks", URL: "/", Status: http.StatusTeapot, Lacks: []string{"GET"}},
	} {
		rec := &recordingTB{TB: t}
		s.Test(rec, echo())
		if len(rec.errors) != 1 {
			t.Errorf("%s: %d failures reported, want 1: %q", s.Name, len(rec.errors), rec.errors)
		}
	}
}
