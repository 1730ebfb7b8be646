package main

import "math/rand/v2"

// room is a one-point-perspective interior. Room coordinates: X 0..1 from
// the left wall to the right wall, Y 0..1 from the floor to the ceiling,
// Z 0..1 from the picture plane to the back wall.
type room struct {
	cv     *canvas
	r      *rand.Rand
	vx, vy float64 // vanishing point
	k      float64 // scale of the back wall
}

func (rm *room) p(x, y, z float64) pt {
	s := 1 / (1 + z*(1/rm.k-1))
	return pt{rm.vx + (x*picW-rm.vx)*s, rm.vy + ((1-y)*picH-rm.vy)*s}
}

func (rm *room) eye() float64 { return 1 - rm.vy/picH }

// quad fills the projection of four room points.
func (rm *room) quad(a, b, c, d [3]float64, col rgb, alpha float64) {
	rm.cv.poly([]pt{rm.p(a[0], a[1], a[2]), rm.p(b[0], b[1], b[2]), rm.p(c[0], c[1], c[2]), rm.p(d[0], d[1], d[2])}, col, alpha)
}

// box draws an axis-aligned box with its visible faces shaded.
func (rm *room) box(x0, x1, y0, y1, z0, z1 float64, col rgb) {
	if x0*picW > rm.vx {
		rm.quad([3]float64{x0, y0, z0}, [3]float64{x0, y0, z1}, [3]float64{x0, y1, z1}, [3]float64{x0, y1, z0}, col.shade(0.82), 1)
	}
	if x1*picW < rm.vx {
		rm.quad([3]float64{x1, y0, z0}, [3]float64{x1, y0, z1}, [3]float64{x1, y1, z1}, [3]float64{x1, y1, z0}, col.shade(0.82), 1)
	}
	if y1 < rm.eye() {
		rm.quad([3]float64{x0, y1, z0}, [3]float64{x1, y1, z0}, [3]float64{x1, y1, z1}, [3]float64{x0, y1, z1}, col.shade(1.08), 1)
	}
	if y0 > rm.eye() {
		rm.quad([3]float64{x0, y0, z0}, [3]float64{x1, y0, z0}, [3]float64{x1, y0, z1}, [3]float64{x0, y0, z1}, col.shade(0.7), 1)
	}
	rm.quad([3]float64{x0, y0, z0}, [3]float64{x1, y0, z0}, [3]float64{x1, y1, z0}, [3]float64{x0, y1, z0}, col, 1)
}

var (
	roomWalls = []rgb{c(240, 236, 228), c(222, 214, 200), c(200, 210, 196), c(206, 214, 222), c(232, 224, 212), c(214, 160, 130)}
	woods     = []rgb{c(196, 156, 110), c(170, 126, 84), c(120, 84, 56), c(206, 178, 140)}
	fabrics   = []rgb{c(120, 126, 134), c(70, 90, 120), c(186, 172, 150), c(60, 100, 90), c(150, 70, 60), c(220, 214, 200)}
)

// shell draws walls, ceiling, floor and a window; it returns the room.
func shell(cv *canvas, r *rand.Rand, wall, floor rgb, planks bool) *room {
	rm := &room{cv: cv, r: r, vx: rf(r, 0.42, 0.58) * picW, vy: rf(r, 0.44, 0.52) * picH, k: rf(r, 0.58, 0.66)}
	cv.rect(0, 0, picW, picH, wall)
	rm.quad([3]float64{0, 1, 0}, [3]float64{1, 1, 0}, [3]float64{1, 1, 1}, [3]float64{0, 1, 1}, c(246, 246, 244), 1)
	rm.quad([3]float64{0, 0, 0}, [3]float64{0, 0, 1}, [3]float64{0, 1, 1}, [3]float64{0, 1, 0}, wall.shade(0.9), 1)
	rm.quad([3]float64{1, 0, 0}, [3]float64{1, 0, 1}, [3]float64{1, 1, 1}, [3]float64{1, 1, 0}, wall.shade(0.86), 1)
	rm.quad([3]float64{0, 0, 0}, [3]float64{1, 0, 0}, [3]float64{1, 0, 1}, [3]float64{0, 0, 1}, floor, 1)
	// Darker toward the back of the floor.
	rm.quad([3]float64{0, 0, 0.6}, [3]float64{1, 0, 0.6}, [3]float64{1, 0, 1}, [3]float64{0, 0, 1}, c(0, 0, 0), 0.06)
	if planks {
		for i := 1; i < 14; i++ {
			x := float64(i) / 14
			a, b := rm.p(x, 0, 1), rm.p(x, 0, 0)
			cv.line(a, b, 1.5, floor.shade(0.8), 0.6)
		}
	} else {
		for z := 0.1; z < 1; z += 0.12 {
			cv.line(rm.p(0, 0, z), rm.p(1, 0, z), 1.5, floor.shade(0.85), 0.7)
		}
		for i := 1; i < 8; i++ {
			x := float64(i) / 8
			cv.line(rm.p(x, 0, 1), rm.p(x, 0, 0), 1.5, floor.shade(0.85), 0.7)
		}
	}
	// Skirting boards.
	rm.quad([3]float64{0, 0, 1}, [3]float64{1, 0, 1}, [3]float64{1, 0.04, 1}, [3]float64{0, 0.04, 1}, c(250, 250, 248), 1)
	rm.quad([3]float64{0, 0, 0}, [3]float64{0, 0, 1}, [3]float64{0, 0.04, 1}, [3]float64{0, 0.04, 0}, c(236, 236, 234), 1)
	rm.quad([3]float64{1, 0, 0}, [3]float64{1, 0, 1}, [3]float64{1, 0.04, 1}, [3]float64{1, 0.04, 0}, c(230, 230, 228), 1)
	return rm
}

