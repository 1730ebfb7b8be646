package respond

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"html/template"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"immo/internal/http/web/assets"
)

// The Content-Security-Policy of a page (internal/http/server) allows the scripts
// carrying the response's nonce. A rendered page is cached for every visitor,
// yet each response needs a fresh nonce: the document is rendered with a slot
// where the nonce goes, cached in parts around the slots, and the parts are
// joined around the response's nonce when written — raw, or gzipped with the
// nonce as a stored (uncompressed) deflate block between the parts
// compressed ahead of time, so a cache hit compresses nothing.

type nonceKey struct{}

// WithNonce returns ctx carrying the response's CSP nonce.
func WithNonce(ctx context.Context, nonce string) context.Context {
	return context.WithValue(ctx, nonceKey{}, nonce)
}

// NonceOf is the response's CSP nonce ("" when none was set).
func NonceOf(ctx context.Context) string {
	s, _ := ctx.Value(nonceKey{}).(string)
	return s
}

// nonceLen is the length of a nonce of NewNonce.
const nonceLen = 24

// NewNonce returns 128 random bits, base64 (nonceLen characters).
func NewNonce() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	return base64.StdEncoding.EncodeToString(b[:])
}

// newSlot is the text the document template writes where a nonce goes: random
// per handler, so no content (a listing text, a query echoed) can forge one.
func newSlot() string {
	var b [12]byte
	rand.Read(b[:])
	return "nonce-slot-" + base64.RawURLEncoding.EncodeToString(b[:])
}

// withNonceAttr adds the nonce slot to the script and module preload tags of
// the asset HTML (ours: assets.HeadTags and PagePreloads).
func withNonceAttr(tags template.HTML, slot string) template.HTML {
	attr := ` nonce="` + slot + `"`
	s := strings.ReplaceAll(string(tags), `<script `, `<script`+attr+` `)
	s = strings.ReplaceAll(s, `<link rel="modulepreload" `, `<link rel="modulepreload"`+attr+` `)
	return template.HTML(s)
}

// nonced is a document cut at its nonce slots.
type nonced struct {
	// parts is the text between the slots of a document answered once;
	// nil for one a cache keeps, which holds its parts deflated only (a
	// fifth of the bytes) and inflates them for a client that takes no
	// gzip (texts).
	parts [][]byte
	lens  []int // each part's length
	// deflated holds each part deflated on its own, ending on a byte
	// boundary; only the last one ends the stream.
	deflated [][]byte
	crcs     []uint32 // each part's CRC-32
	shifts   []uint32 // each part's x^(8·len) mod the CRC polynomial, for crc32Combine
	size     int      // bytes held, for the cache's bound
	// htmlLength and gzipLength are the Content-Length header's values
	// with a nonce of nonceLen.
	htmlLength, gzipLength []string
	withDict               bool // each part was deflated with the text before it as dictionary
	once                   bool // newNoncedOnce's: no part deflated
}

// newNoncedOnce is a document answered once (a page no cache keeps): cut
// at its slots, nothing compressed ahead of time — writeNonced gzips it as
// it is sent, at a fast level, rather than each part at the best one.
func newNoncedOnce(doc []byte, slot string) nonced {
	d := nonced{parts: bytes.Split(doc, []byte(slot)), once: true}
	for _, p := range d.parts {
		d.lens = append(d.lens, len(p))
		d.size += len(p)
	}
	return d
}

func newNonced(doc []byte, slot string) nonced {
	parts := bytes.Split(doc, []byte(slot))
	var d nonced
	// Each part is deflated with the text before it as its dictionary (as
	// pigz does), so the page compresses about as well as in one piece. The
	// decoder's history holds the nonces there; the dictionary holds as many
	// 0xFF bytes, which valid UTF-8 never contains, so no match can reach into
	// them. A document with a 0xFF byte is deflated part by part alone.
	withDict := bytes.IndexByte(doc, 0xff) < 0
	filler := bytes.Repeat([]byte{0xff}, nonceLen)
	var before []byte
	for i, p := range parts {
		var dict []byte
		if withDict && i > 0 {
			before, dict = nextDict(before, parts[i-1], filler)
		}
		d.deflated = append(d.deflated, deflate(p, dict, i == len(parts)-1))
		d.lens = append(d.lens, len(p))
		d.crcs = append(d.crcs, crc32.ChecksumIEEE(p))
		d.shifts = append(d.shifts, x2nModP(uint64(len(p)), 3))
		d.size += len(d.deflated[i]) + 16
	}
	d.withDict = withDict
	d.setLengths()
	return d
}

