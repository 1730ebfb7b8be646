package main

import (
	"math"
	"math/rand/v2"
)

// Picture size, in output pixels.
const (
	picW = 1600
	picH = 1067
)

// rf returns a uniform float in [a, b).
func rf(r *rand.Rand, a, b float64) float64 { return a + r.Float64()*(b-a) }

// pick returns one element of s.
func pick[T any](r *rand.Rand, s []T) T { return s[r.IntN(len(s))] }

type sky struct {
	top, bottom rgb
	sun         bool
}

var skies = []sky{
	{c(58, 112, 190), c(178, 208, 236), true},
	{c(82, 136, 204), c(214, 226, 236), true},
	{c(96, 110, 160), c(246, 196, 150), true}, // evening
	{c(140, 152, 168), c(212, 216, 220), false},
	{c(70, 130, 210), c(196, 222, 244), true},
	{c(110, 150, 200), c(230, 226, 210), true}, // hazy morning
}

var (
	wallColours = []rgb{
		c(236, 232, 222), c(222, 205, 170), c(158, 78, 58), c(150, 146, 138),
		c(206, 176, 112), c(200, 200, 196), c(240, 226, 196), c(176, 98, 70),
	}
	roofColours  = []rgb{c(64, 70, 80), c(50, 52, 58), c(160, 70, 50), c(120, 72, 52), c(88, 84, 82)}
	frameColours = []rgb{c(245, 245, 242), c(58, 62, 68), c(120, 80, 48), c(230, 230, 225)}
	doorColours  = []rgb{c(110, 70, 40), c(50, 55, 60), c(140, 40, 40), c(40, 80, 60), c(40, 70, 110), c(200, 196, 186)}
	greens       = []rgb{c(78, 128, 58), c(96, 142, 64), c(70, 112, 60), c(110, 150, 70)}
)

// outdoor draws sky, sun, clouds, hills and a lawn; it returns the sky used.
func outdoor(cv *canvas, r *rand.Rand, horizon float64, lawn bool) sky {
	s := pick(r, skies)
	cv.vgrad(0, 0, picW, horizon+2, s.top, s.bottom)
	if s.sun {
		sx, sy := rf(r, 150, picW-150), rf(r, 90, horizon*0.45)
		for i := 8; i > 0; i-- {
			rad := 40 + float64(i)*22
			cv.ellipse(sx, sy, rad, rad, c(255, 246, 220), 0.06)
		}
		cv.ellipse(sx, sy, 38, 38, c(255, 250, 232), 1)
	}
	for range 2 + r.IntN(4) {
		cloud(cv, r, rf(r, 0, picW), rf(r, 50, horizon*0.55), rf(r, 0.6, 1.4))
	}
	far := mix(s.bottom, c(90, 120, 110), 0.45)
	hills(cv, r, horizon, rf(r, 40, 90), far)
	ground := pick(r, greens)
	if !lawn {
		ground = c(120, 122, 118)
	}
	hills(cv, r, horizon, rf(r, 15, 40), mix(far, ground, 0.6))
	cv.vgrad(0, horizon, picW, picH, ground.shade(1.12), ground.shade(0.8))
	return s
}

func cloud(cv *canvas, r *rand.Rand, x, y, scale float64) {
	for range 4 + r.IntN(4) {
		dx, dy := rf(r, -110, 110)*scale, rf(r, -18, 14)*scale
		rx := rf(r, 40, 80) * scale
		cv.ellipse(x+dx, y+dy+6, rx, rx*0.55, c(200, 206, 216), 0.5)
		cv.ellipse(x+dx, y+dy, rx, rx*0.55, c(250, 250, 252), 0.9)
	}
}

func hills(cv *canvas, r *rand.Rand, horizon, amp float64, col rgb) {
	f1, f2 := rf(r, 0.002, 0.006), rf(r, 0.008, 0.015)
	p1, p2 := rf(r, 0, 6), rf(r, 0, 6)
	pts := []pt{{0, horizon + 2}}
	for x := 0.0; x <= picW; x += 16 {
		h := amp * (0.6 + 0.3*math.Sin(x*f1+p1) + 0.1*math.Sin(x*f2+p2))
		pts = append(pts, pt{x, horizon - h})
	}
	pts = append(pts, pt{picW, horizon + 2})
	cv.poly(pts, col, 1)
}

