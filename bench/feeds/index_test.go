// Where the time goes between a feed's run and the pages showing it
// (bench/feeds/README.md): every server rebuilds its catalog index
// (catalog.NewIndex) when the version changes. At 10 000 listings its cost
// is mostly takeDetails's deflate writer, made anew for each property
// (flate.NewWriter allocates some 600 KB); BenchmarkDeflate* compare that
// with one writer Reset for each property, on the demo's details.
//
//	nice go test ./bench/feeds -run x -bench . -benchmem
package feeds

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"testing"

	"immo/internal/adapter/demo"
	"immo/internal/domain/catalog"
)

// copies is the demo's properties copied under new IDs up to n.
func copies(b *testing.B, n int) *catalog.Catalog {
	c, err := demo.Catalog()
	if err != nil {
		b.Fatal(err)
	}
	out := &catalog.Catalog{Types: c.Types, Projects: c.Projects}
	for k := 0; len(out.Properties) < n; k++ {
		p := c.Properties[k%len(c.Properties)]
		p.ID = 6_000_000 + int64(k)
		out.Properties = append(out.Properties, p)
	}
	return out
}

// BenchmarkNewIndex10000 is one reload's index build at 10 000 listings
// (the store's Load, JSON decoding, comes on top).
func BenchmarkNewIndex10000(b *testing.B) {
	c := copies(b, 10_000)
	b.ReportAllocs()
	for b.Loop() {
		catalog.NewIndex(c, 1)
	}
}

func details(b *testing.B, n int) [][]byte {
	c := copies(b, n)
	raws := make([][]byte, len(c.Properties))
	for i, p := range c.Properties {
		raw, err := json.Marshal(p.Details)
		if err != nil {
			b.Fatal(err)
		}
		raws[i] = raw
	}
	return raws
}

// BenchmarkDeflateNewWriter10000 deflates 10 000 details as takeDetails
// does: a new writer each.
func BenchmarkDeflateNewWriter10000(b *testing.B) {
	raws := details(b, 10_000)
	b.ReportAllocs()
	for b.Loop() {
		for _, raw := range raws {
			var buf bytes.Buffer
			zw, _ := flate.NewWriter(&buf, flate.BestSpeed)
			zw.Write(raw)
			zw.Close()
			_ = bytes.Clone(buf.Bytes())
		}
	}
}

// BenchmarkDeflateReset10000 deflates the same with one writer, Reset.
func BenchmarkDeflateReset10000(b *testing.B) {
	raws := details(b, 10_000)
	b.ReportAllocs()
	var buf bytes.Buffer
	zw, _ := flate.NewWriter(&buf, flate.BestSpeed)
	for b.Loop() {
		for _, raw := range raws {
			buf.Reset()
			zw.Reset(&buf)
			zw.Write(raw)
			zw.Close()
			_ = bytes.Clone(buf.Bytes())
		}
	}
}