// setLengths sets the Content-Length values of a nonce of NewNonce's length.
func (d *nonced) setLengths() {
	filled := strings.Repeat("\xff", nonceLen)
	d.htmlLength = []string{strconv.Itoa(d.htmlLen(filled))}
	d.gzipLength = []string{strconv.Itoa(d.gzipLen(filled))}
}

// html is the document with nonce in its slots.
func (d nonced) html(nonce string) []byte {
	var b bytes.Buffer
	d.writeHTML(&b, nonce)
	return b.Bytes()
}

// gzip is html(nonce) gzipped.
func (d nonced) gzip(nonce string) []byte {
	var b bytes.Buffer
	d.writeGzip(&b, nonce)
	return b.Bytes()
}

// htmlLen and gzipLen are the lengths of html(nonce) and gzip(nonce).
func (d nonced) htmlLen(nonce string) int {
	n := len(nonce) * (len(d.lens) - 1)
	for _, l := range d.lens {
		n += l
	}
	return n
}

func (d nonced) gzipLen(nonce string) int {
	n := len(gzipHeader) + 8 + (5+len(nonce))*(len(d.deflated)-1)
	for _, p := range d.deflated {
		n += len(p)
	}
	return n
}

// writeHTML writes html(nonce) to w, part by part.
func (d nonced) writeHTML(w io.Writer, nonce string) {
	for i, p := range d.texts() {
		if i > 0 {
			io.WriteString(w, nonce)
		}
		w.Write(p)
	}
}

// gzipHeader is a gzip member's header: deflate, no name, no time, unknown OS.
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255}

// writeGzip writes html(nonce) gzipped: the parts' ready deflate blocks with
// the nonce in stored blocks between them, and the CRC combined from the
// parts' (computed at render time) and the nonce's.
func (d nonced) writeGzip(w io.Writer, nonce string) {
	w.Write(gzipHeader)
	crc, nonceCRC, nonceShift := uint32(0), crc32.ChecksumIEEE([]byte(nonce)), nonceLenShift
	if len(nonce) != nonceLen {
		nonceShift = x2nModP(uint64(len(nonce)), 3)
	}
	var stored [5]byte // a stored block, not the last: BFINAL 0, BTYPE 00 (byte-aligned), LEN, ^LEN
	binary.LittleEndian.PutUint16(stored[1:], uint16(len(nonce)))
	binary.LittleEndian.PutUint16(stored[3:], ^uint16(len(nonce)))
	for i, p := range d.deflated {
		if i > 0 {
			w.Write(stored[:])
			io.WriteString(w, nonce)
			crc = multModP(nonceShift, crc) ^ nonceCRC // crc32Combine
		}
		w.Write(p)
		crc = multModP(d.shifts[i], crc) ^ d.crcs[i]
	}
	var trailer [8]byte
	binary.LittleEndian.PutUint32(trailer[:], crc)
	binary.LittleEndian.PutUint32(trailer[4:], uint32(d.htmlLen(nonce)))
	w.Write(trailer[:])
}

// Header values shared by the responses (net/http only reads them).
var (
	htmlType = []string{"text/html; charset=utf-8"}
	noSniff  = []string{"nosniff"}
	gzipped  = []string{"gzip"}
)

// writeNonced writes d with the request's nonce, gzipped when the client
// takes it. With a nonce of NewNonce's length (every response's), a
// cached page's answer allocates nothing: its lengths are known.
func writeNonced(w http.ResponseWriter, r *http.Request, status int, d nonced) {
	nonce := NonceOf(r.Context())
	h := w.Header()
	h["Content-Type"] = htmlType
	h["X-Content-Type-Options"] = noSniff
	size, write := d.htmlLen(nonce), d.writeHTML
	length := d.htmlLength
	if assets.AcceptsGzip(r) && size > 1024 {
		size, write, length = d.gzipLen(nonce), d.writeGzip, d.gzipLength
		if d.once {
			gz := gzipFast(d.html(nonce))
			size, write, length = len(gz), func(w io.Writer, _ string) { w.Write(gz) }, nil
		} else if len(nonce) != nonceLen { // not NewNonce's: the parts' dictionaries do not fit it
			gz := assets.Gzip(d.html(nonce))
			size, write = len(gz), func(w io.Writer, _ string) { w.Write(gz) }
		}
		h["Content-Encoding"] = gzipped
	}
	if len(nonce) != nonceLen || length == nil {
		length = []string{strconv.Itoa(size)}
	}
	h["Content-Length"] = length
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		// One write of the whole body, as a handler writing bytes from
		// memory does: part by part, net/http's 4 KB buffer would send
		// it in as many system calls as it fills.
		b := bodies.Get().(*bytes.Buffer)
		b.Reset()
		write(b, nonce)
		w.Write(b.Bytes())
		if b.Cap() <= maxPooledBody {
			bodies.Put(b)
		}
	}
}