func tree(cv *canvas, r *rand.Rand, x, base, size float64) {
	if r.IntN(3) == 0 { // conifer
		cv.rect(x-size*0.06, base-size*0.3, x+size*0.06, base, c(80, 56, 38))
		g := c(44, 82, 52).shade(rf(r, 0.8, 1.15))
		for i := range 4 {
			y := base - size*0.2 - float64(i)*size*0.33
			w := size * (0.55 - float64(i)*0.1)
			cv.poly([]pt{{x - w, y}, {x, y - size*0.55}, {x + w, y}}, g.shade(1-0.05*float64(i)), 1)
		}
		return
	}
	cv.rect(x-size*0.05, base-size*0.6, x+size*0.05, base, c(92, 66, 44))
	g := pick(r, greens).shade(rf(r, 0.75, 1.0))
	cy := base - size*0.95
	for range 7 {
		dx, dy := rf(r, -0.35, 0.35)*size, rf(r, -0.3, 0.3)*size
		rad := rf(r, 0.25, 0.4) * size
		cv.ellipse(x+dx, cy+dy, rad, rad*0.9, g.shade(rf(r, 0.8, 1.1)), 1)
	}
	cv.ellipse(x+size*0.15, cy-size*0.15, size*0.22, size*0.2, g.shade(1.12), 0.6)
}

func hedge(cv *canvas, r *rand.Rand, x0, x1, y float64) {
	g := c(58, 100, 50)
	for x := x0; x < x1; x += 26 {
		cv.ellipse(x, y, 30, 26, g.shade(rf(r, 0.85, 1.1)), 1)
	}
}

// window draws a framed window with glass reflecting the sky.
func window(cv *canvas, x0, y0, x1, y1 float64, frame rgb, sk sky, cross bool) {
	cv.rect(x0, y1, x1, y1+7, c(225, 222, 214)) // sill
	cv.rect(x0, y0, x1, y1, frame)
	b := math.Max(5, (x1-x0)*0.07)
	glassTop := mix(sk.top, c(30, 40, 55), 0.45)
	glassBottom := mix(sk.bottom, c(40, 50, 60), 0.35)
	cv.vgrad(x0+b, y0+b, x1-b, y1-b, glassTop, glassBottom)
	cv.poly([]pt{{x0 + b, y1 - b}, {x0 + (x1-x0)*0.55, y0 + b}, {x0 + (x1-x0)*0.8, y0 + b}, {x0 + (x1-x0)*0.25, y1 - b}}, c(255, 255, 255), 0.12)
	if cross {
		mx := (x0 + x1) / 2
		cv.rect(mx-b/2, y0, mx+b/2, y1, frame)
		my := y0 + (y1-y0)*0.4
		cv.rect(x0, my-b/2, x1, my+b/2, frame)
	}
}

