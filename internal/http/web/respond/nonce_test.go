package respond

import (
	"bytes"
	"compress/gzip"
	"hash/crc32"
	"io"
	"strconv"
	"strings"
	"testing"

	"immo/internal/http/web/assets"
)

// The slot is unguessable: a query value cannot place a nonce.
func TestNonceSlotIsPerResponder(t *testing.T) {
	a, b := New(Options{}), New(Options{})
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
		for _, nonce := range []string{NewNonce(), strings.Repeat("\xff", len(NewNonce()))} {
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
		// A kept document holds its parts deflated only: a raw copy would
		// hold five times the bytes in the cache for the rare client
		// without gzip.
		if d.parts != nil {
			t.Errorf("a cached document keeps its raw parts")
		}
		if held := d.size; len(doc) > 1000 && held > len(doc)/2 {
			t.Errorf("a %d-byte document holds %d bytes", len(doc), held)
		}
		if strings.HasPrefix(doc, "<p>") {
			whole := len(assets.Gzip([]byte(strings.ReplaceAll(doc, "SLOT", NewNonce()))))
			if spliced := len(d.gzip(NewNonce())); spliced > whole+whole/20 {
				t.Errorf("the spliced gzip is %d bytes, the whole document gzipped %d", spliced, whole)
			}
		}
	}
}
