package respond

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// A page read back from the store is the page written: the same text
// around the same slots, and a valid gzip stream of it.
func TestPersistRoundTrip(t *testing.T) {
	slot := newSlot()
	var doc strings.Builder
	for i := range 40 {
		doc.WriteString(`<script nonce="` + slot + `">`)
		doc.WriteString(strings.Repeat("une maison à Arlon, "+string(rune('a'+i%26)), 200))
		doc.WriteString(`</script>`)
	}
	for _, text := range []string{doc.String(), doc.String() + "\xff"} { // with and without dictionaries
		page := cached{status: 200, doc: newNonced([]byte(text), slot)}
		back, err := decodePage(encodePage(page))
		if err != nil {
			t.Fatal(err)
		}
		nonce := NewNonce()
		if back.status != 200 || !bytes.Equal(back.doc.html(nonce), page.doc.html(nonce)) {
			t.Fatal("the page read back differs")
		}
		zr, err := gzip.NewReader(bytes.NewReader(back.doc.gzip(nonce)))
		if err != nil {
			t.Fatal(err)
		}
		plain, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(plain, page.doc.html(nonce)) {
			t.Fatalf("the page read back gzips wrong: %v", err)
		}
		if back.doc.gzipLength[0] != page.doc.gzipLength[0] || back.doc.htmlLength[0] != page.doc.htmlLength[0] {
			t.Fatal("lengths differ")
		}
		// Any damage is refused, never served.
		enc := encodePage(page)
		for _, cut := range []int{0, 5, len(enc) / 2, len(enc) - 1} {
			if _, err := decodePage(enc[:cut]); err == nil {
				t.Fatalf("a page cut at %d decoded", cut)
			}
		}
		flipped := bytes.Clone(enc)
		flipped[len(flipped)-10] ^= 0x40
		if _, err := decodePage(flipped); err == nil {
			t.Fatal("a damaged page decoded")
		}
	}
}

// A page answered once (no cache keeps it) is sent with the response's
// nonce, raw or gzipped, as a kept one is.
func TestNoncedOnceWrites(t *testing.T) {
	slot := newSlot()
	doc := []byte(strings.Repeat(`<script nonce="`+slot+`">x</script> une page à Arlon `, 100))
	once, kept := newNoncedOnce(doc, slot), newNonced(doc, slot)
	nonce := NewNonce()
	for _, enc := range []string{"", "gzip"} {
		var bodies [2]string
		for i, d := range []nonced{once, kept} {
			req := httptest.NewRequest("GET", "/", nil).WithContext(WithNonce(context.Background(), nonce))
			req.Header.Set("Accept-Encoding", enc)
			rec := httptest.NewRecorder()
			writeNonced(rec, req, 200, d)
			body := rec.Body.Bytes()
			if rec.Header().Get("Content-Length") != strconv.Itoa(len(body)) {
				t.Fatalf("%q: Content-Length %s for %d bytes", enc, rec.Header().Get("Content-Length"), len(body))
			}
			if enc == "gzip" {
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				body, _ = io.ReadAll(zr)
			}
			bodies[i] = string(body)
		}
		if bodies[0] != bodies[1] || !strings.Contains(bodies[0], `nonce="`+nonce+`"`) || strings.Contains(bodies[0], slot) {
			t.Fatalf("%q: the page answered once differs from the kept one", enc)
		}
	}
}