// sideWindow puts a window with a view on the left or right wall.
func (rm *room) sideWindow(left bool, z0, z1, y0, y1 float64) {
	x := 1.0
	if left {
		x = 0
	}
	sk := pick(rm.r, skies)
	rm.quad([3]float64{x, y0 - 0.02, z0 - 0.02}, [3]float64{x, y0 - 0.02, z1 + 0.02}, [3]float64{x, y1 + 0.02, z1 + 0.02}, [3]float64{x, y1 + 0.02, z0 - 0.02}, c(250, 250, 250), 1)
	mid := y0 + (y1-y0)*0.35
	rm.quad([3]float64{x, mid, z0}, [3]float64{x, mid, z1}, [3]float64{x, y1, z1}, [3]float64{x, y1, z0}, mix(sk.top, sk.bottom, 0.5), 1)
	rm.quad([3]float64{x, y0, z0}, [3]float64{x, y0, z1}, [3]float64{x, mid, z1}, [3]float64{x, mid, z0}, c(110, 150, 90), 1)
	zm := (z0 + z1) / 2
	rm.quad([3]float64{x, y0, zm - 0.008}, [3]float64{x, y0, zm + 0.008}, [3]float64{x, y1, zm + 0.008}, [3]float64{x, y1, zm - 0.008}, c(250, 250, 250), 1)
	// Light falling on the floor.
	fx := 0.35
	if left {
		fx = 0.65
	}
	rm.quad([3]float64{x, 0, z0}, [3]float64{x, 0, z1}, [3]float64{fx, 0, z1 - 0.1}, [3]float64{fx, 0, z0 - 0.1}, c(255, 250, 230), 0.12)
}

// backWindow puts a large window with a view on the back wall.
func (rm *room) backWindow(x0, x1, y0, y1 float64) {
	sk := pick(rm.r, skies)
	rm.box(x0-0.015, x1+0.015, y0-0.02, y1+0.02, 0.995, 1, c(250, 250, 250))
	a, b := rm.p(x0, y1, 1), rm.p(x1, y0, 1)
	rm.cv.vgrad(a.x, a.y, b.x, b.y, sk.top, sk.bottom)
	h := b.y - a.y
	rm.cv.rect(a.x, a.y+h*0.62, b.x, b.y, c(104, 146, 84))
	rm.cv.ellipse(a.x+(b.x-a.x)*0.3, a.y+h*0.6, (b.x-a.x)*0.2, h*0.16, c(70, 110, 64), 1)
	rm.cv.ellipse(a.x+(b.x-a.x)*0.8, a.y+h*0.58, (b.x-a.x)*0.16, h*0.2, c(60, 100, 60), 1)
	m := (a.x + b.x) / 2
	rm.cv.rect(m-4, a.y, m+4, b.y, c(250, 250, 250))
}

func (rm *room) frame(x0, x1, y0, y1 float64) {
	rm.box(x0, x1, y0, y1, 0.99, 1, c(40, 40, 40))
	a, b := rm.p(x0+0.01, y1-0.015, 0.99), rm.p(x1-0.01, y0+0.015, 0.99)
	rm.cv.rect(a.x, a.y, b.x, b.y, pick(rm.r, fabrics).shade(1.3))
	rm.cv.ellipse((a.x+b.x)/2, (a.y+b.y)/2, (b.x-a.x)*0.25, (b.y-a.y)*0.25, pick(rm.r, fabrics), 1)
}

