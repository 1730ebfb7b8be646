package upload

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	_ "image/png" // a visitor's PNG
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"sync"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // a visitor's WebP (lossy or lossless)

	"immo/internal/domain/field"
)

// PictureSide is the longest side, in pixels, of a visitor's picture once
// shrunk (Shrink): a testimonial shows it far smaller.
const PictureSide = 800

// The bounds of a visitor's picture, read from its header before anything
// is decoded: at most MaxPixels pixels and MaxSide pixels a side, and at
// most maxDecoded bytes once decoded (a 16-bit PNG takes 8 bytes a pixel).
// A phone's photo is 12 to 48 megapixels; a 5 MB file claiming more is a
// decompression bomb (a 20000×20000 PNG of one colour is 1 MB).
const (
	MaxPixels  = 50_000_000
	MaxSide    = 12_000
	maxDecoded = 200 << 20
)

// decodeBudget bounds the bytes all decodes hold at once: a decode waits
// until its cost fits (Measure). It is maxDecoded, so that any picture
// within the bounds is decoded, alone if it is that large: one 50-megapixel
// JPEG (150 MB) or 40-megapixel PNG (160 MB) at a time, several small ones
// together, so 16 visitors posting large pictures at once cost one
// picture's memory, not 16. With Files and the server's own (~50 MB of
// heap, ~90 MB of code and JavaScript engines), it keeps the server within
// 400 MB (docs/ARCHITECTURE.md, "Uploads").
const decodeBudget = maxDecoded

// freeAfter is the decoded size past which the memory is handed back to
// the system once the picture is shrunk (debug.FreeOSMemory): else the
// heap keeps the peak of the largest decodes for minutes.
const freeAfter = 32 << 20

var (
	// ErrPicture says data is not a picture Shrink reads (JPEG, PNG, WebP).
	ErrPicture = errors.New("upload: not a picture that can be shrunk")
	// ErrPictureBroken says the picture does not decode (damaged, truncated).
	ErrPictureBroken = fmt.Errorf("%w: it does not decode", ErrPicture)
	// ErrPictureSize says the picture is over MaxPixels, MaxSide or
	// maxDecoded once decoded.
	ErrPictureSize = fmt.Errorf("%w: too many pixels", ErrPicture)
	// ErrPictureMemory says the picture is within MaxPixels and MaxSide
	// but would take more than maxDecoded to decode: a progressive JPEG,
	// whose every coefficient image/jpeg keeps, or 16-bit colour. Saved
	// again as a standard JPEG it is read.
	ErrPictureMemory = fmt.Errorf("%w: too much memory to decode", ErrPicture)
)

// PictureKey is the translation key of a picture's problem (Shrink's
// error): field.KeyPictureSize, field.KeyPictureMemory, field.KeyPictureBroken.
func PictureKey(err error) string {
	switch {
	case errors.Is(err, ErrPictureSize):
		return field.KeyPictureSize
	case errors.Is(err, ErrPictureMemory):
		return field.KeyPictureMemory
	}
	return field.KeyPictureBroken
}

// Measure reads a picture's header only (image.DecodeConfig) and returns
// the bytes it takes once decoded, or ErrPictureBroken (no header of a
// picture) or ErrPictureSize (over the bounds).
func Measure(data []byte) (int64, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrPictureBroken, err)
	}
	w, h := int64(cfg.Width), int64(cfg.Height)
	if w <= 0 || h <= 0 {
		return 0, fmt.Errorf("%w: %d×%d pixels", ErrPictureBroken, w, h)
	}
	cost := w * h * bytesPerPixel(cfg.ColorModel)
	if format == "jpeg" {
		cost += progressiveCost(data)
	}
	if w > MaxSide || h > MaxSide || w*h > MaxPixels {
		return 0, fmt.Errorf("%w: %d×%d pixels", ErrPictureSize, w, h)
	}
	if cost > maxDecoded {
		return 0, fmt.Errorf("%w: %d×%d pixels, %d MB", ErrPictureMemory, w, h, cost>>20)
	}
	return cost, nil
}

// bytesPerPixel is what the decoders of image/jpeg, image/png and
// x/image/webp allocate per pixel for a picture of model m (a JPEG's
// YCbCr counted unsubsampled, its worst).
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 3
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel, color.NYCbCrAModel:
		return 4
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 8 // RGBA64, NRGBA64 and anything unknown: the largest
}

// decodes is the budget of decodeBudget bytes the running decodes share,
// every request of the server together.
var decodes = NewBudget(decodeBudget)

