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

	"immo/internal/web/assets"
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
	for i, nonce := range []string{NewNonce(), NewNonce(), "dGhpcmQ+Lw=="} {
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

// Parts around slots, including empty ones, gzip back to the whole; a part
// that repeats the text before it compresses against it, across the nonce.
func TestNoncedGzip(t *testing.T) {
	var words strings.Builder
	for i := range 3000 {
		words.WriteString(strconv.Itoa(i*7919%10007) + " ")
	}
	x := words.String() // ~16 KB that deflate cannot shrink much on its own
	for _, doc := range []string{"", "SLOT", "aSLOTSLOTb", "<p>" + x + "SLOT" + x + "SLOT</p>", "\xff" + x + "SLOT" + x} {
		d := newNonced([]byte(doc), "SLOT")
		for _, nonce := range []string{NewNonce(), strings.Repeat("\xff", nonceLen)} {
			want := strings.ReplaceAll(doc, "SLOT", nonce)
			if got := string(d.html(nonce)); got != want {
				t.Fatalf("html %q", got)
			}
			gz := d.gzip(nonce)
			if len(gz) != d.gzipLen(nonce) {
				t.Errorf("gzipLen %d, gzip %d bytes", d.gzipLen(nonce), len(gz))
			}
			zr, err := gzip.NewReader(bytes.NewReader(gz))
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(zr)
			if err != nil || string(got) != want {
				t.Fatalf("gzip of %d bytes with nonce %q: %v, %d bytes", len(doc), nonce, err, len(got))
			}
		}
		if strings.HasPrefix(doc, "<p>") {
			whole := len(assets.Gzip([]byte(strings.ReplaceAll(doc, "SLOT", NewNonce()))))
			if spliced := len(d.gzip(NewNonce())); spliced > whole+whole/20 {
				t.Errorf("the spliced gzip is %d bytes, the whole document gzipped %d", spliced, whole)
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
