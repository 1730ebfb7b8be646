package server_test

import (
	"compress/gzip"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// The JSON API is gzipped for a client that takes it.
func TestAPIGzipped(t *testing.T) {
	ts := newSite(t)
	req, _ := http.NewRequest("GET", ts.URL+"/api/properties?goal=sale", nil)
	req.Header.Set("Accept-Encoding", "gzip") // set by hand: the transport leaves the body compressed
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
		t.Fatalf("%d, Content-Encoding %q, Vary %q", res.StatusCode, res.Header.Get("Content-Encoding"), res.Header.Get("Vary"))
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	var p page
	if err := json.NewDecoder(zr).Decode(&p); err != nil || len(p.Items) == 0 {
		t.Fatalf("gzipped list: %v, %d items", err, len(p.Items))
	}
}
