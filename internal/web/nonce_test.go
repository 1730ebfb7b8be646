package web

import (
	"bytes"
	"compress/gzip"
	"hash/crc32"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A cached page carries each response's own nonce on every script and module
// preload tag, raw and gzipped (a valid stream: gzip checks CRC and size),
// and never the slot it was rendered with.
func TestNonceFreshOnCachedPage(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	scriptNonce := regexp.MustCompile(`<(?:script|link rel="modulepreload") nonce="([^"]*)"`)
	seen := map[string]bool{}
	for i, nonce := range []string{"Zmlyc3Q=", "c2Vjb25k", "dGhpcmQ+Lw=="} {
		for _, enc := range []string{"", "gzip"} {
			req := httptestRequest("/fr/a-vendre/", enc, nonce)
			rec := serve(h, req)
			body := rec.Body.Bytes()
			if enc == "gzip" {
				if rec.Header().Get("Content-Encoding") != "gzip" {
					t.Fatal("not gzipped")
				}
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				if body, err = io.ReadAll(zr); err != nil {
					t.Fatalf("response %d: the gzip stream is broken: %v", i, err)
				}
			}
			if rec.Header().Get("Content-Length") != itoa(rec.Body.Len()) {
				t.Errorf("Content-Length %s for %d bytes", rec.Header().Get("Content-Length"), rec.Body.Len())
			}
			doc := string(body)
			tags := scriptNonce.FindAllStringSubmatch(doc, -1)
			if len(tags) != 2 { // the entry script and the view's preload (newTestHandler)
				t.Fatalf("%d nonced tags:\n%s", len(tags), doc)
			}
			for _, m := range tags {
				if m[1] != nonce {
					t.Errorf("response %d (%q) carries nonce %q, want %q", i, enc, m[1], nonce)
				}
			}
			if strings.Contains(doc, "nonce-slot-") || strings.Count(doc, "<script") != 2 {
				t.Errorf("slot left or script count wrong:\n%s", doc)
			}
			if !strings.Contains(doc, `<script type="application/json" id="page">`) {
				t.Error("the page object (data, not script) changed")
			}
			seen[doc] = true
		}
	}
	if len(seen) != 3 {
		t.Errorf("raw and gzip must agree and each nonce give its own document: %d documents", len(seen))
	}
	if h.cache.len() != 1 {
		t.Errorf("cache holds %d pages", h.cache.len())
	}
}

// The slot is unguessable: a query value cannot place a nonce.
func TestNonceSlotIsPerHandler(t *testing.T) {
	a, _, _ := newTestHandler(t, &fakeRenderer{})
	b, _, _ := newTestHandler(t, &fakeRenderer{})
	if a.slot == b.slot || len(a.slot) < 20 {
		t.Fatalf("slots %q %q", a.slot, b.slot)
	}
	if NewNonce() == NewNonce() {
		t.Fatal("nonces repeat")
	}
}

func TestCRC32Combine(t *testing.T) {
	for _, c := range [][2]string{{"", ""}, {"a", ""}, {"", "b"}, {"hello ", "world"}, {strings.Repeat("x", 70000), "tail"}, {"head", strings.Repeat("yz", 40000)}} {
		a, b := []byte(c[0]), []byte(c[1])
		want := crc32.ChecksumIEEE(append(append([]byte{}, a...), b...))
		if got := crc32Combine(crc32.ChecksumIEEE(a), crc32.ChecksumIEEE(b), len(b)); got != want {
			t.Errorf("combine(%d, %d bytes) = %08x, want %08x", len(a), len(b), got, want)
		}
	}
}

// Parts around slots, including empty ones, gzip back to the whole.
func TestNoncedGzip(t *testing.T) {
	for _, doc := range []string{"", "SLOT", "aSLOTSLOTb", "<p>" + strings.Repeat("text ", 5000) + "SLOT" + strings.Repeat("more ", 9000) + "SLOT</p>"} {
		d := newNonced([]byte(doc), "SLOT")
		for _, nonce := range []string{"", "n", strings.Repeat("N", 300)} {
			want := strings.ReplaceAll(doc, "SLOT", nonce)
			if got := string(d.html(nonce)); got != want {
				t.Fatalf("html %q", got)
			}
			zr, err := gzip.NewReader(bytes.NewReader(d.gzip(nonce)))
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(zr)
			if err != nil || string(got) != want {
				t.Fatalf("gzip of %d bytes with nonce %q: %v, %d bytes", len(doc), nonce, err, len(got))
			}
		}
	}
}

func httptestRequest(target, encoding, nonce string) *http.Request {
	req := httptest.NewRequest("GET", target, nil)
	if encoding != "" {
		req.Header.Set("Accept-Encoding", encoding)
	}
	return req.WithContext(WithNonce(req.Context(), nonce))
}

func serve(h http.Handler, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func itoa(n int) string { return strconv.Itoa(n) }
