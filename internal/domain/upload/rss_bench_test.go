package upload

import (
	"bufio"
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// rss is this process's resident memory (VmRSS), in bytes.
func rss() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// large40MP is a 40-megapixel PNG (7745×5164) of a few hundred kB.
func large40MP(b testing.TB) []byte {
	const w, h = 7745, 5164
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetRGBA(x, y, color.RGBA{uint8(x / 16), uint8(y / 16), uint8((x + y) / 64), 255})
		}
	}
	var out bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&out, img); err != nil {
		b.Fatal(err)
	}
	return out.Bytes()
}

// BenchmarkShrink40MP: what one 40-megapixel decode costs (B/op), and the
// resident memory while 16 of them are shrunk at once (peak-RSS-MB, the
// decodes' share of decodeBudget).
func BenchmarkShrink40MP(b *testing.B) {
	data := large40MP(b)
	b.Run("one", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Shrink(data, AgencySide); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("16 at once", func(b *testing.B) {
		var peak atomic.Int64
		stop := make(chan struct{})
		go func() {
			for {
				if r := rss(); r > peak.Load() {
					peak.Store(r)
				}
				select {
				case <-stop:
					return
				case <-time.After(5 * time.Millisecond):
				}
			}
		}()
		for b.Loop() {
			var wg sync.WaitGroup
			for range 16 {
				wg.Go(func() {
					if _, err := Shrink(data, AgencySide); err != nil {
						b.Error(err)
					}
				})
			}
			wg.Wait()
		}
		close(stop)
		b.ReportMetric(float64(peak.Load()>>20), "peak-RSS-MB")
	})
}
