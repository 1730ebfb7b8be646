package main

import (
	"image"
	"image/color"
	"math"
	"sort"
)

// ss is the supersampling factor: scenes are drawn ss times larger and
// averaged down, which anti-aliases every edge for free.
const ss = 2

// rgb is a colour with components in 0..255.
type rgb struct{ r, g, b float64 }

func c(r, g, b float64) rgb { return rgb{r, g, b} }

// mix blends a toward b by t (0..1).
func mix(a, b rgb, t float64) rgb {
	return rgb{a.r + (b.r-a.r)*t, a.g + (b.g-a.g)*t, a.b + (b.b-a.b)*t}
}

// shade darkens (f < 1) or lightens (f > 1) a colour.
func (a rgb) shade(f float64) rgb {
	if f <= 1 {
		return rgb{a.r * f, a.g * f, a.b * f}
	}
	return mix(a, c(255, 255, 255), f-1)
}

type pt struct{ x, y float64 }

// canvas is an RGB drawing surface. Coordinates given to its methods are in
// output pixels; the canvas itself is ss times larger.
type canvas struct {
	w, h int // output size
	W, H int // internal size
	pix  []float32
}

func newCanvas(w, h int) *canvas {
	return &canvas{w: w, h: h, W: w * ss, H: h * ss, pix: make([]float32, w*ss*h*ss*3)}
}

// span blends colour col with opacity a over internal row y, columns [x0,x1).
func (cv *canvas) span(y, x0, x1 int, col rgb, a float64) {
	if y < 0 || y >= cv.H {
		return
	}
	x0 = max(x0, 0)
	x1 = min(x1, cv.W)
	r, g, b, af := float32(col.r), float32(col.g), float32(col.b), float32(a)
	row := cv.pix[y*cv.W*3:]
	for x := x0; x < x1; x++ {
		p := row[x*3 : x*3+3]
		if a >= 1 {
			p[0], p[1], p[2] = r, g, b
			continue
		}
		p[0] += (r - p[0]) * af
		p[1] += (g - p[1]) * af
		p[2] += (b - p[2]) * af
	}
}

// poly fills a polygon (even-odd rule) with colour col at opacity a.
func (cv *canvas) poly(pts []pt, col rgb, a float64) {
	cv.polys([][]pt{pts}, col, a)
}

// polys fills several closed contours as one shape (even-odd rule), so an
// inner contour cuts a hole in an outer one.
func (cv *canvas) polys(contours [][]pt, col rgb, a float64) {
	minY, maxY := math.Inf(1), math.Inf(-1)
	n := 0
	for _, pts := range contours {
		if len(pts) < 3 {
			continue
		}
		n++
		for _, p := range pts {
			minY = math.Min(minY, p.y)
			maxY = math.Max(maxY, p.y)
		}
	}
	if n == 0 {
		return
	}
	y0 := max(int(math.Floor(minY*ss)), 0)
	y1 := min(int(math.Ceil(maxY*ss)), cv.H-1)
	xs := make([]float64, 0, 8)
	for y := y0; y <= y1; y++ {
		fy := (float64(y) + 0.5) / ss
		xs = xs[:0]
		for _, pts := range contours {
			if len(pts) < 3 {
				continue
			}
			for i := range pts {
				p, q := pts[i], pts[(i+1)%len(pts)]
				if (p.y <= fy && q.y > fy) || (q.y <= fy && p.y > fy) {
					xs = append(xs, p.x+(fy-p.y)*(q.x-p.x)/(q.y-p.y))
				}
			}
		}
		sort.Float64s(xs)
		for i := 0; i+1 < len(xs); i += 2 {
			x0 := int(math.Round(xs[i] * ss))
			x1 := int(math.Round(xs[i+1] * ss))
			cv.span(y, x0, x1, col, a)
		}
	}
}

func (cv *canvas) rect(x0, y0, x1, y1 float64, col rgb) {
	cv.rectA(x0, y0, x1, y1, col, 1)
}