// house draws a detached family house centred on cx, standing on base.
func house(cv *canvas, r *rand.Rand, sk sky, cx, base float64) {
	w := rf(r, 520, 800)
	wallH := rf(r, 250, 330)
	x0, x1, top := cx-w/2, cx+w/2, base-wallH
	wall := pick(r, wallColours)
	roof := pick(r, roofColours)
	frame := pick(r, frameColours)
	roofH := rf(r, 150, 250)
	style := r.IntN(3)

	cv.ellipse(cx, base+8, w*0.62, 26, c(30, 40, 30), 0.25)

	// Optional garage annexe on one side.
	if r.IntN(2) == 0 {
		gw := rf(r, 180, 240)
		gx0, gx1 := x1-4, x1+gw
		if r.IntN(2) == 0 {
			gx0, gx1 = x0-gw, x0+4
		}
		gtop := base - wallH*0.55
		cv.rect(gx0, gtop, gx1, base, wall.shade(0.93))
		cv.rect(gx0-8, gtop-14, gx1+8, gtop, roof.shade(0.9))
		dx0, dx1 := gx0+(gx1-gx0)*0.14, gx1-(gx1-gx0)*0.14
		door := pick(r, doorColours[1:])
		cv.rect(dx0, gtop+22, dx1, base, door)
		for y := gtop + 40; y < base; y += 22 {
			cv.line(pt{dx0, y}, pt{dx1, y}, 2, door.shade(0.75), 1)
		}
	}

	// Chimney first: the roof covers its foot.
	chx := cx + rf(r, -0.3, 0.3)*w
	cv.rect(chx-20, top-roofH*0.85-30, chx+20, top-10, pick(r, []rgb{c(150, 80, 60), wall.shade(0.9)}))
	cv.rect(chx-25, top-roofH*0.85-38, chx+25, top-roofH*0.85-28, c(80, 80, 80))

	cv.rect(x0, top, x1, base, wall)
	if wall.r-wall.b > 60 && wall.g < 110 { // brick: mortar joints
		for y := top + 9; y < base; y += 10 {
			cv.line(pt{x0, y}, pt{x1, y}, 1.4, wall.shade(1.3), 0.35)
		}
	}
	// Side shade for depth.
	cv.rectA(x1-w*0.06, top, x1, base, c(0, 0, 0), 0.08)

	var roofPts []pt
	o := 22.0
	switch style {
	case 0: // gable facing the street
		roofPts = []pt{{x0 - o, top + 4}, {cx, top - roofH}, {x1 + o, top + 4}}
	case 1: // hip roof
		roofPts = []pt{{x0 - o, top + 4}, {x0 + w*0.2, top - roofH*0.8}, {x1 - w*0.2, top - roofH*0.8}, {x1 + o, top + 4}}
	default: // long roof with steep sides
		roofPts = []pt{{x0 - o, top + 4}, {x0 + w*0.06, top - roofH*0.75}, {x1 - w*0.06, top - roofH*0.75}, {x1 + o, top + 4}}
	}
	cv.poly(roofPts, roof, 1)
	ymin := top - roofH
	for y := ymin + 16; y < top; y += 16 {
		if a, b, ok := polyXRange(roofPts, y); ok {
			cv.line(pt{a + 3, y}, pt{b - 3, y}, 1.6, roof.shade(0.75), 0.6)
		}
	}
	cv.line(roofPts[0], roofPts[len(roofPts)-1], 8, roof.shade(0.6), 1)

	if style != 0 && r.IntN(2) == 0 { // dormer
		dx := cx + rf(r, -0.15, 0.15)*w
		dy := top - roofH*0.45
		cv.rect(dx-50, dy-45, dx+50, dy+40, wall.shade(0.95))
		cv.poly([]pt{{dx - 62, dy - 40}, {dx, dy - 90}, {dx + 62, dy - 40}}, roof.shade(0.9), 1)
		window(cv, dx-32, dy-30, dx+32, dy+30, frame, sk, true)
	}
	if style == 0 { // attic window in the gable
		window(cv, cx-40, top-roofH*0.5, cx+40, top-roofH*0.5+70, frame, sk, true)
	}

	// Windows on two floors, a door on the ground floor.
	cols := 3 + r.IntN(3)
	door := r.IntN(cols)
	cell := w / float64(cols)
	ww := cell * rf(r, 0.42, 0.55)
	wh := wallH * 0.3
	shutters := r.IntN(3) == 0
	shutter := pick(r, []rgb{c(60, 100, 80), c(70, 90, 120), c(120, 120, 115), c(130, 90, 60)})
	cross := r.IntN(2) == 0
	for i := range cols {
		mx := x0 + cell*(float64(i)+0.5)
		for fl := range 2 {
			y0 := top + wallH*0.12 + float64(fl)*wallH*0.5
			if fl == 1 && i == door {
				dw := math.Min(ww, 110)
				cv.rect(mx-dw/2-8, y0-8, mx+dw/2+8, base, frame)
				dc := pick(r, doorColours)
				cv.rect(mx-dw/2, y0, mx+dw/2, base-4, dc)
				cv.rect(mx-dw/2+12, y0+14, mx+dw/2-12, y0+60, mix(dc, sk.bottom, 0.5))
				cv.ellipse(mx+dw/2-14, (y0+base)/2+10, 4, 4, c(210, 200, 170), 1)
				cv.rect(mx-dw/2-20, base-6, mx+dw/2+20, base+6, c(190, 188, 182))
				continue
			}
			if shutters {
				cv.rect(mx-ww/2-ww*0.32, y0, mx-ww/2, y0+wh, shutter)
				cv.rect(mx+ww/2, y0, mx+ww/2+ww*0.32, y0+wh, shutter)
			}
			window(cv, mx-ww/2, y0, mx+ww/2, y0+wh, frame, sk, cross)
		}
	}

	// Path to the door, hedge, trees.
	dx := x0 + cell*(float64(door)+0.5)
	cv.poly([]pt{{dx - 45, base + 6}, {dx + 45, base + 6}, {dx + 150, picH}, {dx - 150, picH}}, c(196, 190, 178), 1)
	if r.IntN(2) == 0 {
		hedge(cv, r, 0, dx-190, base+60)
		hedge(cv, r, dx+190, picW, base+60)
	}
}

