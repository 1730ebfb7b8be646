package main

import (
	"bytes"
	"image"
	"image/png"
	"math"
)

// The agency logo (site.json: agency.logo), in output pixels.
const (
	logoW = 360
	logoH = 96
	logoK = 4 // extra supersampling on top of ss: logo edges must be smooth
)

var (
	logoBlue  = c(0x1d, 0x4e, 0x89)
	logoLight = c(0x3f, 0x7c, 0xc0)
)

// logoPNG draws the logo: a house pictogram and the wordmark "Immo Arlon",
// on a transparent background.
func logoPNG() ([]byte, error) {
	l := newLayer(logoW, logoH, logoK)
	drawLogo(l)
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, l.image()); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// layer paints opaque shapes twice: in colour over black and in white over
// black. The first is the premultiplied colour and the second the coverage
// of a transparent picture. Coordinates are output pixels; the canvases are
// k times larger (and ss times more inside).
type layer struct {
	w, h, k   int
	col, mask *canvas
}

func newLayer(w, h, k int) *layer {
	return &layer{w: w, h: h, k: k, col: newCanvas(w*k, h*k), mask: newCanvas(w*k, h*k)}
}

func (l *layer) scaled(contours [][]pt) [][]pt {
	out := make([][]pt, len(contours))
	k := float64(l.k)
	for i, ps := range contours {
		out[i] = make([]pt, len(ps))
		for j, p := range ps {
			out[i][j] = pt{p.x * k, p.y * k}
		}
	}
	return out
}

// fill paints a shape (even-odd over all its contours) in colour col.
func (l *layer) fill(col rgb, contours ...[]pt) {
	s := l.scaled(contours)
	l.col.polys(s, col, 1)
	l.mask.polys(s, c(255, 255, 255), 1)
}

// cut makes a shape transparent again.
func (l *layer) cut(contours ...[]pt) {
	s := l.scaled(contours)
	l.col.polys(s, c(0, 0, 0), 1)
	l.mask.polys(s, c(0, 0, 0), 1)
}

// image averages both canvases down to a premultiplied RGBA picture.
func (l *layer) image() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, l.w, l.h))
	f := l.k * ss
	W := l.col.W
	n := float32(f * f)
	for y := 0; y < l.h; y++ {
		for x := 0; x < l.w; x++ {
			var s [4]float32
			for dy := 0; dy < f; dy++ {
				row := ((y*f+dy)*W + x*f) * 3
				for dx := 0; dx < f; dx++ {
					i := row + dx*3
					s[0] += l.col.pix[i]
					s[1] += l.col.pix[i+1]
					s[2] += l.col.pix[i+2]
					s[3] += l.mask.pix[i]
				}
			}
			a := clamp8(s[3] / n)
			o := img.PixOffset(x, y)
			img.Pix[o+3] = a
			for ch := range 3 {
				img.Pix[o+ch] = min(clamp8(s[ch]/n), a)
			}
		}
	}
	return img
}

// arc returns points on an ellipse from angle a0 to a1 (radians, y down).
func arc(cx, cy, rx, ry, a0, a1 float64, n int) []pt {
	pts := make([]pt, 0, n+1)
	for i := 0; i <= n; i++ {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		pts = append(pts, pt{cx + rx*math.Cos(a), cy + ry*math.Sin(a)})
	}
	return pts
}

