package upload

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"math"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
)

// acquireAsync asks for n bytes in a goroutine and says when they are
// granted (or refused: the error) on the channel.
func acquireAsync(ctx context.Context, b *Budget, n int64) <-chan error {
	got := make(chan error, 1)
	go func() {
		_, err := b.Acquire(ctx, n)
		got <- err
	}()
	return got
}

// waitQueued waits until the budget has n reservations waiting (a
// goroutine asked and blocked): no clock, the test's own timeout bounds it.
func waitQueued(t *testing.T, b *Budget, n int) {
	t.Helper()
	for b.Waiting() != n {
		select {
		case <-t.Context().Done():
			t.Fatal("never queued")
		default:
		}
		yield()
	}
}

// A reservation past what is free waits, whoever asks, until what is held
// is given back; then the whole budget is free again.
func TestBudgetWaitsPastItsSize(t *testing.T) {
	b := NewBudget(100)
	first, err := b.Acquire(t.Context(), 60)
	if err != nil || first != 60 {
		t.Fatalf("first: %d %v", first, err)
	}
	second, err := b.Acquire(t.Context(), 40)
	if err != nil || b.Free() != 0 {
		t.Fatalf("second: %v, free %d", err, b.Free())
	}
	third := acquireAsync(t.Context(), b, 30)
	waitQueued(t, b, 1)
	select {
	case <-third:
		t.Fatal("a reservation past the budget was granted")
	default:
	}
	b.Release(second) // 40 free: the 30 fit
	if err := <-third; err != nil {
		t.Fatal(err)
	}
	b.Release(first)
	b.Release(30)
	if b.Free() != 100 || b.Waiting() != 0 {
		t.Fatalf("free %d, waiting %d", b.Free(), b.Waiting())
	}
}

// In the order asked: a large reservation waiting is not passed over by a
// small one that would fit.
func TestBudgetInOrder(t *testing.T) {
	b := NewBudget(100)
	held, _ := b.Acquire(t.Context(), 70)
	large := acquireAsync(t.Context(), b, 80)
	waitQueued(t, b, 1)
	small := acquireAsync(t.Context(), b, 10) // fits in the 30 free, but comes second
	waitQueued(t, b, 2)
	select {
	case <-small:
		t.Fatal("a small reservation passed the large one before it")
	default:
	}
	b.Release(held)
	if err := <-large; err != nil {
		t.Fatal(err)
	}
	if err := <-small; err != nil {
		t.Fatal(err)
	}
	b.Release(80)
	b.Release(10)
	if b.Free() != 100 {
		t.Fatalf("free %d", b.Free())
	}
}

// A reservation whose context ends while it waits gets the context's
// error and holds nothing; the ones behind it move up.
func TestBudgetGivenUpWaiting(t *testing.T) {
	b := NewBudget(100)
	held, _ := b.Acquire(t.Context(), 90)
	ctx, cancel := context.WithCancel(t.Context())
	large := acquireAsync(ctx, b, 50)
	waitQueued(t, b, 1)
	small := acquireAsync(t.Context(), b, 10) // behind the large one
	waitQueued(t, b, 2)
	cancel()
	if err := <-large; !errors.Is(err, context.Canceled) {
		t.Fatalf("given up: %v", err)
	}
	if err := <-small; err != nil { // 10 free: granted once the large one left the line
		t.Fatal(err)
	}
	b.Release(10)
	b.Release(held)
	if b.Free() != 100 || b.Waiting() != 0 {
		t.Fatalf("free %d, waiting %d", b.Free(), b.Waiting())
	}
}

// A reservation larger than the whole budget takes all of it, rather than
// waiting forever.
func TestBudgetLargerThanItself(t *testing.T) {
	b := NewBudget(100)
	n, err := b.Acquire(t.Context(), 500)
	if err != nil || n != 100 || b.Free() != 0 {
		t.Fatalf("%d %v, free %d", n, err, b.Free())
	}
	b.Release(n)
	if b.Free() != 100 {
		t.Fatalf("free %d", b.Free())
	}
}

// The decodes share one budget: a decode of a picture as large as the
// bounds allow fits in it alone, two of them never at once.
func TestDecodeBudget(t *testing.T) {
	if decodes.Size() < maxDecoded {
		t.Fatalf("a picture of maxDecoded bytes would never be decoded: budget %d", decodes.Size())
	}
	if 2*int64(maxDecoded) <= decodes.Size() {
		t.Fatalf("two of the largest decodes fit at once: budget %d", decodes.Size())
	}
}