func (rm *room) plant(x, z float64) {
	rm.box(x-0.025, x+0.025, 0, 0.1, z-0.02, z+0.02, c(190, 110, 80))
	top := rm.p(x, 0.1, z)
	g := pick(rm.r, greens)
	s := 1 / (1 + z*(1/rm.k-1))
	for range 6 {
		rm.cv.ellipse(top.x+rf(rm.r, -40, 40)*s, top.y-rf(rm.r, 30, 140)*s, 34*s, 44*s, g.shade(rf(rm.r, 0.8, 1.1)), 1)
	}
}

func drawLiving(cv *canvas, r *rand.Rand) {
	rm := shell(cv, r, pick(r, roomWalls), pick(r, woods), true)
	if r.IntN(2) == 0 {
		rm.backWindow(0.58, 0.9, 0.3, 0.85)
		rm.frame(0.14, 0.4, 0.45, 0.72)
	} else {
		rm.sideWindow(r.IntN(2) == 0, 0.35, 0.8, 0.3, 0.85)
		rm.frame(0.38, 0.62, 0.45, 0.7)
	}
	// Rug, sofa, coffee table, lamp, plant.
	rug := pick(r, fabrics).shade(1.2)
	rm.quad([3]float64{0.22, 0, 0.35}, [3]float64{0.78, 0, 0.35}, [3]float64{0.78, 0, 0.85}, [3]float64{0.22, 0, 0.85}, rug, 1)
	fab := pick(r, fabrics)
	rm.box(0.26, 0.74, 0.0, 0.2, 0.86, 0.95, fab.shade(0.9))
	rm.box(0.26, 0.74, 0.0, 0.11, 0.74, 0.86, fab)
	rm.box(0.25, 0.29, 0.0, 0.15, 0.74, 0.95, fab.shade(0.95))
	rm.box(0.71, 0.75, 0.0, 0.15, 0.74, 0.95, fab.shade(0.95))
	for _, x := range []float64{0.32, 0.6} {
		rm.box(x, x+0.08, 0.11, 0.2, 0.84, 0.86, pick(r, fabrics).shade(1.1))
	}
	wood := pick(r, woods)
	for _, x := range []float64{0.38, 0.61} {
		for _, z := range []float64{0.48, 0.6} {
			rm.box(x, x+0.01, 0, 0.1, z, z+0.01, wood.shade(0.7))
		}
	}
	rm.box(0.37, 0.63, 0.1, 0.12, 0.47, 0.62, wood)
	rm.box(0.84, 0.86, 0, 0.6, 0.8, 0.82, c(40, 40, 40))
	rm.box(0.8, 0.9, 0.6, 0.7, 0.78, 0.84, c(240, 232, 210))
	rm.plant(0.12, 0.7)
}

func drawKitchen(cv *canvas, r *rand.Rand) {
	rm := shell(cv, r, pick(r, roomWalls), pick(r, []rgb{c(200, 198, 192), c(120, 120, 122), c(196, 156, 110)}), r.IntN(2) == 0)
	front := pick(r, []rgb{c(245, 245, 242), c(60, 64, 70), c(110, 130, 120), c(196, 156, 110), c(30, 50, 80)})
	top := pick(r, []rgb{c(230, 228, 222), c(40, 40, 42), c(170, 160, 150)})
	rm.sideWindow(r.IntN(2) == 0, 0.45, 0.8, 0.4, 0.85)
	// Back run of cabinets with worktop, splashback, wall units and hood.
	rm.box(0.1, 0.9, 0, 0.34, 0.9, 1, front)
	rm.box(0.1, 0.9, 0.34, 0.36, 0.89, 1, top)
	rm.box(0.1, 0.9, 0.36, 0.58, 0.995, 1, top.shade(1.1))
	rm.box(0.1, 0.42, 0.58, 0.86, 0.93, 1, front)
	rm.box(0.58, 0.9, 0.58, 0.86, 0.93, 1, front)
	rm.box(0.45, 0.55, 0.62, 0.86, 0.94, 1, c(180, 182, 184))
	for x := 0.2; x < 0.9; x += 0.1 {
		cv.line(rm.p(x, 0.02, 0.9), rm.p(x, 0.32, 0.9), 2, front.shade(0.8), 1)
	}
	// Island and stools.
	rm.box(0.3, 0.7, 0, 0.34, 0.45, 0.62, front.shade(0.95))
	rm.box(0.28, 0.72, 0.34, 0.37, 0.44, 0.63, top)
	for _, x := range []float64{0.36, 0.5, 0.64} {
		rm.box(x-0.005, x+0.005, 0, 0.26, 0.36, 0.37, c(40, 40, 40))
		rm.box(x-0.04, x+0.04, 0.26, 0.28, 0.33, 0.4, pick(r, fabrics))
		a, b := rm.p(x, 1, 0.55), rm.p(x, 0.72, 0.55)
		cv.line(a, b, 2, c(40, 40, 40), 1)
		cv.ellipse(b.x, b.y, 30, 18, c(40, 40, 40), 1)
	}
	rm.plant(0.86, 0.4)
}

