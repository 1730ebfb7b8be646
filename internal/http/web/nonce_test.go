package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"immo/internal/http/web/respond"
)

// A cached page carries each response's own nonce on every script and module
// preload tag, raw and gzipped (a valid stream: gzip checks CRC and size),
// and never the slot it was rendered with.
func TestNonceFreshOnCachedPage(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	scriptNonce := regexp.MustCompile(`<(?:script|link rel="modulepreload") nonce="([^"]*)"`)
	seen := map[string]bool{}
	// Two nonces of NewNonce (the spliced gzip) and one of another length
	// (gzipped whole).
	for i, nonce := range []string{respond.NewNonce(), respond.NewNonce(), "dGhpcmQ+Lw=="} {
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
			if strings.Contains(doc, "nonce-slot-") || strings.Count(doc, "<script")-strings.Count(doc, `<script type="application/`) != 1 { // data blocks (page object, JSON-LD) aside
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
	if n := cachedPages(h); n != 1 {
		t.Errorf("cache holds %d pages", n)
	}
}

func httptestRequest(target, encoding, nonce string) *http.Request {
	req := httptest.NewRequest("GET", target, nil)
	if encoding != "" {
		req.Header.Set("Accept-Encoding", encoding)
	}
	return req.WithContext(respond.WithNonce(req.Context(), nonce))
}

func serve(h http.Handler, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func itoa(n int) string { return strconv.Itoa(n) }
