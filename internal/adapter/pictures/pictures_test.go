package pictures_test

import (
	"errors"
	"slices"
	"testing"
	"testing/fstest"

	"immo/internal/adapter/pictures"
)

func TestPick(t *testing.T) {
	for _, c := range []struct{ asked, want int }{
		{-5, 100}, {0, 100}, {1, 100}, {99, 100}, {100, 100},
		{101, 400}, {399, 400}, {400, 400},
		{401, 600}, {599, 600}, {600, 600},
		{601, 800}, {799, 800}, {800, 800},
		{801, 1360}, {1359, 1360}, {1360, 1360},
		{1361, 1920}, {1919, 1920}, {1920, 1920},
		{1921, 1920}, {4000, 1920}, {1 << 40, 1920},
	} {
		if got := pictures.Pick(c.asked); got != c.want {
			t.Errorf("Pick(%d) = %d, want %d", c.asked, got, c.want)
		}
	}
}

func TestTargets(t *testing.T) {
	for _, c := range []struct {
		original int
		want     []int
	}{
		{4000, []int{100, 400, 600, 800, 1360, 1920}},
		{1921, []int{100, 400, 600, 800, 1360, 1920}},
		{1920, []int{100, 400, 600, 800, 1360, 1920}},
		{1600, []int{100, 400, 600, 800, 1360, 1600}},
		{1360, []int{100, 400, 600, 800, 1360}},
		{1000, []int{100, 400, 600, 800, 1000}},
		{800, []int{100, 400, 600, 800}},
		{600, []int{100, 400, 600}},
		{401, []int{100, 400, 401}},
		{100, []int{100}},
		{80, []int{80}},
		{0, nil},
	} {
		if got := pictures.Targets(c.original); !slices.Equal(got, c.want) {
			t.Errorf("Targets(%d) = %v, want %v", c.original, got, c.want)
		}
	}
}

func TestHeightFor(t *testing.T) {
	for _, c := range []struct{ width, ow, oh, want int }{
		{400, 1600, 1067, 267}, // 266.75 rounds up
		{100, 1600, 1067, 67},
		{1360, 1600, 1067, 907},
		{1600, 1600, 1067, 1067},
		{100, 1920, 800, 42},
		{100, 10000, 10, 1}, // never 0
		{100, 0, 100, 0},
	} {
		if got := pictures.HeightFor(c.width, c.ow, c.oh); got != c.want {
			t.Errorf("HeightFor(%d, %d×%d) = %d, want %d", c.width, c.ow, c.oh, got, c.want)
		}
	}
}

func TestVariable(t *testing.T) {
	for src, want := range map[string]bool{
		"/pictures/demo/house-01.jpg": true, "/pictures/demo/HOUSE.JPEG": true,
		"/pictures/demo/logo.png": false, "/pictures/demo/x.webp": false, "/pictures/demo/jpg": false,
	} {
		if got := pictures.Variable(src); got != want {
			t.Errorf("Variable(%s) = %v", src, got)
		}
	}
}

func TestFSOpener(t *testing.T) {
	fsys := fstest.MapFS{"a.jpg": {Data: []byte("A")}, "sub/b.jpg": {Data: []byte("B")}}
	open := pictures.FSOpener("/pictures/demo/", fsys)
	if b, err := open("/pictures/demo/a.jpg"); err != nil || string(b) != "A" {
		t.Errorf("a.jpg: %q, %v", b, err)
	}
	if b, err := open("/pictures/demo/sub/b.jpg"); err != nil || string(b) != "B" {
		t.Errorf("sub/b.jpg: %q, %v", b, err)
	}
	for _, src := range []string{
		"/pictures/demo/missing.jpg", "/pictures/demo/", "/pictures/demo/sub", "/pictures/demo/../demo/a.jpg",
		"/pictures/demo//a.jpg", "/pictures/demo/./a.jpg", "/pictures/other/a.jpg", "https://cdn.example/a.jpg", "",
	} {
		if b, err := open(src); err == nil || (!errors.Is(err, pictures.ErrUnknownSource) && src != "/pictures/demo/sub") {
			t.Errorf("%q: %q, %v; want ErrUnknownSource", src, b, err)
		}
	}
}