func drawBedroom(cv *canvas, r *rand.Rand) {
	rm := shell(cv, r, pick(r, roomWalls), pick(r, woods), true)
	if r.IntN(2) == 0 {
		rm.sideWindow(r.IntN(2) == 0, 0.3, 0.75, 0.3, 0.85)
	} else {
		rm.backWindow(0.72, 0.92, 0.3, 0.85)
	}
	fab := pick(r, fabrics)
	rm.box(0.3, 0.7, 0, 0.5, 0.95, 1, fab.shade(0.8))
	rm.box(0.31, 0.69, 0, 0.16, 0.55, 0.95, c(240, 238, 232))
	rm.box(0.3, 0.7, 0.06, 0.19, 0.55, 0.82, fab.shade(1.2))
	rm.box(0.34, 0.48, 0.16, 0.24, 0.86, 0.93, c(250, 250, 250))
	rm.box(0.52, 0.66, 0.16, 0.24, 0.86, 0.93, c(250, 250, 250))
	wood := pick(r, woods)
	for _, x := range []float64{0.2, 0.72} {
		rm.box(x, x+0.08, 0, 0.18, 0.9, 0.99, wood)
		rm.box(x+0.03, x+0.05, 0.18, 0.28, 0.94, 0.96, c(60, 60, 60))
		rm.box(x+0.015, x+0.065, 0.28, 0.35, 0.93, 0.97, c(240, 230, 206))
	}
	rm.frame(0.38, 0.62, 0.6, 0.8)
	rm.quad([3]float64{0.2, 0, 0.25}, [3]float64{0.8, 0, 0.25}, [3]float64{0.8, 0, 0.55}, [3]float64{0.2, 0, 0.55}, pick(r, fabrics).shade(1.3), 1)
}

func drawBathroom(cv *canvas, r *rand.Rand) {
	tile := pick(r, []rgb{c(236, 236, 232), c(200, 204, 206), c(214, 200, 180), c(170, 190, 196)})
	rm := shell(cv, r, tile, pick(r, []rgb{c(120, 120, 122), c(180, 176, 170), c(90, 90, 94)}), false)
	for y := 0.1; y < 1; y += 0.1 {
		cv.line(rm.p(0, y, 1), rm.p(1, y, 1), 1.5, tile.shade(0.85), 0.7)
		cv.line(rm.p(0, y, 0), rm.p(0, y, 1), 1.5, tile.shade(0.8), 0.7)
		cv.line(rm.p(1, y, 0), rm.p(1, y, 1), 1.5, tile.shade(0.8), 0.7)
	}
	for x := 0.1; x < 1; x += 0.1 {
		cv.line(rm.p(x, 0, 1), rm.p(x, 1, 1), 1.5, tile.shade(0.85), 0.7)
	}
	// Bath along the back wall, vanity with mirror on the side.
	rm.box(0.1, 0.62, 0, 0.22, 0.8, 1, c(250, 250, 250))
	rm.box(0.13, 0.59, 0.2, 0.22, 0.83, 0.97, c(210, 225, 232))
	rm.box(0.3, 0.32, 0.22, 0.4, 0.97, 0.99, c(190, 190, 192))
	vanity := pick(r, woods)
	rm.box(0.7, 0.95, 0.1, 0.32, 0.4, 0.7, vanity)
	rm.box(0.69, 0.96, 0.32, 0.35, 0.39, 0.71, c(245, 245, 245))
	rm.box(0.99, 1, 0.45, 0.85, 0.42, 0.68, c(200, 214, 222))
	rm.box(0.8, 0.82, 0.35, 0.44, 0.54, 0.56, c(190, 190, 192))
	rm.box(0.68, 0.72, 0.5, 0.72, 0.74, 0.78, pick(r, fabrics).shade(1.2))
	rm.plant(0.08, 0.5)
}
