package main

import (
	"bytes"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"sort"
)

// The home page banner (site.json: banner.image.url), in output pixels.
const (
	bannerW = 1920
	bannerH = 800
)

// bannerJPEG draws the banner: a calm row of town houses along a street,
// with street trees and a soft sky. The hero text is laid over its upper
// left, so that part holds only sky.
func bannerJPEG() ([]byte, error) {
	r := rand.New(rand.NewPCG(6700, 1002))
	cv := newCanvas(bannerW, bannerH)
	drawBanner(cv, r)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, cv.image(), &jpeg.Options{Quality: 80}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// plasters are the façade colours of the Grand-Rue.
var plasters = []rgb{
	c(238, 230, 212), c(226, 206, 164), c(208, 218, 222), c(234, 212, 194),
	c(192, 118, 92), c(244, 240, 232), c(212, 198, 172), c(224, 192, 150),
	c(196, 208, 198),
}

func drawBanner(cv *canvas, r *rand.Rand) {
	const W, H = float64(bannerW), float64(bannerH)
	const base = 652.0 // foot of the façades
	sk := sky{c(88, 142, 206), c(214, 228, 240), true}

	cv.vgrad(0, 0, W, 600, sk.top, sk.bottom)
	// A soft glow of the sun, out of the picture at the top right.
	for i := 48; i > 0; i-- {
		rad := 60 + float64(i)*13
		cv.ellipse(1830, -40, rad, rad, c(255, 247, 224), 0.012)
	}
	// Clouds stay right of the text.
	softCloud(cv, r, 1230, 140, 1.05)
	softCloud(cv, r, 1660, 250, 0.8)
	softCloud(cv, r, 930, 300, 0.6)

	// The spire of a church, hazy in the distance over the roofs.
	churchTower(cv, 1730, 566, mix(sk.bottom, c(120, 128, 140), 0.42))

	// The row of houses: lower on the left, under the hero text.
	x := -34.0
	prev := -1
	for x < W {
		w := rf(r, 226, 300)
		storeys := 3
		if x < 560 || r.IntN(4) == 0 {
			storeys = 2
		}
		k := r.IntN(len(plasters))
		if k == prev {
			k = (k + 1) % len(plasters)
		}
		prev = k
		townhouse(cv, r, sk, x, x+w, base, storeys, plasters[k])
		x += w
	}

	// Pavement, kerb and road.
	cv.vgrad(0, base, W, base+54, c(198, 194, 186), c(182, 178, 170))
	cv.line(pt{0, base + 27}, pt{W, base + 27}, 1.2, c(150, 146, 140), 0.35)
	for x := 30.0; x < W; x += 66 {
		cv.line(pt{x, base}, pt{x - 6, base + 54}, 1.2, c(150, 146, 140), 0.35)
	}
	cv.rect(0, base+54, W, base+62, c(216, 214, 208))
	cv.rect(0, base+62, W, base+66, c(122, 122, 120))
	cv.vgrad(0, base+66, W, H, c(106, 108, 112), c(82, 84, 88))
	cv.rectA(0, base+66, W, base+74, c(0, 0, 0), 0.12)
	for x := 60.0; x < W; x += 200 {
		cv.rect(x, H-38, x+100, H-31, c(226, 226, 220))
	}

	// Street trees and lamps on the pavement.
	for _, lx := range []float64{640, 1660} {
		streetLamp(cv, lx, base+40)
	}
	for _, tx := range []float64{380, 900, 1400, 1890} {
		streetTree(cv, r, tx+rf(r, -20, 20), base+34, rf(r, 200, 230))
	}
}

// softCloud draws a fair-weather cloud of layered translucent puffs.
func softCloud(cv *canvas, r *rand.Rand, x, y, scale float64) {
	type puff struct{ dx, dy, rx float64 }
	n := 10 + r.IntN(5)
	ps := make([]puff, n)
	for i := range ps {
		dx := rf(r, -1, 1) * 190 * scale
		dome := 1 - math.Abs(dx)/(220*scale)
		ps[i] = puff{dx, -rf(r, 0, 46) * scale * dome, rf(r, 46, 86) * scale * (0.6 + 0.5*dome)}
	}
	for _, p := range ps { // grey-blue underside
		cv.ellipse(x+p.dx, y+p.dy+10*scale, p.rx*1.05, p.rx*0.4, c(190, 204, 222), 0.2)
	}
	for k, a := range []float64{0.08, 0.12, 0.18, 0.26, 0.45} {
		grow := 1 + 0.06*float64(4-k)
		for _, p := range ps {
			cv.ellipse(x+p.dx, y+p.dy, p.rx*grow, p.rx*0.46*grow, c(252, 252, 253), a)
		}
	}
	for _, p := range ps[:n/2] { // sunlit tops
		cv.ellipse(x+p.dx+p.rx*0.15, y+p.dy-p.rx*0.12, p.rx*0.6, p.rx*0.25, c(255, 255, 255), 0.35)
	}
}

// churchTower is a hazy silhouette of a church with a tall spire.
func churchTower(cv *canvas, x, ground float64, col rgb) {
	cv.rect(x-150, ground-120, x+110, ground, col.shade(1.04))
	cv.poly([]pt{{x - 158, ground - 118}, {x - 20, ground - 178}, {x + 118, ground - 118}}, col.shade(1.02), 1)
	cv.rect(x-30, ground-280, x+30, ground, col)
	cv.rect(x-36, ground-288, x+36, ground-278, col.shade(0.96))
	cv.poly([]pt{{x - 31, ground - 286}, {x, ground - 420}, {x + 31, ground - 286}}, col.shade(0.97), 1)
	for _, dx := range []float64{-30, 30} {
		cv.poly([]pt{{x + dx - 7, ground - 286}, {x + dx, ground - 318}, {x + dx + 7, ground - 286}}, col.shade(0.97), 1)
	}
	for _, dy := range []float64{-250, -190} {
		cv.rect(x-12, ground+dy, x-4, ground+dy+34, col.shade(0.9))
		cv.rect(x+4, ground+dy, x+12, ground+dy+34, col.shade(0.9))
	}
}

// townhouse draws one terraced house between x0 and x1.
func townhouse(cv *canvas, r *rand.Rand, sk sky, x0, x1, base float64, storeys int, wall rgb) {
	w := x1 - x0
	gh, fh := rf(r, 100, 110), rf(r, 84, 92)
	top := base - gh - float64(storeys-1)*fh - 24
	roof := pick(r, []rgb{c(72, 78, 90), c(62, 66, 74), c(86, 88, 94), c(150, 76, 58)})
	frame := pick(r, []rgb{c(246, 246, 242), c(246, 246, 242), c(72, 76, 82), c(236, 230, 218)})
	stone := mix(wall, c(170, 164, 150), 0.5)

	switch style := r.IntN(3); style {
	case 0, 2: // slate roof with dormers; 2 is a steeper mansard
		rh := rf(r, 58, 78)
		in := w * 0.03
		if style == 2 {
			rh, in = rf(r, 46, 56), w*0.09
		}
		chx := x0 + w*rf(r, 0.15, 0.85)
		cv.rect(chx-11, top-rh-28, chx+11, top-rh+8, c(150, 86, 66))
		cv.rect(chx-14, top-rh-32, chx+14, top-rh-26, c(90, 90, 92))
		pts := []pt{{x0 - 2, top + 2}, {x1 + 2, top + 2}, {x1 - in, top - rh}, {x0 + in, top - rh}}
		cv.poly(pts, roof, 1)
		cv.rectA(x0, top-rh, x1, top-rh*0.55, c(255, 255, 255), 0.06)
		for y := top - rh + 9; y < top; y += 9 {
			if a, b, ok := polyXRange(pts, y); ok {
				cv.line(pt{a + 2, y}, pt{b - 2, y}, 1.3, roof.shade(0.8), 0.5)
			}
		}
		nd := 1 + r.IntN(2)
		for i := range nd {
			dx := x0 + w*(float64(i)+0.5)/float64(nd)
			dy0, dy1 := top-rh+12, top-4
			cv.rect(dx-25, dy0, dx+25, dy1, wall.shade(1.05))
			cv.poly([]pt{{dx - 31, dy0 + 2}, {dx, dy0 - 18}, {dx + 31, dy0 + 2}}, roof.shade(0.88), 1)
			window(cv, dx-16, dy0+6, dx+16, dy1-8, frame, sk, false)
		}
	default: // gable on the street
		gh2 := rf(r, 78, 104)
		mx := (x0 + x1) / 2
		cv.poly([]pt{{x0 - 4, top + 2}, {mx, top - gh2 - 10}, {x1 + 4, top + 2}}, roof, 1)
		cv.poly([]pt{{x0 + 6, top + 2}, {mx, top - gh2}, {x1 - 6, top + 2}}, wall, 1)
		cv.ellipse(mx, top-gh2*0.42, 15, 15, frame, 1)
		cv.ellipse(mx, top-gh2*0.42, 11, 11, mix(sk.top, c(30, 40, 55), 0.45), 1)
	}

	cv.rect(x0, top, x1, base, wall)
	// Cornice with its shadow, and a band above the ground floor.
	cv.rect(x0, top, x1, top+10, wall.shade(1.12))
	cv.rectA(x0, top+10, x1, top+15, c(0, 0, 0), 0.16)
	cv.rect(x0, base-gh-7, x1, base-gh, wall.shade(0.9))
	// Party wall shadow and a touch of shade on the right.
	cv.rectA(x0, top, x0+3, base, c(0, 0, 0), 0.2)
	cv.rectA(x1-w*0.05, top, x1, base, c(0, 0, 0), 0.04)

	cols := 2
	if w > 250 {
		cols = 3
	}
	cell := w / float64(cols)
	ww := math.Min(cell*0.48, 52)
	shutters := r.IntN(4) == 0
	shutter := pick(r, []rgb{c(70, 104, 86), c(74, 94, 124), c(126, 124, 118)})
	balcony := r.IntN(3) == 0
	for f := 1; f < storeys; f++ {
		y0 := base - gh - float64(f)*fh + fh*0.16
		wh := fh * 0.64
		if f == storeys-1 && storeys > 2 {
			wh = fh * 0.56
		}
		for i := range cols {
			mx := x0 + cell*(float64(i)+0.5)
			if shutters {
				cv.rect(mx-ww/2-ww*0.36, y0, mx-ww/2, y0+wh, shutter)
				cv.rect(mx+ww/2, y0, mx+ww/2+ww*0.36, y0+wh, shutter)
			}
			cv.rect(mx-ww/2-5, y0-9, mx+ww/2+5, y0-2, stone.shade(1.08))
			window(cv, mx-ww/2, y0, mx+ww/2, y0+wh, frame, sk, true)
			if balcony && f == 1 {
				ry := y0 + wh
				cv.rect(mx-ww/2-8, ry, mx+ww/2+8, ry+5, stone)
				cv.line(pt{mx - ww/2 - 6, ry - 22}, pt{mx + ww/2 + 6, ry - 22}, 2.5, c(40, 42, 46), 1)
				for bx := mx - ww/2 - 4; bx <= mx+ww/2+4; bx += 6 {
					cv.line(pt{bx, ry - 22}, pt{bx, ry}, 1.4, c(40, 42, 46), 1)
				}
			}
		}
	}

	// Ground floor: a shop or a front door with windows.
	gy := base - gh
	if r.IntN(3) == 0 {
		brand := pick(r, []rgb{c(30, 62, 104), c(122, 34, 44), c(34, 92, 74), c(52, 52, 56), c(176, 120, 40)})
		cv.rect(x0+8, gy+8, x1-8, gy+30, brand)
		for lx := x0 + w*0.28; lx < x1-w*0.28; lx += 14 {
			cv.rect(lx, gy+15, lx+9, gy+23, c(244, 240, 230))
		}
		cv.rect(x0+8, gy+30, x1-8, base-4, c(46, 48, 52))
		glass := mix(sk.bottom, c(30, 40, 52), 0.55)
		dw := 40.0
		dx := x0 + w*0.72
		cv.vgrad(x0+16, gy+38, dx-8, base-18, glass.shade(1.25), glass)
		cv.vgrad(dx, gy+38, dx+dw, base-4, glass.shade(1.3), glass.shade(1.05))
		cv.vgrad(dx+dw+8, gy+38, x1-16, base-18, glass.shade(1.25), glass)
		cv.poly([]pt{{x0 + 30, base - 18}, {x0 + 80, gy + 38}, {x0 + 110, gy + 38}, {x0 + 60, base - 18}}, c(255, 255, 255), 0.1)
		if r.IntN(2) == 0 { // striped awning
			stripes := []rgb{brand, c(244, 240, 232)}
			n := int(w / 22)
			for i := range n {
				ax := x0 + 8 + (w-16)*float64(i)/float64(n)
				bx := x0 + 8 + (w-16)*float64(i+1)/float64(n)
				cv.poly([]pt{{ax, gy + 30}, {bx, gy + 30}, {bx - 3, gy + 60}, {ax - 3, gy + 60}}, stripes[i%2], 1)
			}
			cv.rectA(x0+8, gy+60, x1-8, gy+68, c(0, 0, 0), 0.12)
		}
	} else {
		door := r.IntN(cols)
		for i := range cols {
			mx := x0 + cell*(float64(i)+0.5)
			if i == door {
				dw := math.Min(ww+6, 54)
				cv.rect(mx-dw/2-8, gy+10, mx+dw/2+8, base, stone)
				cv.rect(mx-dw/2, gy+18, mx+dw/2, base-6, mix(sk.bottom, c(40, 50, 60), 0.4))
				cv.rect(mx-dw/2, gy+40, mx+dw/2, base-6, pick(r, doorColours))
				cv.line(pt{mx, gy + 40}, pt{mx, base - 6}, 1.5, c(0, 0, 0), 0.3)
				cv.rect(mx-dw/2-12, base-8, mx+dw/2+12, base, stone.shade(0.9))
				continue
			}
			cv.rect(mx-ww/2-5, gy+12, mx+ww/2+5, gy+19, stone.shade(1.08))
			window(cv, mx-ww/2, gy+20, mx+ww/2, base-26, frame, sk, true)
		}
	}
	cv.rect(x0, base-16, x1, base, stone.shade(0.86))
}

// streetTree is a round-headed tree lit from the upper right.
func streetTree(cv *canvas, r *rand.Rand, x, ground, size float64) {
	cv.ellipse(x-size*0.1, ground+6, size*0.5, size*0.07, c(0, 0, 0), 0.16)
	bark := c(88, 70, 54)
	cv.poly([]pt{{x - size*0.05, ground}, {x - size*0.028, ground - size*0.8}, {x + size*0.028, ground - size*0.8}, {x + size*0.05, ground}}, bark, 1)
	cv.line(pt{x, ground - size*0.5}, pt{x - size*0.2, ground - size*0.9}, size*0.03, bark, 1)
	cv.line(pt{x, ground - size*0.55}, pt{x + size*0.18, ground - size*0.95}, size*0.03, bark, 1)
	cv.rect(x-size*0.1, ground-3, x+size*0.1, ground+3, c(70, 70, 72))

	type blob struct{ x, y, rad, light float64 }
	g := c(82, 126, 62)
	cy := ground - size*1.05
	bs := make([]blob, 22)
	for i := range bs {
		a := rf(r, 0, 2*math.Pi)
		d := math.Sqrt(r.Float64())
		dx, dy := math.Cos(a)*d*size*0.36, math.Sin(a)*d*size*0.27
		bs[i] = blob{x + dx, cy + dy, rf(r, 0.15, 0.24) * size, (dx/size - dy/size) * 1.2}
	}
	sort.Slice(bs, func(i, j int) bool { return bs[i].light < bs[j].light })
	for _, b := range bs {
		cv.ellipse(b.x, b.y, b.rad, b.rad*0.88, g.shade(0.88+b.light*0.5), 1)
	}
	for _, b := range bs[len(bs)-5:] {
		cv.ellipse(b.x+b.rad*0.2, b.y-b.rad*0.25, b.rad*0.5, b.rad*0.4, g.shade(1.18), 0.45)
	}
}

// streetLamp is a cast-iron lamp post with a lantern.
func streetLamp(cv *canvas, x, ground float64) {
	iron := c(44, 48, 52)
	cv.rect(x-3, ground-200, x+3, ground, iron)
	cv.rect(x-7, ground-18, x+7, ground, iron)
	cv.poly([]pt{{x - 13, ground - 226}, {x + 13, ground - 226}, {x + 8, ground - 200}, {x - 8, ground - 200}}, c(236, 232, 214), 1)
	cv.poly([]pt{{x - 16, ground - 226}, {x, ground - 240}, {x + 16, ground - 226}}, iron, 1)
	cv.rect(x-9, ground-202, x+9, ground-198, iron)
}
