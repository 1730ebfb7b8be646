package server_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/http/httpapi"
	"immo/internal/tool/apitest"
)

// TestAPIMethods: a known API path answers another method than GET or
// HEAD with 405 and Allow, in the API's error shape and the request's
// language; an unknown path stays a 404 whatever the method.
func TestAPIMethods(t *testing.T) {
	notAllowed := func(tb testing.TB, res *http.Response, body string) {
		tb.Helper()
		if got := res.Header.Get("Allow"); got != "GET, HEAD" {
			tb.Errorf("Allow %q, want \"GET, HEAD\"", got)
		}
		var e httpapi.ErrorBody
		if err := json.Unmarshal([]byte(body), &e); err != nil {
			tb.Fatalf("decode %q: %v", body, err)
		}
		if e.Error.Code != "method_not_allowed" || e.Error.Message != "This method is not allowed here" {
			tb.Errorf("%+v", e.Error)
		}
	}
	var scenarios []apitest.Scenario
	for _, tc := range []struct {
		method, path string
		want         int
	}{
		{"GET", "/api/properties", 200},
		{"HEAD", "/api/properties", 200},
		{"POST", "/api/properties", 405},
		{"PUT", "/api/properties", 405},
		{"DELETE", "/api/properties/4100001", 405},
		{"PATCH", "/api/projects/5200001", 405},
		{"OPTIONS", "/api/types", 405},
		{"POST", "/api/cities", 405},
		{"POST", "/api/search", 405},
		{"POST", "/api/projects", 405},
		{"POST", "/api/nothing-here", 404},
		{"GET", "/api/nothing-here", 404},
	} {
		s := apitest.Scenario{Name: tc.method + " " + tc.path, Method: tc.method, URL: tc.path + "?lang=en", Status: tc.want}
		if tc.want == 405 {
			s.After = notAllowed
		}
		scenarios = append(scenarios, s)
	}
	apptest.New(t, apptest.Options{}).Run(t, scenarios)
}
