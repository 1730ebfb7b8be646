package server_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"immo/internal/httpapi"
)

// TestAPIMethods: a known API path answers another method than GET or
// HEAD with 405 and Allow, in the API's error shape and the request's
// language; an unknown path stays a 404 whatever the method.
func TestAPIMethods(t *testing.T) {
	ts := newSite(t)
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
		req, _ := http.NewRequest(tc.method, ts.URL+tc.path+"?lang=en", nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.StatusCode != tc.want {
			t.Errorf("%s %s = %d, want %d", tc.method, tc.path, res.StatusCode, tc.want)
			continue
		}
		if tc.want != 405 {
			continue
		}
		if got := res.Header.Get("Allow"); got != "GET, HEAD" {
			t.Errorf("%s %s: Allow %q, want \"GET, HEAD\"", tc.method, tc.path, got)
		}
		var body httpapi.ErrorBody
		if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
			t.Fatalf("%s %s: %v", tc.method, tc.path, err)
		}
		if body.Error.Code != "method_not_allowed" || body.Error.Message != "This method is not allowed here" {
			t.Errorf("%s %s: %+v", tc.method, tc.path, body.Error)
		}
	}
}