func (cv *canvas) rectA(x0, y0, x1, y1 float64, col rgb, a float64) {
	cv.poly([]pt{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, col, a)
}

// vgrad fills a rectangle with a vertical gradient from top to bottom.
func (cv *canvas) vgrad(x0, y0, x1, y1 float64, top, bottom rgb) {
	iy0 := max(int(y0*ss), 0)
	iy1 := min(int(y1*ss), cv.H)
	for y := iy0; y < iy1; y++ {
		t := (float64(y) - y0*ss) / math.Max(1, (y1-y0)*ss)
		cv.span(y, int(x0*ss), int(x1*ss), mix(top, bottom, t), 1)
	}
}

// hgrad fills a rectangle with a horizontal gradient from left to right.
func (cv *canvas) hgrad(x0, y0, x1, y1 float64, left, right rgb, a float64) {
	ix0 := max(int(x0*ss), 0)
	ix1 := min(int(x1*ss), cv.W)
	for x := ix0; x < ix1; x++ {
		t := (float64(x) - x0*ss) / math.Max(1, (x1-x0)*ss)
		col := mix(left, right, t)
		for y := max(int(y0*ss), 0); y < min(int(y1*ss), cv.H); y++ {
			cv.span(y, x, x+1, col, a)
		}
	}
}

func ellipsePts(cx, cy, rx, ry float64) []pt {
	n := 48
	pts := make([]pt, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts[i] = pt{cx + rx*math.Cos(a), cy + ry*math.Sin(a)}
	}
	return pts
}

func (cv *canvas) ellipse(cx, cy, rx, ry float64, col rgb, a float64) {
	cv.poly(ellipsePts(cx, cy, rx, ry), col, a)
}

// roundRect fills a rectangle with rounded corners of radius r.
func (cv *canvas) roundRect(x0, y0, x1, y1, r float64, col rgb) {
	r = math.Min(r, math.Min((x1-x0)/2, (y1-y0)/2))
	var pts []pt
	corner := func(cx, cy, start float64) {
		for i := 0; i <= 6; i++ {
			a := start + math.Pi/2*float64(i)/6
			pts = append(pts, pt{cx + r*math.Cos(a), cy + r*math.Sin(a)})
		}
	}
	corner(x1-r, y1-r, 0)
	corner(x0+r, y1-r, math.Pi/2)
	corner(x0+r, y0+r, math.Pi)
	corner(x1-r, y0+r, 3*math.Pi/2)
	cv.poly(pts, col, 1)
}

// line draws a straight segment of the given width.
func (cv *canvas) line(a, b pt, width float64, col rgb, alpha float64) {
	dx, dy := b.x-a.x, b.y-a.y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*width/2, dx/l*width/2
	cv.poly([]pt{{a.x + nx, a.y + ny}, {b.x + nx, b.y + ny}, {b.x - nx, b.y - ny}, {a.x - nx, a.y - ny}}, col, alpha)
}

// image averages the supersampled canvas down to the output size.
func (cv *canvas) image() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, cv.w, cv.h))
	for y := 0; y < cv.h; y++ {
		for x := 0; x < cv.w; x++ {
			var s [3]float32
			for dy := 0; dy < ss; dy++ {
				for dx := 0; dx < ss; dx++ {
					i := ((y*ss+dy)*cv.W + x*ss + dx) * 3
					s[0] += cv.pix[i]
					s[1] += cv.pix[i+1]
					s[2] += cv.pix[i+2]
				}
			}
			n := float32(ss * ss)
			img.SetRGBA(x, y, color.RGBA{clamp8(s[0] / n), clamp8(s[1] / n), clamp8(s[2] / n), 255})
		}
	}
	return img
}

func clamp8(v float32) uint8 {
	if v < 0 {
		return 0
	}
	if v > 255 {
		return 255
	}
	return uint8(v + 0.5)
}
