package pictures

import (
	"fmt"
	"io/fs"
	"testing"

	"immo/internal/adapter/demo"
)

// BenchmarkRender makes every variant of one 1600×1067 demo picture (five
// widths, capped at 1600, in JPEG and WebP), and each step apart:
//
//	go test -run '^$' -bench Render -benchtime 5x ./internal/adapter/pictures/
func BenchmarkRender(b *testing.B) {
	data, err := fs.ReadFile(demo.Pictures(), "house-01.jpg")
	if err != nil {
		b.Fatal(err)
	}
	var want []Want
	for _, w := range Targets(1600) {
		for _, f := range Formats {
			want = append(want, Want{w, f})
		}
	}
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			vs, err := Render(b.Context(), data, want)
			if err != nil || len(vs) != 10 {
				b.Fatal(len(vs), err)
			}
		}
	})
	b.Run("decode", func(b *testing.B) {
		for b.Loop() {
			if _, err := decodeRGBA(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	src, _ := decodeRGBA(data)
	for _, w := range Targets(1600) {
		b.Run(fmt.Sprintf("resize/%d", w), func(b *testing.B) {
			for b.Loop() {
				resize(src, w)
			}
		})
		img := resize(src, w)
		for _, f := range Formats {
			b.Run(fmt.Sprintf("%s/%d", f, w), func(b *testing.B) {
				var n int
				for b.Loop() {
					out, err := encode(img, f)
					if err != nil {
						b.Fatal(err)
					}
					n = len(out)
				}
				b.ReportMetric(float64(n)/1024, "KB")
			})
		}
	}
}
