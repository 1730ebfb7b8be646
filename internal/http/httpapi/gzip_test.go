package httpapi

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

func TestGzipped(t *testing.T) {
	big := map[string]string{"text": strings.Repeat("maison ", 400)}
	h := gzipped(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Has("small") {
			JSON(w, http.StatusNotFound, map[string]string{"error": "none"})
			return
		}
		JSON(w, http.StatusOK, big)
	})
	for _, tc := range []struct {
		name, method, target, accept string
		gzip                         bool
		status                       int
	}{
		{"takes gzip", "GET", "/api/x", "gzip, deflate, br", true, 200},
		{"gzip with a weight", "GET", "/api/x", "br;q=1.0, gzip;q=0.8", true, 200},
		{"refuses gzip", "GET", "/api/x", "gzip;q=0", false, 200},
		{"no header", "GET", "/api/x", "", false, 200},
		{"small answer", "GET", "/api/x?small", "gzip", false, 404},
		{"HEAD", "HEAD", "/api/x", "gzip", true, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(tc.method, tc.target, nil)
			if tc.accept != "" {
				req.Header.Set("Accept-Encoding", tc.accept)
			}
			rec := httptest.NewRecorder()
			h(rec, req)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d", rec.Code, tc.status)
			}
			if got := rec.Header().Get("Content-Encoding") == "gzip"; got != tc.gzip {
				t.Fatalf("gzipped %v, want %v", got, tc.gzip)
			}
			if !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
				t.Error("no Vary: Accept-Encoding")
			}
			if rec.Header().Get("Content-Type") != "application/json; charset=utf-8" {
				t.Errorf("Content-Type %q", rec.Header().Get("Content-Type"))
			}
			if tc.method == "HEAD" {
				if rec.Body.Len() != 0 {
					t.Error("HEAD with a body")
				}
				return
			}
			if cl := rec.Header().Get("Content-Length"); tc.gzip && cl != strconv.Itoa(rec.Body.Len()) {
				t.Errorf("Content-Length %s for %d bytes", cl, rec.Body.Len())
			}
			body := io.Reader(rec.Body)
			if tc.gzip {
				zr, err := gzip.NewReader(rec.Body)
				if err != nil {
					t.Fatal(err)
				}
				body = zr
			}
			plain, err := io.ReadAll(body)
			if err != nil {
				t.Fatal(err)
			}
			if tc.status == 200 && !strings.Contains(string(plain), big["text"]) {
				t.Fatal("body lost in compression")
			}
		})
	}
}