// gzipFast compresses a page sent once, at a level that costs a fraction
// of the best one's time for a few percent more bytes.
func gzipFast(raw []byte) []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, 4)
	zw.Write(raw)
	zw.Close()
	return b.Bytes()
}

// bodies are the buffers responses are joined in; one of a page larger
// than maxPooledBody is left to the collector.
var bodies = sync.Pool{New: func() any { return new(bytes.Buffer) }}

const maxPooledBody = 1 << 20

// deflate compresses p at the best level (a page is served many times). A
// part that is not the last ends with a flush, on a byte boundary, so a
// stored block or the next part can follow; the last ends the stream.
func deflate(p, dict []byte, last bool) []byte {
	var b bytes.Buffer
	zw, _ := flate.NewWriterDict(&b, flate.BestCompression, dict)
	zw.Write(p)
	if last {
		zw.Close()
	} else {
		zw.Flush()
	}
	return bytes.Clone(b.Bytes()) // the cache keeps it: not the buffer's spare room
}

// nextDict is the text before the next part — before, the part before it
// and a nonce's place (filler) — and the dictionary it is deflated with:
// its last 32 KiB, deflate's window.
func nextDict(before, prev, filler []byte) (text, dict []byte) {
	text = append(append(before, prev...), filler...)
	return text, text[max(0, len(text)-32<<10):]
}

// texts are the document's parts: a cached one's inflated, each with the
// text before it as dictionary, as newNonced deflated them.
func (d nonced) texts() [][]byte {
	if d.parts != nil {
		return d.parts
	}
	parts, _ := inflateParts(d.deflated, d.lens, d.withDict)
	return parts
}

// inflateParts inflates deflated parts of the lengths lens; false when one
// does not inflate to its length.
func inflateParts(deflated [][]byte, lens []int, withDict bool) ([][]byte, bool) {
	parts := make([][]byte, len(deflated))
	filler := bytes.Repeat([]byte{0xff}, nonceLen)
	var before []byte
	for i, z := range deflated {
		var dict []byte
		if withDict && i > 0 {
			before, dict = nextDict(before, parts[i-1], filler)
		}
		parts[i] = make([]byte, lens[i])
		if _, err := io.ReadFull(flate.NewReaderDict(bytes.NewReader(z), dict), parts[i]); err != nil {
			return parts[:i], false
		}
	}
	return parts, true
}

// crc32Combine is the CRC-32 of a+b from crc1 of a, crc2 of b and b's length
// (zlib's crc32_combine): the parts' CRCs are computed once, at render time.
func crc32Combine(crc1, crc2 uint32, len2 int) uint32 {
	return multModP(x2nModP(uint64(len2), 3), crc1) ^ crc2
}

// multModP multiplies a and b modulo the CRC-32 polynomial (reflected).
func multModP(a, b uint32) uint32 {
	m := uint32(1) << 31
	var p uint32
	for {
		if a&m != 0 {
			p ^= b
			if a&(m-1) == 0 {
				break
			}
		}
		m >>= 1
		if b&1 != 0 {
			b = b>>1 ^ crc32.IEEE
		} else {
			b >>= 1
		}
	}
	return p
}

// x2n[k] is x^(2^k) modulo the polynomial.
var x2n = func() (t [32]uint32) {
	p := uint32(1) << 30 // x^1
	for k := range t {
		t[k] = p
		p = multModP(p, p)
	}
	return t
}()

// nonceLenShift is x^(8·nonceLen) mod the polynomial.
var nonceLenShift = x2nModP(nonceLen, 3)

// x2nModP is x^(n·2^k) modulo the polynomial.
func x2nModP(n uint64, k uint) uint32 {
	p := uint32(1) << 31 // x^0
	for n != 0 {
		if n&1 != 0 {
			p = multModP(x2n[k&31], p)
		}
		n >>= 1
		k++
	}
	return p
}