// Shrink re-encodes a visitor's JPEG, PNG or WebP picture as a JPEG whose
// longest side is at most maxSide pixels (PictureSide for a testimonial),
// never enlarged. Re-encoding drops every metadata the original carried
// (EXIF, GPS position, comments); the EXIF orientation of a phone's photo
// is applied first, so the picture stands as it was taken. Transparent
// parts become white.
//
// The picture's size is read from its header first (Measure): one over
// the bounds is refused (ErrPictureSize) without being decoded; one that
// fails to decode, a truncated file, is ErrPictureBroken. Decodes share
// decodeBudget: past it, Shrink waits its turn.
func Shrink(data []byte, maxSide int) ([]byte, error) {
	if maxSide <= 0 {
		return nil, fmt.Errorf("upload: Shrink to %d pixels", maxSide)
	}
	cost, err := Measure(data)
	if err != nil {
		return nil, err
	}
	held, _ := decodes.Acquire(context.Background(), cost) // no end but the decodes' before it
	defer decodes.Release(held)
	if cost < freeAfter {
		return shrink(data, maxSide)
	}
	heapBound.start(cost)
	defer heapBound.end(cost)
	out, err := shrink(data, maxSide)
	debug.FreeOSMemory() // the decoded picture is garbage now
	return out, err
}

// heapBound keeps Go's heap, while large pictures are decoded, within what
// it was allowed before them plus their bytes. A decoded picture is live
// while it is shrunk, and Go's collector lets the heap grow to twice what
// it found live (GOGC=100): the garbage of every other request could grow
// by as much as the picture (a 40-megapixel PNG: 160 MB more, on top of
// its own 160). A soft memory limit (debug.SetMemoryLimit) is set while
// they run, given back after the last one; an operator's lower GOMEMLIMIT
// stands.
var heapBound = gcBound{setLimit: debug.SetMemoryLimit, allowed: allowedMemory}

type gcBound struct {
	mu       sync.Mutex
	running  int64 // the bytes of the large decodes running
	base     int64 // the Go memory allowed when the first of them started
	prev     int64 // the limit before it (math.MaxInt64: none)
	setLimit func(int64) int64
	allowed  func() int64
}

func (g *gcBound) start(cost int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.running == 0 {
		g.base = g.allowed()
		g.prev = g.setLimit(-1)
	}
	g.running += cost
	g.setLimit(min(g.prev, g.base+g.running))
}

func (g *gcBound) end(cost int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.running -= cost
	if g.running <= 0 {
		g.running = 0
		g.setLimit(g.prev)
		return
	}
	g.setLimit(min(g.prev, g.base+g.running))
}

// allowedMemory is the memory Go would let the process use now without a
// limit: what it holds (but the heap's) and the heap's goal (twice what
// the last collection found live), or what it holds if that is more.
func allowedMemory() int64 {
	s := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/unused:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
		{Name: "/gc/heap/goal:bytes"},
	}
	metrics.Read(s)
	v := func(i int) int64 {
		if s[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return int64(s[i].Value.Uint64())
	}
	held := v(0) - v(1)
	heap := v(2) + v(3) + v(4)
	return max(held, held-heap+v(5))
}

