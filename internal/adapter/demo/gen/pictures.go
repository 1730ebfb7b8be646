package main

import (
	"bytes"
	"fmt"
	"image/jpeg"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// picKind groups the pictures a listing can draw from.
type picKind string

const (
	kHouse    picKind = "house"
	kBlock    picKind = "apartment"
	kModern   picKind = "residence"
	kLand     picKind = "land"
	kShop     picKind = "shop"
	kGarage   picKind = "garage"
	kLiving   picKind = "living"
	kKitchen  picKind = "kitchen"
	kBedroom  picKind = "bedroom"
	kBathroom picKind = "bathroom"
)

// picture is one generated file of the pool.
type picture struct {
	File string
	Kind picKind
	Name string // French caption
}

// pictureSet says how many pictures of each kind to draw, with the caption
// and the drawing function.
var pictureSet = []struct {
	kind picKind
	n    int
	name string
	draw func(*canvas, *rand.Rand)
}{
	{kHouse, 10, "Façade", drawHouse},
	{kBlock, 5, "Résidence", func(cv *canvas, r *rand.Rand) { drawApartment(cv, r, false) }},
	{kModern, 3, "Vue extérieure", func(cv *canvas, r *rand.Rand) { drawApartment(cv, r, true) }},
	{kLand, 3, "Terrain", drawLand},
	{kShop, 3, "Vitrine", drawShop},
	{kGarage, 3, "Garages", drawGarage},
	{kLiving, 3, "Séjour", drawLiving},
	{kKitchen, 3, "Cuisine", drawKitchen},
	{kBedroom, 2, "Chambre", drawBedroom},
	{kBathroom, 2, "Salle de bains", drawBathroom},
}

// pool lists every picture, in generation order.
func pool() []picture {
	var out []picture
	for _, s := range pictureSet {
		for i := 1; i <= s.n; i++ {
			out = append(out, picture{File: fmt.Sprintf("%s-%02d.jpg", s.kind, i), Kind: s.kind, Name: s.name})
		}
	}
	return out
}

// byKind indexes the pool.
func byKind(pics []picture) map[picKind][]picture {
	m := map[picKind][]picture{}
	for _, p := range pics {
		m[p.Kind] = append(m[p.Kind], p)
	}
	return m
}

// sitePictures are the pictures of the site itself (site.json), not of
// listings: the home page banner and the agency logo.
var sitePictures = []struct {
	file string
	draw func() ([]byte, error)
}{
	{"banner.jpg", bannerJPEG},
	{"logo.png", logoPNG},
}

// writePictures draws every picture of the pool and the site pictures into
// dir, removing stale .jpg and .png files, and returns the number of files
// and the total size written.
func writePictures(dir string) (int, int64, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, 0, err
	}
	want := map[string]bool{}
	var total int64
	seed := uint64(1)
	for _, s := range pictureSet {
		for i := 1; i <= s.n; i++ {
			name := fmt.Sprintf("%s-%02d.jpg", s.kind, i)
			want[name] = true
			r := rand.New(rand.NewPCG(6700, seed))
			seed++
			cv := newCanvas(picW, picH)
			s.draw(cv, r)
			var buf bytes.Buffer
			if err := jpeg.Encode(&buf, cv.image(), &jpeg.Options{Quality: 80}); err != nil {
				return 0, 0, err
			}
			if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
				return 0, 0, err
			}
			total += int64(buf.Len())
		}
	}
	for _, p := range sitePictures {
		want[p.file] = true
		data, err := p.draw()
		if err != nil {
			return 0, 0, fmt.Errorf("%s: %w", p.file, err)
		}
		if err := os.WriteFile(filepath.Join(dir, p.file), data, 0o644); err != nil {
			return 0, 0, err
		}
		total += int64(len(data))
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, 0, err
	}
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if (ext == ".jpg" || ext == ".png") && !want[e.Name()] {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				return 0, 0, err
			}
		}
	}
	return len(want), total, nil
}