func rectPts(x0, y0, x1, y1 float64) []pt {
	return []pt{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
}

func drawLogo(l *layer) {
	drawPictogram(l, 4, 6, 84)
	wordmark(l, 104, 352, 68)
}

// drawPictogram draws the house: a roof chevron with a chimney over a body
// with a door and a round gable window cut out. The pictogram is size
// pixels wide and high, its top left corner at (x, y).
func drawPictogram(l *layer, x, y, size float64) {
	u := size / 84 // the design grid is 84 units
	p := func(px, py float64) pt { return pt{x + px*u, y + py*u} }
	const t = 14.0 // vertical thickness of the roof stroke
	// roof line: from (0,40) up to the apex (42,0) and down to (84,40)
	slope := 40.0 / 42.0
	roofY := func(px float64) float64 { return math.Abs(px-42) * slope }
	// Chimney standing on the right slope.
	l.fill(logoBlue, []pt{p(61, 6), p(71, 6), p(71, roofY(71)+1), p(61, roofY(61)+1)})
	l.fill(logoBlue, []pt{p(0, 40), p(42, 0), p(84, 40), p(84, 40+t), p(42, t), p(0, 40+t)})
	// Body: a pentagon parallel to the roof, a gap below it.
	const gap = 7.0
	bx0, bx1 := 14.0, 70.0
	top := func(px float64) float64 { return roofY(px) + t + gap }
	l.fill(logoBlue, []pt{p(bx0, top(bx0)), p(42, top(42)), p(bx1, top(bx1)), p(bx1, 84), p(bx0, 84)})
	// Door with a rounded head, and a round window in the gable.
	door := []pt{p(49, 84), p(35, 84)}
	door = append(door, func() []pt {
		ps := arc(42, 66, 7, 7, math.Pi, 2*math.Pi, 24)
		for i := range ps {
			ps[i] = p(ps[i].x, ps[i].y)
		}
		return ps
	}()...)
	l.cut(door)
	win := ellipsePts(42, 43, 5.5, 5.5)
	for i := range win {
		win[i] = p(win[i].x, win[i].y)
	}
	l.cut(win)
}

// The wordmark's tiny geometric alphabet, in units at scale 1.
const (
	fStem  = 8.0  // stroke width
	fXH    = 30.0 // x-height
	fCap   = 42.0 // capital height
	fAsc   = 44.0 // ascender height
	fTrack = 3.5  // space between letters
	fSpace = 13.0 // extra space between words
)

// shape is a list of contours filled together with the even-odd rule:
// inner contours are holes. Shapes of one letter overlap and are painted
// one by one, so they add up.
type shape [][]pt

// glyph returns the shapes of one letter with its left edge at x and
// baseline at y (scale s), and its advance width.
func glyph(ch rune, x, y, s float64) ([]shape, float64) {
	P := func(px, py float64) pt { return pt{x + px*s, y - py*s} }
	box := func(x0, y0, x1, y1 float64) []pt { // units, y up
		return []pt{P(x0, y0), P(x1, y0), P(x1, y1), P(x0, y1)}
	}
	// archPts is the upper half of an elliptic ring of outer width w whose
	// left edge is at ax (units), topped at the x-height; a1 ends it early.
	archPts := func(ax, w, a1 float64) []pt {
		rx, ry := w/2, 13.0
		cx, cy := ax+rx, fXH-ry+0.6
		var pts []pt
		for _, q := range arc(cx, cy, rx, ry, math.Pi, a1, 32) {
			pts = append(pts, P(q.x, 2*cy-q.y)) // mirror: y is up in units
		}
		inner := arc(cx, cy, rx-fStem, ry-fStem*0.92, a1, math.Pi, 32)
		for _, q := range inner {
			pts = append(pts, P(q.x, 2*cy-q.y))
		}
		return pts
	}
	switch ch {
	case 'I':
		return []shape{{box(0, 0, fStem, fCap)}}, fStem * s
	case 'l':
		return []shape{{box(0, 0, fStem, fAsc)}}, fStem * s
	case 'o':
		const w = 31.0
		outer := ellipsePts(w/2, fXH/2, w/2, fXH/2+0.8)
		inner := ellipsePts(w/2, fXH/2, w/2-fStem*1.02, fXH/2+0.8-fStem*0.9)
		for i := range outer {
			outer[i] = P(outer[i].x, outer[i].y)
			inner[i] = P(inner[i].x, inner[i].y)
		}
		return []shape{{outer, inner}}, w * s
	case 'n':
		const w = 26.0
		cy := fXH - 13 + 0.6
		return []shape{{box(0, 0, fStem, fXH)}, {archPts(0, w, 2*math.Pi)}, {box(w-fStem, 0, w, cy)}}, w * s
	case 'm':
		const w = 42.0
		half := (w + fStem) / 2
		cy := fXH - 13 + 0.6
		return []shape{
			{box(0, 0, fStem, fXH)},
			{archPts(0, half, 2*math.Pi)}, {box(half-fStem, 0, half, cy)},
			{archPts(w-half, half, 2*math.Pi)}, {box(w-fStem, 0, w, cy)},
		}, w * s
	case 'r':
		const w = 26.0
		return []shape{{box(0, 0, fStem, fXH)}, {archPts(0, w, 1.64*math.Pi)}}, 17.5 * s
	case 'A':
		const w, ta = 36.0, 4.5
		h := fStem * 1.1 // horizontal thickness of a leg
		left := func(py float64) float64 { return (w/2 - ta) * py / fCap }
		right := func(py float64) float64 { return w - left(py) }
		// The inner edges meet where the outer width is 2h.
		apex := fCap * (w - 2*h) / (w - 2*ta)
		barB, barT := 8.5, 8.5+fStem*0.85
		return []shape{{
			{P(0, 0), P(left(fCap), fCap), P(right(fCap), fCap), P(w, 0)},
			{P(left(barT)+h, barT), P(w/2, apex), P(right(barT)-h, barT)},
			{P(left(barB)+h, barB), P(right(barB)-h, barB), P(right(0)-h, 0), P(left(0)+h, 0)},
		}}, w * s
	case ' ':
		return nil, (fSpace - fTrack) * s
	}
	panic("wordmark: no glyph for " + string(ch))
}

// wordmark sets "Immo Arlon" between x0 and x1 on baseline y: "Immo" in
// the deep blue, "Arlon" a shade lighter.
func wordmark(l *layer, x0, x1, y float64) {
	text := []rune("Immo Arlon")
	width := 0.0
	for i, ch := range text {
		_, adv := glyph(ch, 0, 0, 1)
		width += adv
		if i < len(text)-1 {
			width += fTrack
		}
	}
	s := (x1 - x0) / width
	x := x0
	col := logoBlue
	for _, ch := range text {
		if ch == ' ' {
			col = logoLight
		}
		shapes, adv := glyph(ch, x, y, s)
		for _, sh := range shapes {
			l.fill(col, sh...)
		}
		x += adv + fTrack*s
	}
}