// polyXRange is the horizontal extent of a convex polygon at height y.
func polyXRange(pts []pt, y float64) (float64, float64, bool) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range pts {
		p, q := pts[i], pts[(i+1)%len(pts)]
		if (p.y <= y && q.y > y) || (q.y <= y && p.y > y) {
			x := p.x + (y-p.y)*(q.x-p.x)/(q.y-p.y)
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	return lo, hi, lo < hi
}

func drawHouse(cv *canvas, r *rand.Rand) {
	horizon := rf(r, 560, 640)
	sk := outdoor(cv, r, horizon, true)
	base := rf(r, 830, 880)
	cx := rf(r, 640, 960)
	// Trees behind and beside the house.
	for range 2 + r.IntN(3) {
		x := pick(r, []float64{rf(r, 40, cx-420), rf(r, cx+420, picW-40)})
		tree(cv, r, x, base+rf(r, -10, 40), rf(r, 200, 320))
	}
	house(cv, r, sk, cx, base)
	if r.IntN(2) == 0 {
		tree(cv, r, pick(r, []float64{rf(r, 60, 200), rf(r, 1400, 1540)}), picH-40, rf(r, 300, 380))
	}
}

// block draws a multi-storey residence; modern ones have more glass and wood.
func block(cv *canvas, r *rand.Rand, sk sky, cx, base float64, modern bool) {
	floors := 4 + r.IntN(3)
	fh := rf(r, 68, 80)
	w := rf(r, 760, 1080)
	x0, x1 := cx-w/2, cx+w/2
	top := base - float64(floors)*fh
	wall := pick(r, []rgb{c(238, 236, 230), c(214, 206, 190), c(196, 198, 200), c(230, 220, 200), c(176, 96, 70)})
	frame := pick(r, frameColours[1:2])
	if !modern {
		frame = pick(r, frameColours)
	}
	wood := c(156, 110, 72)
	cv.ellipse(cx, base+6, w*0.6, 20, c(20, 20, 20), 0.25)
	cv.rect(x0, top, x1, base, wall)
	cv.rectA(x1-w*0.05, top, x1, base, c(0, 0, 0), 0.08)
	if modern {
		// Wooden cladding bands and a set-back top floor.
		bx := x0 + w*rf(r, 0.1, 0.6)
		cv.rect(bx, top, bx+w*0.18, base, wood)
		for x := bx + 10; x < bx+w*0.18; x += 12 {
			cv.line(pt{x, top}, pt{x, base}, 1.5, wood.shade(0.8), 0.6)
		}
		cv.rect(x0+w*0.12, top-fh, x1-w*0.08, top, c(70, 72, 76))
		window(cv, x0+w*0.16, top-fh+12, x1-w*0.12, top-6, frame, sk, false)
	}
	cv.rect(x0-10, top-12, x1+10, top, wall.shade(0.8))

	cols := 5 + r.IntN(4)
	cell := w / float64(cols)
	entry := cols / 2
	for f := range floors {
		y0 := top + float64(f)*fh
		ground := f == floors-1
		for i := range cols {
			mx := x0 + cell*(float64(i)+0.5)
			ww := cell * 0.55
			if modern {
				ww = cell * 0.78
			}
			if ground && i == entry {
				cv.rect(mx-cell*0.45, y0-10, mx+cell*0.45, y0, c(60, 60, 64))
				window(cv, mx-cell*0.35, y0+8, mx+cell*0.35, base, frame, sk, true)
				continue
			}
			window(cv, mx-ww/2, y0+12, mx+ww/2, y0+fh-8, frame, sk, !modern && r.IntN(2) == 0)
			if !ground && i%2 == f%2 {
				// Balcony slab and glass railing.
				cv.rect(mx-cell*0.48, y0+fh-10, mx+cell*0.48, y0+fh-2, wall.shade(0.85))
				cv.rectA(mx-cell*0.48, y0+fh-38, mx+cell*0.48, y0+fh-10, c(190, 215, 225), 0.35)
				cv.line(pt{mx - cell*0.48, y0 + fh - 38}, pt{mx + cell*0.48, y0 + fh - 38}, 3, frame, 1)
			}
		}
	}
}

func car(cv *canvas, r *rand.Rand, x, y float64) {
	body := pick(r, []rgb{c(180, 30, 30), c(30, 60, 120), c(200, 200, 205), c(40, 40, 44), c(240, 240, 240), c(90, 110, 90)})
	cv.ellipse(x+110, y+4, 130, 14, c(0, 0, 0), 0.3)
	cv.roundRect(x, y-70, x+220, y-12, 18, body)
	cv.poly([]pt{{x + 45, y - 68}, {x + 70, y - 110}, {x + 160, y - 110}, {x + 190, y - 68}}, body, 1)
	cv.poly([]pt{{x + 58, y - 70}, {x + 76, y - 102}, {x + 154, y - 102}, {x + 176, y - 70}}, c(80, 100, 120), 1)
	cv.rect(x+112, y-102, x+118, y-70, body)
	for _, wx := range []float64{x + 50, x + 170} {
		cv.ellipse(wx, y-12, 24, 24, c(30, 30, 30), 1)
		cv.ellipse(wx, y-12, 11, 11, c(170, 170, 170), 1)
	}
}

func drawStreet(cv *canvas, r *rand.Rand, y float64) {
	cv.rect(0, y, picW, y+40, c(186, 184, 178))
	for x := 0.0; x < picW; x += 80 {
		cv.line(pt{x, y}, pt{x, y + 40}, 1.5, c(150, 148, 142), 0.6)
	}
	cv.rect(0, y+40, picW, y+50, c(150, 150, 146))
	cv.vgrad(0, y+50, picW, picH, c(92, 94, 98), c(70, 72, 76))
	for x := rf(r, 0, 100); x < picW; x += 220 {
		cv.rect(x, picH-70, x+110, picH-60, c(230, 230, 225))
	}
}

func drawApartment(cv *canvas, r *rand.Rand, modern bool) {
	horizon := rf(r, 620, 680)
	sk := outdoor(cv, r, horizon, modern)
	base := rf(r, 840, 870)
	cx := rf(r, 700, 900)
	if !modern {
		// Neighbouring buildings at the edges.
		cv.rect(-10, base-rf(r, 260, 380), cx-520, base, pick(r, wallColours).shade(0.9))
		cv.rect(cx+540, base-rf(r, 220, 340), picW+10, base, pick(r, wallColours).shade(0.9))
	}
	block(cv, r, sk, cx, base, modern)
	if modern {
		for range 3 + r.IntN(3) {
			x := pick(r, []float64{rf(r, 40, cx-260), rf(r, cx+260, picW-40)})
			tree(cv, r, x, base+rf(r, 30, 120), rf(r, 160, 240))
		}
		cv.poly([]pt{{cx - 60, base}, {cx + 60, base}, {cx + 200, picH}, {cx - 200, picH}}, c(200, 196, 188), 1)
		return
	}
	drawStreet(cv, r, base)
	tree(cv, r, rf(r, 60, 300), base+30, rf(r, 260, 340))
	car(cv, r, rf(r, 500, 1200), picH-40)
}

func drawLand(cv *canvas, r *rand.Rand) {
	horizon := rf(r, 480, 560)
	outdoor(cv, r, horizon, true)
	// Distant village on the horizon.
	for range 3 + r.IntN(5) {
		x := rf(r, 0, picW)
		w, h := rf(r, 30, 60), rf(r, 22, 36)
		cv.rect(x, horizon-h, x+w, horizon+4, pick(r, wallColours).shade(0.9))
		cv.poly([]pt{{x - 4, horizon - h}, {x + w/2, horizon - h - 20}, {x + w + 4, horizon - h}}, pick(r, roofColours), 1)
	}
	for x := rf(r, 0, 60); x < picW; x += rf(r, 40, 160) {
		cv.ellipse(x, horizon-14, rf(r, 18, 34), rf(r, 16, 26), c(60, 96, 56).shade(rf(r, 0.8, 1.1)), 1)
	}
	// Meadow stripes converging on a vanishing point.
	vx := rf(r, 500, 1100)
	g := pick(r, greens)
	n := 10
	for i := range n {
		if i%2 == 1 {
			continue
		}
		a := -800 + float64(i)*3200/float64(n)
		b := -800 + float64(i+1)*3200/float64(n)
		cv.poly([]pt{{vx, horizon + 6}, {a, picH}, {b, picH}}, g.shade(1.08), 0.5)
	}
	// Fence and a sale sign in the foreground.
	fy := rf(r, 820, 900)
	for x := 20.0; x < picW; x += 130 {
		cv.rect(x, fy-90, x+10, fy, c(120, 92, 64))
	}
	cv.line(pt{0, fy - 70}, pt{picW, fy - 70}, 2, c(90, 90, 90), 0.8)
	cv.line(pt{0, fy - 40}, pt{picW, fy - 40}, 2, c(90, 90, 90), 0.8)
	sx := rf(r, 200, 1300)
	cv.rect(sx+70, fy-250, sx+84, fy+30, c(110, 86, 60))
	cv.rect(sx, fy-330, sx+160, fy-230, c(200, 30, 40))
	cv.rect(sx+10, fy-320, sx+150, fy-240, c(250, 250, 250))
	cv.rect(sx+24, fy-300, sx+136, fy-286, c(200, 30, 40))
	cv.rect(sx+24, fy-272, sx+110, fy-262, c(60, 60, 60))
	for range 1 + r.IntN(3) {
		tree(cv, r, rf(r, 60, picW-60), horizon+rf(r, 40, 120), rf(r, 160, 240))
	}
}

func drawShop(cv *canvas, r *rand.Rand) {
	horizon := 700.0
	sk := outdoor(cv, r, horizon, false)
	base := rf(r, 860, 890)
	// Neighbours.
	cv.rect(-10, base-rf(r, 420, 560), 330, base, pick(r, wallColours))
	cv.rect(1280, base-rf(r, 380, 520), picW+10, base, pick(r, wallColours))
	for _, x := range []float64{40, 170, 1320, 1460} {
		window(cv, x, base-360, x+90, base-240, pick(r, frameColours), sk, true)
	}
	x0, x1 := 330.0, 1280.0
	top := base - rf(r, 560, 680)
	wall := pick(r, wallColours)
	cv.rect(x0, top, x1, base, wall)
	cv.rect(x0-10, top-16, x1+10, top, wall.shade(0.8))
	frame := pick(r, frameColours)
	for f := range 2 {
		y0 := top + 40 + float64(f)*150
		for i := range 5 {
			mx := x0 + (x1-x0)*(float64(i)+0.5)/5
			window(cv, mx-50, y0, mx+50, y0+120, frame, sk, true)
		}
	}
	// Shop front: sign band, awning, display windows and door.
	sy := base - 260
	brand := pick(r, []rgb{c(30, 60, 100), c(120, 30, 40), c(30, 90, 70), c(50, 50, 54), c(180, 120, 30)})
	cv.rect(x0, sy-70, x1, sy, brand)
	for x := x0 + 300; x < x1-300; x += 36 {
		cv.rect(x, sy-50, x+24, sy-20, c(245, 240, 230))
	}
	stripes := []rgb{brand, c(245, 242, 235)}
	for i := range 19 {
		ax := x0 + (x1-x0)*float64(i)/19
		bx := x0 + (x1-x0)*float64(i+1)/19
		cv.poly([]pt{{ax, sy}, {bx, sy}, {bx + (bx-805)*0.04, sy + 70}, {ax + (ax-805)*0.04, sy + 70}}, stripes[i%2], 1)
	}
	cv.rect(x0, sy+70, x1, base, c(40, 42, 46))
	glass := mix(sk.bottom, c(30, 40, 50), 0.55)
	cv.vgrad(x0+20, sy+80, 760, base-10, glass.shade(1.2), glass)
	cv.vgrad(880, sy+80, x1-20, base-10, glass.shade(1.2), glass)
	cv.vgrad(780, sy+80, 860, base, glass.shade(1.3), glass.shade(1.1))
	cv.poly([]pt{{x0 + 60, base - 10}, {x0 + 260, sy + 80}, {x0 + 330, sy + 80}, {x0 + 130, base - 10}}, c(255, 255, 255), 0.1)
	drawStreet(cv, r, base)
	for _, x := range []float64{rf(r, 80, 250), rf(r, 1350, 1520)} {
		cv.rect(x, base-380, x+8, base+30, c(50, 52, 56))
		cv.rect(x-20, base-390, x+28, base-376, c(50, 52, 56))
	}
	if r.IntN(2) == 0 {
		car(cv, r, rf(r, 200, 1100), picH-30)
	}
}

func drawGarage(cv *canvas, r *rand.Rand) {
	horizon := rf(r, 560, 620)
	sk := outdoor(cv, r, horizon, true)
	base := rf(r, 780, 830)
	// A residence behind the boxes.
	block(cv, r, sk, rf(r, 600, 1000), base-120, false)
	for range 3 {
		tree(cv, r, rf(r, 40, picW-40), base-100, rf(r, 200, 280))
	}
	n := 4 + r.IntN(3)
	w := 230.0
	x0 := (picW - float64(n)*w) / 2
	wall := pick(r, []rgb{c(200, 196, 188), c(170, 90, 64), c(220, 218, 212)})
	cv.rect(x0-20, base-230, x0+float64(n)*w+20, base, wall)
	cv.rect(x0-30, base-248, x0+float64(n)*w+30, base-230, c(80, 80, 82))
	door := pick(r, []rgb{c(200, 202, 204), c(70, 74, 80), c(150, 110, 70), c(240, 240, 238)})
	for i := range n {
		dx := x0 + float64(i)*w + 20
		cv.rect(dx, base-200, dx+w-40, base, door.shade(0.9))
		for y := base - 190; y < base; y += 26 {
			cv.line(pt{dx + 4, y}, pt{dx + w - 44, y}, 2, door.shade(0.7), 1)
		}
		cv.rect(dx+(w-40)/2-20, base-222, dx+(w-40)/2+20, base-206, c(250, 250, 250))
	}
	cv.vgrad(0, base, picW, picH, c(110, 112, 116), c(80, 82, 86))
	for i := range n + 1 {
		x := x0 + float64(i)*w
		cv.line(pt{x, base + 10}, pt{x + (x-800)*0.5, picH}, 5, c(230, 230, 225), 0.9)
	}
}
