package catalog

import (
	"slices"
	"testing"
)

// The pictures come card pictures first (properties, then projects), then
// the galleries: the order the picture worker makes them in.
func TestEmbeddedOrder(t *testing.T) {
	c := &Catalog{
		Properties: []Property{
			{ID: 1, SmallPictureItem: Picture{Url: "p1-small"}, XLargePictureItem: Picture{Url: "p1-large"},
				Pictures: []Picture{{Url: "p1-a"}, {Url: "p1-b"}}, VirtualTour: "https://tour.example/1"},
			{ID: 2, SmallPictureItem: Picture{Url: "p2-small"}, XLargePictureItem: Picture{Url: "p2-large"},
				Pictures: []Picture{{Url: "p2-a"}}},
		},
		Projects: []Project{
			{ID: 3, SmallPictureItem: Picture{Url: "j3-small"}, XLargePictureItem: Picture{Url: "j3-large"},
				Pictures: []Picture{{Url: "j3-a"}}},
		},
	}
	e := NewIndex(c, 1).Embedded()
	want := []string{"p1-small", "p1-large", "p2-small", "p2-large", "j3-small", "j3-large", "p1-a", "p1-b", "p2-a", "j3-a"}
	if !slices.Equal(e.Pictures, want) {
		t.Errorf("pictures %v, want %v", e.Pictures, want)
	}
	if !slices.Equal(e.Tours, []string{"https://tour.example/1"}) {
		t.Errorf("tours %v", e.Tours)
	}
}