func shrink(data []byte, maxSide int) ([]byte, error) {
	src, format, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPictureBroken, err)
	}
	orient := 1
	if format == "jpeg" {
		orient = exifOrientation(data)
	}
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	if orient >= 5 { // turned a quarter: the sides swap
		w, h = h, w
	}
	if w > maxSide || h > maxSide {
		if w >= h {
			w, h = maxSide, max(1, h*maxSide/w)
		} else {
			w, h = max(1, w*maxSide/h), maxSide
		}
	}
	// Scale in the stored orientation, then turn.
	sw, sh := w, h
	if orient >= 5 {
		sw, sh = h, w
	}
	scaled := image.NewRGBA(image.Rect(0, 0, sw, sh))
	draw.Draw(scaled, scaled.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	// A box filter first brings a large picture within twice the size
	// (reduce), then a bilinear step to the size. draw.BiLinear alone
	// would hold a float64 copy of the scaled width times the source's
	// height: 260 MB for a 40-megapixel photo.
	var from image.Image = src
	if k := min(b.Dx()/sw, b.Dy()/sh); k >= 2 {
		from = reduce(src, k)
	}
	draw.ApproxBiLinear.Scale(scaled, scaled.Bounds(), from, from.Bounds(), draw.Over, nil)
	out := orientImage(scaled, orient)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, out, &jpeg.Options{Quality: 85}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// reduce shrinks m by the whole factor k, each k×k block of pixels
// averaged (a box filter), reading m one row at a time: it holds the
// result, one row and one row of sums.
func reduce(m image.Image, k int) *image.RGBA {
	k = min(k, 4096) // k²·255 stays within a uint32
	b := m.Bounds()
	w, h := b.Dx()/k, b.Dy()/k
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	row := image.NewRGBA(image.Rect(0, 0, b.Dx(), 1))
	sums := make([]uint32, 4*w)
	n := uint32(k * k)
	for oy := range h {
		clear(sums)
		for dy := range k {
			draw.Draw(row, row.Bounds(), m, image.Point{X: b.Min.X, Y: b.Min.Y + oy*k + dy}, draw.Src)
			for ox := range w {
				s := sums[4*ox : 4*ox+4]
				for p := range slices.Chunk(row.Pix[4*ox*k:4*(ox+1)*k], 4) {
					s[0] += uint32(p[0])
					s[1] += uint32(p[1])
					s[2] += uint32(p[2])
					s[3] += uint32(p[3])
				}
			}
		}
		line := out.Pix[oy*out.Stride : oy*out.Stride+4*w]
		for i, v := range sums {
			line[i] = uint8(v / n)
		}
	}
	return out
}

// orientImage turns m as EXIF orientation o asks (1: as stored).
func orientImage(m *image.RGBA, o int) image.Image {
	if o < 2 || o > 8 {
		return m
	}
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range h {
		for x := range w {
			var dx, dy int
			switch o {
			case 2: // mirrored
				dx, dy = w-1-x, y
			case 3: // upside down
				dx, dy = w-1-x, h-1-y
			case 4: // mirrored upside down
				dx, dy = x, h-1-y
			case 5: // mirrored, turned
				dx, dy = y, x
			case 6: // turned clockwise to stand
				dx, dy = h-1-y, x
			case 7:
				dx, dy = h-1-y, w-1-x
			case 8: // turned anticlockwise to stand
				dx, dy = y, w-1-x
			}
			i, j := m.PixOffset(x, y), dst.PixOffset(dx, dy)
			copy(dst.Pix[j:j+4], m.Pix[i:i+4])
		}
	}
	return dst
}

// progressiveCost is what image/jpeg holds besides the picture to decode
// a progressive JPEG: every 8×8 block's coefficients, as int32 (256 bytes
// a block), for the whole picture — 4 bytes a sample of each component,
// 6 a pixel for a usual 4:2:0 JPEG, 12 for 4:4:4, where the picture itself
// takes 1.5 to 3. 0 for a baseline JPEG, decoded block by block.
func progressiveCost(data []byte) int64 {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 0
	}
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xFF {
			return 0
		}
		marker := data[i+1]
		if marker == 0xFF { // fill byte
			i++
			continue
		}
		if marker == 0xDA || marker == 0xD9 || marker == 0xC0 || marker == 0xC1 {
			return 0 // the picture's data, or a baseline frame
		}
		n := int(data[i+2])<<8 | int(data[i+3])
		if n < 2 || i+2+n > len(data) {
			return 0
		}
		if marker != 0xC2 {
			i += 2 + n
			continue
		}
		seg := data[i+4 : i+2+n] // precision, height, width, components
		if len(seg) < 6 || len(seg) < 6+3*int(seg[5]) {
			return 0
		}
		h, w := int64(seg[1])<<8|int64(seg[2]), int64(seg[3])<<8|int64(seg[4])
		var hmax, vmax, sum int64 = 1, 1, 0
		for c := range int(seg[5]) {
			hv := seg[6+3*c+1]
			ch, cv := max(int64(hv>>4), 1), max(int64(hv&15), 1)
			hmax, vmax, sum = max(hmax, ch), max(vmax, cv), sum+ch*cv
		}
		mcus := (w + 8*hmax - 1) / (8 * hmax) * ((h + 8*vmax - 1) / (8 * vmax))
		return mcus * sum * 256
	}
	return 0
}

// exifOrientation reads the Orientation tag (0x0112) of a JPEG's EXIF
// block: 1 (as stored) when there is none or it does not parse.
func exifOrientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 1
	}
	i := 2
	for i+4 <= len(data) {
		if data[i] != 0xFF {
			return 1
		}
		marker := data[i+1]
		if marker == 0xDA || marker == 0xD9 { // the picture's data: no EXIF before it
			return 1
		}
		n := int(data[i+2])<<8 | int(data[i+3])
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) >= 14 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var u16 func([]byte) int
	var u32 func([]byte) int
	switch string(t[:2]) {
	case "II":
		u16 = func(b []byte) int { return int(b[0]) | int(b[1])<<8 }
		u32 = func(b []byte) int { return int(b[0]) | int(b[1])<<8 | int(b[2])<<16 | int(b[3])<<24 }
	case "MM":
		u16 = func(b []byte) int { return int(b[1]) | int(b[0])<<8 }
		u32 = func(b []byte) int { return int(b[3]) | int(b[2])<<8 | int(b[1])<<16 | int(b[0])<<24 }
	default:
		return 1
	}
	off := u32(t[4:8])
	if off < 8 || off+2 > len(t) {
		return 1
	}
	count := u16(t[off:])
	for k := range count {
		e := off + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		if u16(t[e:]) == 0x0112 {
			if o := u16(t[e+8:]); o >= 1 && o <= 8 {
				return o
			}
			return 1
		}
	}
	return 1
}