func yield() { runtime.Gosched() }

// While large decodes run, Go's memory is limited to what it was allowed
// before the first plus their bytes; the limit before comes back after the
// last, and an operator's lower limit stands.
func TestHeapBound(t *testing.T) {
	for _, tc := range []struct {
		name     string
		operator int64 // the limit before (GOMEMLIMIT)
		want     []int64
	}{
		{name: "no limit of the operator's", operator: math.MaxInt64, want: []int64{300, 350, 200, math.MaxInt64}},
		{name: "a lower one of the operator's", operator: 320, want: []int64{300, 320, 200, 320}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			limit := tc.operator
			var set []int64
			g := gcBound{allowed: func() int64 { return 150 }, setLimit: func(n int64) int64 {
				prev := limit
				if n >= 0 {
					limit = n
					set = append(set, n)
				}
				return prev
			}}
			g.start(150) // 150 allowed + 150
			g.start(50)  // a second one beside it
			g.end(150)
			g.end(50)
			if !slices.Equal(set, tc.want) || limit != tc.operator {
				t.Fatalf("limits set %v, want %v; at the end %d", set, tc.want, limit)
			}
		})
	}
}

// Shrink gives the process's memory limit back after a large picture.
func TestShrinkGivesLimitBack(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	img := image.NewRGBA(image.Rect(0, 0, 3000, 3000)) // 36 MB decoded: past freeAfter
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if _, err := Shrink(b.Bytes(), AgencySide); err != nil {
		t.Fatal(err)
	}
	if after := debug.SetMemoryLimit(-1); after != before {
		t.Fatalf("limit %d after, %d before", after, before)
	}
	if decodes.Free() != decodes.Size() {
		t.Fatalf("decodes' budget: %d of %d free", decodes.Free(), decodes.Size())
	}
}

// jpegHeader is the start of a JPEG of w×h pixels, progressive or not,
// with the sampling factors of its three components (0x22, 0x11, 0x11:
// 4:2:0): what image.DecodeConfig and progressiveCost read.
func jpegHeader(w, h int, progressive bool, sampling [3]byte) []byte {
	sof := byte(0xC0)
	if progressive {
		sof = 0xC2
	}
	b := []byte{0xFF, 0xD8, 0xFF, sof, 0, 17, 8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), 3}
	for i, s := range sampling {
		b = append(b, byte(i+1), s, 0)
	}
	return append(b, 0xFF, 0xDA, 0, 12, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0)
}

// A progressive JPEG's cost counts the coefficients image/jpeg holds for
// the whole picture (4 bytes a sample of each component): a 12-megapixel
// one costs three times its pixels, and a 24-megapixel 4:4:4 one is over
// the bounds, where a baseline one of the same size is not.
func TestMeasureProgressiveJPEG(t *testing.T) {
	const w, h = 4000, 3000
	if got, err := Measure(jpegHeader(w, h, false, [3]byte{0x22, 0x11, 0x11})); err != nil || got != w*h*3 {
		t.Fatalf("baseline: %d %v, want %d", got, err, w*h*3)
	}
	want := int64(w*h*3) + 250*188*6*256 // 16×16 MCUs of 4 + 1 + 1 blocks
	if got, err := Measure(jpegHeader(w, h, true, [3]byte{0x22, 0x11, 0x11})); err != nil || got != want {
		t.Fatalf("progressive 4:2:0: %d %v, want %d", got, err, want)
	}
	// Refused as too costly to read, not as too many pixels: it has fewer than the bound.
	if _, err := Measure(jpegHeader(6000, 4000, true, [3]byte{0x11, 0x11, 0x11})); !errors.Is(err, ErrPictureMemory) || errors.Is(err, ErrPictureSize) {
		t.Fatalf("progressive 4:4:4 of 24 megapixels: %v, want ErrPictureMemory", err)
	}
	if _, err := Measure(jpegHeader(6000, 4000, false, [3]byte{0x11, 0x11, 0x11})); err != nil {
		t.Fatalf("baseline 4:4:4 of 24 megapixels: %v", err)
	}
}
